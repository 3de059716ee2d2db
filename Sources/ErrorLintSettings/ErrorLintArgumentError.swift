import Foundation

/// A `--rule` or `--require` argument errorlint cannot use.
package enum ErrorLintArgumentError: LocalizedError, Sendable, Equatable {
    case badRule(String)
    case badMember(String)

    package var errorDescription: String? {
        switch self {
        case .badRule(let argument): "--rule '\(argument)' is not ID=error|warning|note|off for a known rule."
        case .badMember(let name): "--require names '\(name)', which is not a member errorlint checks."
        }
    }

    package var failureReason: String? {
        switch self {
        case .badRule: "Rules: " + ErrorLintRuleID.allCases.map(\.rawValue).joined(separator: ", ") + "."
        case .badMember: "Members: " + ErrorMember.allCases.map(\.rawValue).joined(separator: ", ") + "."
        }
    }

    package var recoverySuggestion: String? {
        switch self {
        case .badRule: "Write it as --rule unlocalized-text=off, with a rule from the list."
        case .badMember: "Write it as --require failureReason,recoverySuggestion, or --require none."
        }
    }
}
