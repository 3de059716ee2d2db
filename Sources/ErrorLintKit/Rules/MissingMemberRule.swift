/// A required member (by default `failureReason` and `recoverySuggestion`) that a
/// `LocalizedError` does not implement.
package struct MissingMemberRule: ErrorLintRule {
    package static let description = RuleDescription(
        id: "missing-member",
        summary: "A LocalizedError without a required member (failureReason, recoverySuggestion by default)",
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample(
                """
                enum LoginError: LocalizedError {
                    case expired
                    var errorDescription: String? { String(localized: "Your session expired.") }
                }
                """)
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
                """)
        ]
    )

    package init() {}

    package func findings(in context: RuleContext) -> [RuleFinding] {
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
