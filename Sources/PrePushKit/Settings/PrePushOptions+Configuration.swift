import ErrorLintSettings
import Foundation
import PreflightCore
import TodoScanKit

extension PrePushOptions {
    /// The settings of the tools prepush runs as steps: their sections of a configuration file are
    /// checked whenever prepush reads its own, before anything is built.
    static let stepSettings: [any ToolSettings.Type] = [TodoScanOptions.self, ErrorLintOptions.self]
    /// Every section a check reads: prepush's and its steps'.
    static let checkedSettings: [any ToolSettings.Type] = [
        PrePushOptions.self, TodoScanOptions.self, ErrorLintOptions.self,
    ]

    /// The keys the `prepush` section of `.preflight.json` accepts.
    static var configurationKeys: Set<String> { Set(keys.map(\.key)) }

    /// SwiftPM's build configurations (`-c`).
    package static let buildConfigurations = ["debug", "release"]

    /// Every key of the `prepush` section, in the order they are read (`content` after
    /// `isolated`, which it overrides; `since` after `diffBase`, its old name).
    static let keys: [PrePushSetting] = [
        PrePushSetting(
            "minCoverage",
            read: { (section, options) throws(ConfigurationError) in
                if section.isObject("minCoverage") {
                    options.coverageMinimums = try coverageMinimums(section)
                } else if let value = try percentage(section, "minCoverage") {
                    options.coverageMinimums = CoverageMinimums(total: value)
                }
            }, show: { $0.coverageMinimums.configurationValue }),
        .field("coverageExclude", \.coverageExclude, strings),
        .field("cacheKeyEnvironment", \.cacheKeyEnvironment, strings),
        .optional("trustedVerifiers", \.trustedVerifiers, string),
        PrePushSetting(
            "coverageReports",
            read: { (section, options) throws(ConfigurationError) in
                if let reports = try coverageReports(section, "coverageReports") { options.coverageReports = reports }
            },
            show: { options in
                Dictionary(uniqueKeysWithValues: options.coverageReports.map { ($0.format.rawValue, $0.path) })
            }),
        PrePushSetting(
            "testReport",
            read: { (section, options) throws(ConfigurationError) in
                if let path = try reportPath(
                    section, "testReport", format: TestReportRequest.format, what: "test report")
                {
                    options.testReport = TestReportRequest(path: path, fromCommandLine: false)
                }
            },
            show: { options in PrePushSetting.shown(options.testReport?.configurationValue) }),
        .field("retryFailedTests", \.retryFailedTests, retryCount),
        PrePushSetting(
            "flakyTests",
            read: { (section, options) throws(ConfigurationError) in
                if let policy = try flakyTestPolicy(section, "flakyTests") { options.flakyTests = policy }
            }, show: { $0.flakyTests.rawValue }),
        PrePushSetting(
            "report",
            read: { (section, options) throws(ConfigurationError) in
                if let path = try reportPath(section, "report", format: "json", what: "run record") {
                    options.runReportPath = path
                }
            },
            show: { options in PrePushSetting.shown(options.runReportPath.map { ["json": $0] }) }),
        .optional("summary", \.summaryPath, string),
        .field("githubSummary", \.appendsGitHubSummary, bool),
        .optional("minDiffCoverage", \.minimumDiffCoverage, percentage),
        // `since`, as todoscan and errorlint call it; `diffBase` is its old name, still read.
        .optional("diffBase", \.diffBase, string, shown: false),
        PrePushSetting(
            "since", read: { (section, options) throws(ConfigurationError) in try readSince(section, &options) },
            show: { PrePushSetting.shown($0.diffBase) }),
        .field("relevantPaths", \.relevantPaths, strings),
        .field("testArguments", \.testArguments, strings),
        .field("configuration", \.configuration, buildConfiguration),
        .field("todoscan", \.runsTodoscan, bool),
        .optional("errorlint", \.runsErrorlint, bool),
        .field("isolated", \.isolated, bool),
        .field("allFindings", \.showsAllFindings, bool),
        .optional("packages", \.packages, strings),
        .field("excludePackages", \.excludedPackages, strings),
        .field("keepGoing", \.keepsGoing, bool),
        .field("warmWorktree", \.warmsWorktree, bool),
        PrePushSetting(
            "affectedTests",
            read: { (section, options) throws(ConfigurationError) in
                if let text = try? section.string("affectedTests") {
                    // "hook", what --print-config shows for the default: on in hook runs, off by hand.
                    guard text == "hook" else {
                        throw .invalidValue(
                            key: "affectedTests", section: section.name, value: text,
                            detail: "true, false, or \"hook\" (the default: in hook runs only).", path: section.path)
                    }
                    options.affectedTests = nil
                } else if let value = try section.bool("affectedTests") {
                    options.affectedTests = value
                }
            }, show: { $0.affectedTests.map { $0 as Any } ?? "hook" }),
        PrePushSetting(
            "content",
            read: { (section, options) throws(ConfigurationError) in
                guard let value = try section.string("content") else { return }
                guard let content = CheckedContent(rawValue: value) else {
                    throw .invalidValue(
                        key: "content", section: section.name, value: value,
                        detail: "What is checked: pushed (the default), isolated or work-tree.", path: section.path)
                }
                options.checkedContent = content
            }, show: { $0.checkedContent.rawValue }),
        PrePushSetting(
            "backend",
            read: { (section, options) throws(ConfigurationError) in
                guard let value = try section.string("backend") else { return }
                guard let kind = BuildBackend.Kind(rawValue: value) else {
                    throw .invalidValue(
                        key: "backend", section: section.name, value: value,
                        detail: "The build system: auto (the default), swiftpm or xcodebuild.", path: section.path)
                }
                options.backend.kind = kind
            }, show: { $0.backend.kind.rawValue }),
        PrePushSetting(
            "workspace",
            read: { (section, options) throws(ConfigurationError) in
                if let workspace = try section.string("workspace") { options.backend.container = .workspace(workspace) }
            },
            show: { options in
                guard case .workspace(let path) = options.backend.container else { return PrePushSetting.shown(nil) }
                return path
            }),
        PrePushSetting(
            "project",
            read: { (section, options) throws(ConfigurationError) in
                guard let project = try section.string("project") else { return }
                if let workspace = try section.string("workspace") {
                    throw .invalidValue(
                        key: "project", section: section.name, value: project,
                        detail: "xcodebuild builds a workspace or a project; \"workspace\" is '\(workspace)' already.",
                        path: section.path)
                }
                options.backend.container = .project(project)
            },
            show: { options in
                guard case .project(let path) = options.backend.container else { return PrePushSetting.shown(nil) }
                return path
            }),
        .optional("scheme", \.backend.scheme, string),
        .optional("destination", \.backend.destination, string),
        .optional("testPlan", \.backend.tests.testPlan, string),
        .field("onlyTesting", \.backend.tests.onlyTesting, strings),
        .field("skipTesting", \.backend.tests.skipTesting, strings),
        .optional("stepTimeout", \.stepTimeout, seconds),
        PrePushSetting(
            "steps", read: { (section, options) throws(ConfigurationError) in try readSteps(section, &options) },
            show: { options in
                options.extraSteps.map { step in
                    ["name": step.name, "run": step.run, "timeout": PrePushSetting.shown(step.timeout)] as [String: Any]
                }
            }),
    ]

