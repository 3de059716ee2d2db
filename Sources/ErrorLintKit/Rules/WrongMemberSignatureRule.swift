import ErrorLintSettings

/// A member Foundation never calls because of its shape: `var errorDescription: String` (not
/// optional), a static property or a method of a member's name, a misspelled member
/// (`errorDescripton`), or `localizedDescription` on a type that is only `Error`.
struct WrongMemberSignatureRule: ErrorLintRule {
    static let description = RuleDescription(
        rule: .wrongMemberSignature,
        summary: "An error member Foundation silently ignores (wrong type, static, misspelled)",
        triggeringExamples: [
            RuleExample(
                """
                enum LoginError: LocalizedError {
                    case expired
                    var errorDescription: String { String(localized: "Your session expired.") }
                }
                """),
            RuleExample(
                """
                enum LoginError: LocalizedError {
                    case expired
                    var errorDescripton: String? { String(localized: "Your session expired.") }
                }
                """),
            RuleExample(
                """
                enum LoginError: Error {
                    case expired
                    var localizedDescription: String { String(localized: "Your session expired.") }
                }
                """),
            RuleExample(
                """
                struct LoginError: LocalizedError {
                    func errorDescription() -> String? { nil }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                enum LoginError: LocalizedError {
                    case expired
                    var errorDescription: String? { String(localized: "Your session expired.") }
                    var errorDescriptionForLogs: String { "expired" }
                }
                """),
            RuleExample(
                """
                struct LoginError: LocalizedError {
                    let errorDescription: Optional<String>
                }
                """),
        ]
    )

    init() {}

    func findings(in context: RuleContext) -> [RuleFinding] {
        var findings: [RuleFinding] = []
        for type in context.errorTypes {
            if !type.isLocalizedError {
                for member in type.members where member.declaration.name == MemberNames.localizedDescription {
                    guard !member.isInherited, member.providingProtocol == nil else { continue }
                    findings.append(
                        RuleFinding(
                            location: member.declaration.location,
                            message:
                                "'localizedDescription' on '\(type.name)', which is only Error, is never used by "
                                + "Foundation; conform to LocalizedError and implement 'var errorDescription: String?'")
                    )
                }
                continue
            }
            for member in ErrorMember.allCases {
                for declaration in type.malformedDeclarations(of: member) {
                    findings.append(
                        RuleFinding(
                            location: declaration.declaration.location,
                            message:
                                "'\(Self.shape(of: declaration.declaration))' is not the LocalizedError requirement, so "
                                + "Foundation never calls it; declare '\(member.expectedDeclaration)'"))
                }
            }
            for member in type.members where !member.isInherited {
                guard let meant = MemberNames.misspelledMember(member.declaration.name) else { continue }
                findings.append(
                    RuleFinding(
                        location: member.declaration.location,
                        message:
                            "'\(member.declaration.name)' looks like a misspelling of '\(meant.rawValue)', which "
                            + "Foundation calls; rename it to '\(meant.rawValue)'"))
            }
        }
        return findings
    }

    private static func shape(of member: DeclaredMember) -> String {
        switch member.kind {
        case .property(let typeText, _, let isStatic, _):
            (isStatic ? "static " : "") + "var \(member.name): \(typeText ?? "String")"
        case .function(let signature):
            signature
        }
    }
}
