import Foundation
import PreflightCore

/// Parses `--tag NAME[=severity]` values.
package enum TagArgument {
    /// The tag rules the arguments ask for: the defaults (unless dropped) with each argument added
    /// or overriding a default's severity.
    static func rules(from arguments: [String], keepingDefaults: Bool) throws(TagArgumentError) -> [TagRule] {
        var syntax = TagSyntax(rules: keepingDefaults ? TagRule.defaults : [])
        for argument in arguments {
            let rule = try parse(argument)
            syntax.set(rule.tag, severity: rule.severity)
        }
        return syntax.rules
    }

    /// Parses one `NAME` or `NAME=severity` (severity defaults to warning).
    package static func parse(_ argument: String) throws(TagArgumentError) -> TagRule {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let name = parts.first ?? ""
        guard isValidName(name) else { throw .invalidName(argument) }
        guard parts.count == 2 else { return TagRule(name, severity: .warning) }
        guard let severity = Severity(rawValue: parts[1]) else { throw .invalidSeverity(argument) }
        return TagRule(name, severity: severity)
    }

    /// A tag is a non-empty word of ASCII letters, digits and underscores.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { $0 < 0x80 && (isalnum(Int32($0)) != 0 || $0 == UInt8(ascii: "_")) }
    }
}

/// A `--tag` value that cannot be used.
package enum TagArgumentError: LocalizedError, Equatable {
    case invalidName(String)
    case invalidSeverity(String)

    package var errorDescription: String? {
        switch self {
        case .invalidName(let argument): "Invalid tag '\(argument)'."
        case .invalidSeverity(let argument): "Invalid severity in '\(argument)'."
        }
    }

    package var failureReason: String? {
        switch self {
        case .invalidName: "A tag is a word of ASCII letters, digits and underscores."
        case .invalidSeverity: "The severity must be warning, error or note."
        }
    }

    package var recoverySuggestion: String? {
        switch self {
        case .invalidName: "Write it as NAME or NAME=severity, for example --tag HACK or --tag XXX=error."
        case .invalidSeverity: "Write it as NAME=warning, NAME=error or NAME=note."
        }
    }
}
