import Foundation
import PreflightCore

extension PrePushOptions {
    /// The keys the `prepush` section of `.preflight.json` accepts.
    package static let configurationKeys: Set<String> = [
        "minCoverage", "minDiffCoverage", "diffBase", "relevantPaths", "testArguments", "configuration", "todoscan",
        "errorlint", "isolated", "content", "allFindings", "steps",
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
        if let value = try percentage("minCoverage") { minimumCoverage = value }
        if let value = try percentage("minDiffCoverage") { minimumDiffCoverage = value }
        if let value = try section.string("diffBase") { diffBase = value }
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
        if let value = try section.string("content") {
            guard let content = CheckedContent(rawValue: value) else {
                throw .invalidValue(
                    key: "content", section: section.name, value: value,
                    detail: "What is checked: pushed (the default), isolated or work-tree.", path: section.path)
            }
            checkedContent = content
        }
        if let steps = try section.sections("steps") {
            extraSteps = []
            for step in steps {
                try step.checkKeys(["name", "run"])
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
                extraSteps.append(ExtraStep(name: name, run: run))
            }
        }
    }

    /// The effective settings as the configuration file would spell them (`--print-config`);
    /// settings with no value are `null`.
    package var effectiveConfiguration: String {
        let object: [String: Any] = [
            "minCoverage": minimumCoverage.map { $0 as Any } ?? NSNull(),
            "minDiffCoverage": minimumDiffCoverage.map { $0 as Any } ?? NSNull(),
            "diffBase": diffBase.map { $0 as Any } ?? NSNull(),
            "relevantPaths": relevantPaths, "testArguments": testArguments, "configuration": configuration,
            "todoscan": runsTodoscan, "errorlint": runsErrorlint.map { $0 as Any } ?? NSNull(), "isolated": isolated,
            "content": checkedContent.rawValue, "allFindings": showsAllFindings,
            "steps": extraSteps.map { ["name": $0.name, "run": $0.run] as [String: Any] },
        ]
        let data = try? JSONSerialization.data(
            withJSONObject: ["prepush": object], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return (data.map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }
}
