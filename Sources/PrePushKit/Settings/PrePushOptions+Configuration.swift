import ErrorLintSettings
import Foundation
import PreflightCore
import TodoScanKit

extension PrePushOptions {
    /// The settings of the tools prepush runs as steps: their sections of a configuration file are
    /// checked whenever prepush reads its own, before anything is built.
    package static let stepSettings: [any ToolSettings.Type] = [TodoScanOptions.self, ErrorLintOptions.self]
    /// Every section a check reads: prepush's and its steps'.
    package static let checkedSettings: [any ToolSettings.Type] = [
        PrePushOptions.self, TodoScanOptions.self, ErrorLintOptions.self,
    ]

    /// The keys the `prepush` section of `.preflight.json` accepts.
    package static let configurationKeys: Set<String> = [
        "minCoverage", "minDiffCoverage", "since", "diffBase", "relevantPaths", "testArguments", "configuration",
        "todoscan",
        "errorlint", "isolated", "content", "allFindings", "steps", "backend", "workspace", "project", "scheme",
        "destination", "testPlan", "onlyTesting", "skipTesting", "packages", "excludePackages", "keepGoing",
        "affectedTests", "coverageExclude", "cacheKeyEnvironment", "coverageReports", "report", "stepTimeout",
    ]

    /// Applies the `prepush` section of the configuration file. Unknown keys, wrong types and
    /// impossible values are errors naming the key and the file.
    package mutating func apply(_ section: ConfigurationSection) throws(ConfigurationError) {
        try section.checkKeys(Self.configurationKeys)
        func percentage(_ key: String) throws(ConfigurationError) -> Double? {
            guard let value = try section.number(key) else { return nil }
            guard (0...100).contains(value) else {
                throw .invalidValue(
                    key: key, section: section.name, value: "\(value)", detail: "A percentage is from 0 to 100.",
                    path: section.path)
            }
            return value
        }
        if section.isObject("minCoverage") {
            try applyCoverageMinimums(section)
        } else if let value = try percentage("minCoverage") {
            coverageMinimums = CoverageMinimums(total: value)
        }
        if let value = try section.strings("coverageExclude") { coverageExclude = value }
        if let value = try section.strings("cacheKeyEnvironment") { cacheKeyEnvironment = value }
        if let value = try section.stringMap("coverageReports") {
            coverageReports = []
            for (name, path) in value.sorted(by: { $0.key < $1.key }) {
                guard let format = CoverageExportFormat(rawValue: name), !path.isEmpty else {
                    throw .invalidValue(
                        key: "coverageReports", section: section.name, value: "\(name): \(path)",
                        detail:
                            "Each key is a format (\(CoverageExportFormat.allCases.map(\.rawValue).joined(separator: ", "))) "
                            + "and its value the file to write.", path: section.path)
                }
                coverageReports.append(CoverageExportRequest(format: format, path: path))
            }
        }
        if let value = try section.stringMap("report") {
            for name in value.keys.sorted() {
                guard name == "json", let path = value[name], !path.isEmpty else {
                    throw .invalidValue(
                        key: "report", section: section.name, value: name,
                        detail: "The run record's format is json: {\"json\": \"path\"}.", path: section.path)
                }
                runReportPath = path
            }
        }
        if let value = try percentage("minDiffCoverage") { minimumDiffCoverage = value }
        // `since`, as todoscan and errorlint call it; `diffBase` is its old name, still read.
        if let value = try section.string("diffBase") { diffBase = value }
        if let value = try section.string("since") {
            if let old = diffBase, old != value {
                throw .invalidValue(
                    key: "diffBase", section: section.name, value: old,
                    detail: "\"diffBase\" is the old name of \"since\", which says '\(value)'; keep only \"since\".",
                    path: section.path)
            }
            diffBase = value
        }
        if let value = try section.strings("relevantPaths") { relevantPaths = value }
        if let value = try section.strings("testArguments") { testArguments = value }
        if let value = try section.string("configuration") {
            guard ["debug", "release"].contains(value) else {
                throw .invalidValue(
                    key: "configuration", section: section.name, value: value,
                    detail: "SwiftPM's configurations are debug and release.", path: section.path)
            }
            configuration = value
        }
        if let value = try section.bool("todoscan") { runsTodoscan = value }
        if let value = try section.bool("errorlint") { runsErrorlint = value }
        if let value = try section.bool("isolated") { isolated = value }
        if let value = try section.bool("allFindings") { showsAllFindings = value }
        if let value = try section.strings("packages") { packages = value }
        if let value = try section.strings("excludePackages") { excludedPackages = value }
        if let value = try section.bool("keepGoing") { keepsGoing = value }
        if let text = try? section.string("affectedTests") {
            // "hook", what --print-config shows for the default: on in hook runs, off by hand.
            guard text == "hook" else {
                throw .invalidValue(
                    key: "affectedTests", section: section.name, value: text,
                    detail: "true, false, or \"hook\" (the default: in hook runs only).", path: section.path)
            }
            affectedTests = nil
        } else if let value = try section.bool("affectedTests") {
            affectedTests = value
        }
        if let value = try section.string("content") {
            guard let content = CheckedContent(rawValue: value) else {
                throw .invalidValue(
                    key: "content", section: section.name, value: value,
                    detail: "What is checked: pushed (the default), isolated or work-tree.", path: section.path)
            }
            checkedContent = content
        }
        try applyBackend(section)
        if let value = try Self.seconds("stepTimeout", in: section) { stepTimeout = value }
        if let steps = try section.sections("steps") {
            extraSteps = []
            for step in steps {
                try step.checkKeys(["name", "run", "timeout"])
                guard let name = try step.string("name"), !name.isEmpty else {
                    throw .invalidValue(
                        key: "name", section: step.name, value: "", detail: "Every step needs a name.",
                        path: step.path)
                }
                guard let run = try step.strings("run"), !run.isEmpty, !run[0].isEmpty else {
                    throw .invalidValue(
                        key: "run", section: step.name, value: "",
                        detail: "A step runs an argument vector, [\"executable\", \"argument\", …]; it is not empty.",
                        path: step.path)
                }
                extraSteps.append(ExtraStep(name: name, run: run, timeout: try Self.seconds("timeout", in: step)))
            }
        }
    }

