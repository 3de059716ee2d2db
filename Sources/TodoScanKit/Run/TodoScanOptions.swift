import Foundation
import PreflightCore

/// Everything one todoscan run needs: defaults, then the configuration file's `todoscan`
/// section, then command-line flags.
package struct TodoScanOptions: ToolSettings {
    /// The section of `.preflight.json` these settings come from.
    package static let sectionName = "todoscan"

    /// Files and folders to scan.
    package var paths: [String] = ["."]
    /// Only paths matching one of these (when any).
    package var includes: [String] = []
    /// No path matching one of these.
    package var excludes: [String] = []
    /// Which tags, and how they are written.
    package var syntax = TagSyntax()
    /// Owner, issue and deadline rules.
    package var policies = TagPolicies()
    /// How findings are printed.
    package var format: DiagnosticFormat = .text
    /// Any finding fails the run, not only errors.
    package var isStrict = false
    /// No summary line on standard error.
    package var isQuiet = false
    /// Print absolute paths instead of paths relative to the current directory.
    package var usesAbsolutePaths = false
    /// Files over this many bytes are reported and skipped.
    package var maximumFileSize = 64 << 20
    /// `--since`, the baseline and its writing: the same for every scanner.
    package var adoption = AdoptionSettings()
    /// The day deadlines are measured against; `nil`: today, asked only when a tag's deadline is
    /// judged (the user's calendar costs a millisecond or two to load, more than a one-file
    /// pre-commit scan).
    var today: CalendarDay?

    package init() {}

    /// The keys the `todoscan` section of `.preflight.json` accepts.
    static let configurationKeys: Set<String> = Set([
        "tags", "defaultTags", "ignoreCase", "allowNoColon", "include", "exclude", "format", "strict",
        "requireOwner", "requireIssue", "expiring", "expiryWarningDays", "policySeverity", "maxFileSize",
    ]).union(AdoptionSettings.configurationKeys)

    /// Applies the `todoscan` section of the configuration file.
    package mutating func apply(_ section: ConfigurationSection) throws(ConfigurationError) {
        try section.checkKeys(Self.configurationKeys)
        if try section.bool("defaultTags") == false { syntax.rules = [] }
        if let tags = try section.stringMap("tags") {
            for (name, severityName) in tags.sorted(by: { $0.key < $1.key }) {
                guard let severity = Severity(rawValue: severityName) else {
                    throw .invalidValue(
                        key: "tags", section: section.name, value: severityName,
                        detail: "A tag's severity is warning, error or note.", path: section.path)
                }
                guard TagArgument.isValidName(name) else {
                    throw .invalidValue(
                        key: "tags", section: section.name, value: name,
                        detail: "A tag is a word of ASCII letters, digits and underscores.", path: section.path)
                }
                syntax.set(name, severity: severity)
            }
        }
        if let value = try section.bool("ignoreCase") { syntax.isCaseSensitive = !value }
        if let value = try section.bool("allowNoColon") { syntax.allowsMissingColon = value }
        if let value = try section.strings("include") { includes = value }
        if let value = try section.strings("exclude") { excludes = value }
        if let value = try section.diagnosticFormat("format") { format = value }
        if let value = try section.bool("strict") { isStrict = value }
        if let value = try section.bool("requireOwner") { policies.requiresOwner = value }
        if let value = try section.bool("requireIssue") { policies.requiresIssueReference = value }
        if let value = try section.bool("expiring") { policies.checksExpiry = value }
        if let value = try section.int("expiryWarningDays") { policies.expiryWarningDays = value }
        if let value = try section.string("policySeverity") {
            guard let parsed = Severity(rawValue: value) else {
                throw .invalidValue(
                    key: "policySeverity", section: section.name, value: value,
                    detail: "A severity is warning, error or note.", path: section.path)
            }
            policies.severity = parsed
        }
        try adoption.apply(section)
        if let value = try section.fileSizeLimit("maxFileSize") { maximumFileSize = value }
    }

    /// The effective settings as the configuration file would spell them (`--print-config`).
    package var effectiveConfiguration: String {
        var tags: [String: String] = [:]
        for rule in syntax.rules { tags[rule.tag] = rule.severity.rawValue }
        var object: [String: Any] = [
            "tags": tags, "defaultTags": false, "ignoreCase": !syntax.isCaseSensitive,
            "allowNoColon": syntax.allowsMissingColon, "include": includes, "exclude": excludes,
            "format": format.rawValue, "strict": isStrict, "requireOwner": policies.requiresOwner,
            "requireIssue": policies.requiresIssueReference, "expiring": policies.checksExpiry,
            "expiryWarningDays": policies.expiryWarningDays, "policySeverity": policies.severity.rawValue,
            "maxFileSize": maximumFileSize,
        ]
        object.merge(adoption.effectiveConfiguration) { _, new in new }
        let data = try? JSONSerialization.data(
            withJSONObject: ["todoscan": object], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return (data.map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }

    /// What `todoscan --staged` alone sets over the configuration file: every other flag at its
    /// default (the current folder, paths shown relative to it, the summary printed), and the
    /// adoption settings as `staged` (the command line's `--staged`) leaves them. The pre-commit
    /// hook's command line, for todoscan itself and for errorlint's `--with-todoscan`.
    package mutating func applyStagedCommandLine(_ staged: (inout AdoptionSettings) -> Void) {
        paths = ["."]
        isQuiet = false
        usesAbsolutePaths = false
        staged(&adoption)
    }
}

extension TagSyntax {
    /// Adds `tag`, or changes its severity when it is already there.
    package mutating func set(_ tag: String, severity: Severity) {
        if let existing = rules.firstIndex(where: { $0.tag == tag }) {
            rules[existing].severity = severity
        } else {
            rules.append(TagRule(tag, severity: severity))
        }
    }
}