    /// Applies the `prepush` section of the configuration file. Unknown keys, wrong types and
    /// impossible values are errors naming the key and the file.
    package mutating func apply(_ section: ConfigurationSection) throws(ConfigurationError) {
        try section.checkKeys(Self.configurationKeys)
        for setting in Self.keys { try setting.read(section, &self) }
    }

    // The readers of the table's keys: a value, or `nil` when the key is absent.

    private static func bool(_ section: ConfigurationSection, _ key: String) throws(ConfigurationError) -> Bool? {
        try section.bool(key)
    }

    private static func string(_ section: ConfigurationSection, _ key: String) throws(ConfigurationError) -> String? {
        try section.string(key)
    }

    private static func strings(
        _ section: ConfigurationSection, _ key: String
    ) throws(ConfigurationError) -> [String]? {
        try section.strings(key)
    }

    /// A percentage, from 0 to 100.
    private static func percentage(
        _ section: ConfigurationSection, _ key: String
    ) throws(ConfigurationError) -> Double? {
        guard let value = try section.number(key) else { return nil }
        guard (0...100).contains(value) else {
            throw .invalidValue(
                key: key, section: section.name, value: "\(value)", detail: "A percentage is from 0 to 100.",
                path: section.path)
        }
        return value
    }

    /// SwiftPM's configuration: debug or release.
    private static func buildConfiguration(
        _ section: ConfigurationSection, _ key: String
    ) throws(ConfigurationError) -> String? {
        guard let value = try section.string(key) else { return nil }
        guard buildConfigurations.contains(value) else {
            throw .invalidValue(
                key: key, section: section.name, value: value,
                detail: "SwiftPM's configurations are debug and release.", path: section.path)
        }
        return value
    }

    /// `coverageReports`: each key a format, its value the file to write.
    private static func coverageReports(
        _ section: ConfigurationSection, _ key: String
    ) throws(ConfigurationError) -> [CoverageExportRequest]? {
        guard let value = try section.stringMap(key) else { return nil }
        var reports: [CoverageExportRequest] = []
        for (name, path) in value.sorted(by: { $0.key < $1.key }) {
            guard let format = CoverageExportFormat(rawValue: name), !path.isEmpty else {
                throw .invalidValue(
                    key: key, section: section.name, value: "\(name): \(path)",
                    detail:
                        "Each key is a format (\(CoverageExportFormat.allCases.map(\.rawValue).joined(separator: ", "))) "
                        + "and its value the file to write.", path: section.path)
            }
            reports.append(CoverageExportRequest(format: format, path: path))
        }
        return reports
    }