    /// A timeout key: a positive number of seconds.
    private static func seconds(
        _ key: String, in section: ConfigurationSection
    ) throws(ConfigurationError)
        -> Double?
    {
        guard let value = try section.number(key) else { return nil }
        guard value.isFinite, value > 0, value <= StepTimeout.longest else {
            throw .invalidValue(
                key: key, section: section.name, value: "\(value)",
                detail: "A timeout is a positive number of seconds, at most \(Int(StepTimeout.longest)) (a year).",
                path: section.path)
        }
        return value
    }

    /// `minCoverage` as an object: `total`, target names and file globs, each a percentage.
    private mutating func applyCoverageMinimums(_ section: ConfigurationSection) throws(ConfigurationError) {
        let object = try section.numberMap("minCoverage") ?? [:]
        for (key, value) in object.sorted(by: { $0.key < $1.key }) where !(0...100).contains(value) {
            throw .invalidValue(
                key: "minCoverage", section: section.name, value: "\(key): \(value)",
                detail: "A percentage is from 0 to 100.", path: section.path)
        }
        coverageMinimums = CoverageMinimums(keyed: object)
    }

    /// The build-system keys: `backend`, and xcodebuild's `workspace` or `project`, `scheme`,
    /// `destination`, `testPlan`, `onlyTesting`, `skipTesting`.
    private mutating func applyBackend(_ section: ConfigurationSection) throws(ConfigurationError) {
        if let value = try section.string("backend") {
            guard let kind = BuildBackend.Kind(rawValue: value) else {
                throw .invalidValue(
                    key: "backend", section: section.name, value: value,
                    detail: "The build system: auto (the default), swiftpm or xcodebuild.", path: section.path)
            }
            backend.kind = kind
        }
        let workspace = try section.string("workspace")
        let project = try section.string("project")
        if let workspace, project != nil {
            throw .invalidValue(
                key: "project", section: section.name, value: project ?? "",
                detail: "xcodebuild builds a workspace or a project; \"workspace\" is '\(workspace)' already.",
                path: section.path)
        }
        if let workspace { backend.container = .workspace(workspace) }
        if let project { backend.container = .project(project) }
        if let value = try section.string("scheme") { backend.scheme = value }
        if let value = try section.string("destination") { backend.destination = value }
        if let value = try section.string("testPlan") { backend.tests.testPlan = value }
        if let value = try section.strings("onlyTesting") { backend.tests.onlyTesting = value }
        if let value = try section.strings("skipTesting") { backend.tests.skipTesting = value }
    }

    /// The effective settings as the configuration file would spell them (`--print-config`);
    /// settings with no value are `null`.
    package var effectiveConfiguration: String {
        Self.json(["prepush": effectiveSettings])
    }

    /// JSON as `--print-config` prints it: sorted keys, indented.
    package static func json(_ object: [String: Any]) -> String {
        let data = try? JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return (data.map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }

    /// The effective settings as the `prepush` section's keys and values.
    package var effectiveSettings: [String: Any] {
        var workspace: String?
        var project: String?
        switch backend.container {
        case .workspace(let path): workspace = path
        case .project(let path): project = path
        case .package, nil: break
        }
        let object: [String: Any] = [
            "minCoverage": coverageMinimums.configurationValue,
            "coverageExclude": coverageExclude, "cacheKeyEnvironment": cacheKeyEnvironment,
            "coverageReports": Dictionary(uniqueKeysWithValues: coverageReports.map { ($0.format.rawValue, $0.path) }),
            "report": runReportPath.map { ["json": $0] as Any } ?? NSNull(),
            "minDiffCoverage": minimumDiffCoverage.map { $0 as Any } ?? NSNull(),
            "since": diffBase.map { $0 as Any } ?? NSNull(),
            "relevantPaths": relevantPaths, "testArguments": testArguments, "configuration": configuration,
            "todoscan": runsTodoscan, "errorlint": runsErrorlint.map { $0 as Any } ?? NSNull(), "isolated": isolated,
            "content": checkedContent.rawValue, "allFindings": showsAllFindings,
            "steps": extraSteps.map { step in
                ["name": step.name, "run": step.run, "timeout": step.timeout.map { $0 as Any } ?? NSNull()]
                    as [String: Any]
            },
            "stepTimeout": stepTimeout.map { $0 as Any } ?? NSNull(),
            "backend": backend.kind.rawValue, "workspace": workspace.map { $0 as Any } ?? NSNull(),
            "project": project.map { $0 as Any } ?? NSNull(), "scheme": backend.scheme.map { $0 as Any } ?? NSNull(),
            "destination": backend.destination.map { $0 as Any } ?? NSNull(),
            "testPlan": backend.tests.testPlan.map { $0 as Any } ?? NSNull(),
            "onlyTesting": backend.tests.onlyTesting, "skipTesting": backend.tests.skipTesting,
            "packages": packages.map { $0 as Any } ?? NSNull(), "excludePackages": excludedPackages,
            "keepGoing": keepsGoing, "affectedTests": affectedTests.map { $0 as Any } ?? "hook",
        ]
        return object
    }
}
