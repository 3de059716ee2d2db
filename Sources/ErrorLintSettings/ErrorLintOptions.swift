import Foundation
import PreflightCore

/// Everything one errorlint run needs: defaults, then the configuration file's `errorlint`
/// section, then command-line flags.
package struct ErrorLintOptions: ToolSettings {
    /// The section of `.preflight.json` these settings come from.
    package static let sectionName = "errorlint"

    /// Files and folders to scan for Swift sources and string catalogs.
    package var paths: [String] = ["."]
    /// More catalog files or folders (`--catalog`), besides those found under ``paths``.
    package var catalogPaths: [String] = []
    /// The languages every key must have; empty means every language present in the catalogs.
    package var languages: [String] = []
    /// Members besides `errorDescription` every error type must implement: none by default (most
    /// apps implement only `errorDescription`); `--require` or `requiredMembers` asks for more.
    package var requiredMembers: Set<ErrorMember> = []
    /// Per-rule overrides of the default severity.
    var ruleSettings: [String: RuleSetting] = [:]
    /// Only paths matching one of these (when any).
    package var includes: [String] = []
    /// No path matching one of these.
    package var excludes: [String] = []
    package var format: DiagnosticFormat = .text
    /// Any finding fails the run, not only errors.
    package var isStrict = false
    /// No summary line on standard error.
    package var isQuiet = false
    package var usesAbsolutePaths = false
    /// Parse every Swift file instead of only those that can matter (for the benchmark).
    package var parsesEveryFile = false
    /// Swift files and catalogs over this many bytes are skipped and listed, as todoscan's.
    package var maximumFileSize = 64 << 20
    /// Seconds parsing one Swift file may take before the file is reported as not checked.
    package var parseTimeLimit = Self.defaultParseTimeLimit
    /// The default of ``parseTimeLimit``.
    package static let defaultParseTimeLimit: Double = 30
    /// Check error types in code no user sees too (test targets, an app's developer tools); off
    /// by default (`includeDeveloperCode`, `--include-developer-code`).
    package var includesDeveloperCode = false
    /// Check every key of the catalogs, not only those error types use: `unused-key`,
    /// `format-mismatch` for every key, coverage per language (`--whole-catalog`, `wholeCatalog`).
    package var wholeCatalog = false
    /// With ``wholeCatalog``: each language must have at least this share (0–100) of the keys
    /// translated (`--min-translated`, `minTranslated`); `translation-coverage` names those below.
    package var minimumTranslated: Double?
    /// `--since`, the baseline and its writing: the same for every scanner.
    package var adoption = AdoptionSettings()

    package init() {}

    /// The severity `rule` reports with, or `nil` when it is off.
    package func severity(of rule: ErrorLintRuleID) -> Severity? {
        switch ruleSettings[rule.rawValue] ?? .severity(rule.defaultSeverity) {
        case .severity(let severity): severity
        case .off: nil
        }
    }

    /// The severity `rule` reports with in a run that found string catalogs (`catalogsFound`) or
    /// none, or `nil` when it is off: a rule that is off without catalogs
    /// (``ErrorLintRuleID/isOffWithoutCatalogs``) reports there only when a setting names it.
    package func severity(of rule: ErrorLintRuleID, catalogsFound: Bool) -> Severity? {
        if !catalogsFound, rule.isOffWithoutCatalogs, ruleSettings[rule.rawValue] == nil { return nil }
        return severity(of: rule)
    }

    /// The rules that are off only because the run found no string catalog (none is set
    /// explicitly), by id.
    package var rulesOffWithoutCatalogs: [String] {
        ErrorLintRuleID.allCases.compactMap { rule in
            rule.isOffWithoutCatalogs && ruleSettings[rule.rawValue] == nil ? rule.rawValue : nil
        }
    }

    /// The keys the `errorlint` section of `.preflight.json` accepts.
    static let configurationKeys: Set<String> = Set([
        "rules", "requiredMembers", "languages", "catalogs", "include", "exclude", "format", "strict",
        "maxFileSize", "parseTimeLimit", "includeDeveloperCode", "wholeCatalog", "minTranslated",
    ]).union(AdoptionSettings.configurationKeys)

    /// Applies the `errorlint` section of the configuration file.
    package mutating func apply(_ section: ConfigurationSection) throws(ConfigurationError) {
        try section.checkKeys(Self.configurationKeys)
        if let rules = try section.stringMap("rules") {
            for (id, value) in rules.sorted(by: { $0.key < $1.key }) {
                try setRule(id, to: value, key: "rules", section: section)
            }
        }
        if let members = try section.strings("requiredMembers") {
            requiredMembers = []
            for name in members {
                guard let member = ErrorMember(rawValue: name) else {
                    throw .invalidValue(
                        key: "requiredMembers", section: section.name, value: name,
                        detail: "Members: \(ErrorMember.allCases.map(\.rawValue).joined(separator: ", ")).",
                        path: section.path)
                }
                requiredMembers.insert(member)
            }
        }
        if let value = try section.strings("languages") { languages = value }
        if let value = try section.strings("catalogs") { catalogPaths = value }
        if let value = try section.strings("include") { includes = value }
        if let value = try section.strings("exclude") { excludes = value }
        if let value = try section.diagnosticFormat("format") { format = value }
        if let value = try section.bool("strict") { isStrict = value }
        if let value = try section.bool("includeDeveloperCode") { includesDeveloperCode = value }
        if let value = try section.bool("wholeCatalog") { wholeCatalog = value }
        if let value = try section.number("minTranslated") {
            guard Self.isPercent(value) else {
                throw .invalidValue(
                    key: "minTranslated", section: section.name, value: String(value),
                    detail: "It is a percentage from 0 to 100.", path: section.path)
            }
            minimumTranslated = value
        }
        if let value = try section.fileSizeLimit("maxFileSize") { maximumFileSize = value }
        if let value = try section.number("parseTimeLimit") {
            guard value > 0, value.isFinite else {
                throw .invalidValue(
                    key: "parseTimeLimit", section: section.name, value: String(value),
                    detail: "It is a number of seconds greater than 0.", path: section.path)
            }
            parseTimeLimit = value
        }
        try adoption.apply(section)
    }

    private mutating func setRule(
        _ id: String, to value: String, key: String, section: ConfigurationSection
    ) throws(ConfigurationError) {
        guard ErrorLintRuleID(rawValue: id) != nil else {
            throw .invalidValue(
                key: key, section: section.name, value: id,
                detail: "Rules: \(ErrorLintRuleID.allCases.map(\.rawValue).joined(separator: ", ")).",
                path: section.path)
        }
        guard let setting = RuleSetting(value) else {
            throw .invalidValue(
                key: key, section: section.name, value: value, detail: "A rule is error, warning, note or off.",
                path: section.path)
        }
        ruleSettings[id] = setting
    }

    /// Applies `--rule ID=SEVERITY`: the rule must exist and the severity be error, warning, note
    /// or off.
    package mutating func setRule(argument: String) throws(ErrorLintArgumentError) {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, ErrorLintRuleID(rawValue: parts[0]) != nil, let setting = RuleSetting(parts[1]) else {
            throw .badRule(argument)
        }
        ruleSettings[parts[0]] = setting
    }

    /// Whether `value` is a percentage, 0 to 100.
    package static func isPercent(_ value: Double) -> Bool { value >= 0 && value <= 100 }

    /// Applies `--require a,b` (or `none`): the members every error type must implement besides
    /// `errorDescription`.
    package mutating func setRequiredMembers(argument: String) throws(ErrorLintArgumentError) {
        var members: Set<ErrorMember> = []
        for name in argument.split(separator: ",") where name != "none" {
            guard let member = ErrorMember(rawValue: String(name)) else { throw .badMember(String(name)) }
            members.insert(member)
        }
        requiredMembers = members
    }

    /// The settings in effect, as the `errorlint` section of a configuration file would say them.
    package var effectiveConfiguration: String {
        var rules: [String: String] = [:]
        for rule in ErrorLintRuleID.allCases {
            rules[rule.rawValue] = (ruleSettings[rule.rawValue] ?? .severity(rule.defaultSeverity)).text
        }
        var object: [String: Any] = [
            "rules": rules, "requiredMembers": requiredMembers.sorted().map(\.rawValue), "languages": languages,
            "catalogs": catalogPaths, "include": includes, "exclude": excludes, "format": format.rawValue,
            "strict": isStrict, "includeDeveloperCode": includesDeveloperCode,
            "wholeCatalog": wholeCatalog, "maxFileSize": maximumFileSize,
            "parseTimeLimit": parseTimeLimit,
        ]
        object["minTranslated"] = minimumTranslated.map { $0 as Any } ?? NSNull()
        object.merge(adoption.effectiveConfiguration) { _, new in new }
        let data = try? JSONSerialization.data(
            withJSONObject: ["errorlint": object], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return (data.map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }
}