    /// A report key whose one format names the file to write (`report`: `{"json": "path"}`,
    /// `testReport`: `{"junit": "path"}`); `what` names the report in the error.
    private static func reportPath(
        _ section: ConfigurationSection, _ key: String, format: String, what: String
    ) throws(ConfigurationError) -> String? {
        guard let value = try section.stringMap(key) else { return nil }
        var found: String?
        for name in value.keys.sorted() {
            guard name == format, let path = value[name], !path.isEmpty else {
                throw .invalidValue(
                    key: key, section: section.name, value: name,
                    detail: "The \(what)'s format is \(format): {\"\(format)\": \"path\"}.", path: section.path)
            }
            found = path
        }
        return found
    }

    /// `retryFailedTests`: how many retries, 0 to 10.
    private static func retryCount(_ section: ConfigurationSection, _ key: String) throws(ConfigurationError) -> Int? {
        guard let value = try section.int(key) else { return nil }
        guard FlakyTestPolicy.retries.contains(value) else {
            throw .invalidValue(
                key: key, section: section.name, value: "\(value)",
                detail: "The number of retries is from 0 (none) to \(FlakyTestPolicy.retries.upperBound).",
                path: section.path)
        }
        return value
    }

    /// `flakyTests`: "pass" or "fail".
    private static func flakyTestPolicy(
        _ section: ConfigurationSection, _ key: String
    ) throws(ConfigurationError) -> FlakyTestPolicy? {
        guard let value = try section.string(key) else { return nil }
        guard let policy = FlakyTestPolicy(rawValue: value) else {
            throw .invalidValue(
                key: key, section: section.name, value: value,
                detail: "\"pass\" (a test that passed on a retry passes, named as flaky) or \"fail\".",
                path: section.path)
        }
        return policy
    }

    /// `since`, which must agree with `diffBase` when both are given.
    private static func readSince(
        _ section: ConfigurationSection, _ options: inout PrePushOptions
    ) throws(ConfigurationError) {
        guard let value = try section.string("since") else { return }
        if let old = options.diffBase, old != value {
            throw .invalidValue(
                key: "diffBase", section: section.name, value: old,
                detail: "\"diffBase\" is the old name of \"since\", which says '\(value)'; keep only \"since\".",
                path: section.path)
        }
        options.diffBase = value
    }

    /// `steps`: `[{"name", "run": [argv], "timeout": seconds}]`.
    private static func readSteps(
        _ section: ConfigurationSection, _ options: inout PrePushOptions
    ) throws(ConfigurationError) {
        guard let steps = try section.sections("steps") else { return }
        options.extraSteps = []
        for step in steps {
            try step.checkKeys(["name", "run", "timeout"])
            guard let name = try step.string("name"), !name.isEmpty else {
                throw .invalidValue(
                    key: "name", section: step.name, value: "", detail: "Every step needs a name.", path: step.path)
            }
            guard let run = try step.strings("run"), !run.isEmpty, !run[0].isEmpty else {
                throw .invalidValue(
                    key: "run", section: step.name, value: "",
                    detail: "A step runs an argument vector, [\"executable\", \"argument\", …]; it is not empty.",
                    path: step.path)
            }
            options.extraSteps.append(ExtraStep(name: name, run: run, timeout: try seconds(step, "timeout")))
        }
    }

    /// A timeout key: a positive number of seconds.
    private static func seconds(_ section: ConfigurationSection, _ key: String) throws(ConfigurationError) -> Double? {
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
    private static func coverageMinimums(_ section: ConfigurationSection) throws(ConfigurationError) -> CoverageMinimums
    {
        let object = try section.numberMap("minCoverage") ?? [:]
        for (key, value) in object.sorted(by: { $0.key < $1.key }) where !(0...100).contains(value) {
            throw .invalidValue(
                key: "minCoverage", section: section.name, value: "\(key): \(value)",
                detail: "A percentage is from 0 to 100.", path: section.path)
        }
        return CoverageMinimums(keyed: object)
    }

    /// The effective settings as the configuration file would spell them (`--print-config`);
    /// settings with no value are `null`.
    var effectiveConfiguration: String {
        Self.json(["prepush": effectiveSettings])
    }

    /// JSON as `--print-config` prints it: sorted keys, indented.
    static func json(_ object: [String: Any]) -> String {
        let data = try? JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return (data.map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }

    /// The effective settings as the `prepush` section's keys and values.
    var effectiveSettings: [String: Any] {
        var object: [String: Any] = [:]
        for setting in Self.keys { if let show = setting.show { object[setting.key] = show(self) } }
        return object
    }
}
