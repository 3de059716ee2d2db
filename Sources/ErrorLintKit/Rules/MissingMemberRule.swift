import ErrorLintSettings

/// A required member that a `LocalizedError` does not implement: none is required by default (most
/// apps implement only `errorDescription`); `--require` or `requiredMembers` asks for
/// `failureReason`, `recoverySuggestion` or `helpAnchor`.
struct MissingMemberRule: ErrorLintRule {
    static let description = RuleDescription(
        rule: .missingMember,
        summary: "A LocalizedError without a member that --require or requiredMembers asks for "
            + "(failureReason, recoverySuggestion, helpAnchor; none by default)",
        triggeringExamples: [
            RuleExample(
                """
                enum LoginError: LocalizedError {
                    case expired
                    var errorDescription: String? { String(localized: "Your session expired.") }
                }
                """, requiring: [.failureReason, .recoverySuggestion])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                enum LoginError: LocalizedError {
                    case expired
                    var errorDescription: String? { String(localized: "Your session expired.") }
                    var failureReason: String? { String(localized: "Sessions last a day.") }
                    var recoverySuggestion: String? { String(localized: "Sign in again.") }
                }
                """, requiring: [.failureReason, .recoverySuggestion]),
            // By default only errorDescription is required: most apps implement nothing else.
            RuleExample(
                """
                enum LoginError: LocalizedError {
                    case expired
                    var errorDescription: String? { String(localized: "Your session expired.") }
                }
                """),
        ]
    )

    init() {}

    func findings(in context: RuleContext) -> [RuleFinding] {
        var findings: [RuleFinding] = []
        for type in context.localizedErrorTypes {
            for member in ErrorMember.allCases
            where member != .errorDescription && context.requiredMembers.contains(member) {
                guard type.implementation(of: member) == nil, type.malformedDeclarations(of: member).isEmpty,
                    !type.members.contains(where: { MemberNames.misspelledMember($0.declaration.name) == member })
                else { continue }
                findings.append(
                    RuleFinding(
                        location: type.location,
                        message: "'\(type.name)' does not implement \(member.rawValue)"))
            }
        }
        return findings
    }
}
