import ErrorLintSettings
import PreflightCore

/// A member that returns a string literal or interpolation users will read untranslated. Off by
/// default in a package without string catalogs: such a package is not localized at all.
struct UnlocalizedTextRule: ErrorLintRule {
    static let description = RuleDescription(
        rule: .unlocalizedText,
        summary: "An error member returns text that does not go through a localization API "
            + "(off by default without string catalogs)",
        triggeringExamples: [
            RuleExample(
                """
                enum LoginError: LocalizedError {
                    case expired
                    var errorDescription: String? { "Your session expired." }
                }
                """),
            RuleExample(
                """
                enum LoginError: LocalizedError {
                    case expired(minutes: Int)
                    var errorDescription: String? { description }
                    var description: String {
                        switch self { case .expired(let minutes): "Expired \\(minutes) minutes ago" }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                enum LoginError: LocalizedError {
                    case expired
                    var errorDescription: String? {
                        NSLocalizedString("login.expired", value: "Your session expired.", comment: "")
                    }
                }
                """),
            // Opaque values are never guessed at.
            RuleExample(
                """
                struct ServerError: LocalizedError {
                    var message: String
                    var errorDescription: String? { message }
                }
                """),
        ]
    )

    init() {}

    func findings(in context: RuleContext) -> [RuleFinding] {
        var findings: [RuleFinding] = []
        var seen = Set<SourceLocation>()
        for type in context.localizedErrorTypes {
            for member in context.textMembers {
                for errorCase in type.cases {
                    for leaf in type.writtenValue(of: member, for: errorCase)?.leaves ?? [] {
                        guard let text = Self.unlocalizedText(leaf), let location = leaf.location,
                            seen.insert(location).inserted
                        else { continue }
                        findings.append(
                            RuleFinding(
                                location: location,
                                message:
                                    "\(member.rawValue) of '\(type.name)' returns text that is not localized: "
                                    + "\(text.quotedInMessage); use String(localized:)"))
                    }
                }
            }
        }
        return findings
    }

    /// A literal or interpolation as the message quotes it (interpolations as written), when its
    /// literal part has words (punctuation and interpolations alone are no text).
    private static func unlocalizedText(_ value: TextValue) -> String? {
        let words: String
        switch value {
        case .literal(let literal, _): words = literal
        case .interpolated(let literal, _): words = literal.literalText
        default: return nil
        }
        guard words.contains(where: \.isLetter) else { return nil }
        return value.literalDisplayText
    }
}
