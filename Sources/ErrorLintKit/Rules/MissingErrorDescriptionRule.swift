import ErrorLintSettings

/// A `LocalizedError` without `errorDescription`: users read "The operation couldn't be
/// completed. (App.LoginError error 0.)".
struct MissingErrorDescriptionRule: ErrorLintRule {
    static let description = RuleDescription(
        rule: .missingErrorDescription,
        summary: "A LocalizedError type without errorDescription",
        triggeringExamples: [
            RuleExample(
                """
                enum LoginError: LocalizedError {
                    case expired
                    var failureReason: String? { String(localized: "The session ended.") }
                }
                """),
            RuleExample(
                files: [
                    "Sources/App/LoginError.swift": "enum LoginError { case expired }",
                    "Sources/App/LoginError+Localized.swift": "extension LoginError: LocalizedError {}",
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                enum LoginError: LocalizedError {
                    case expired
                    var errorDescription: String? { String(localized: "Your session expired.") }
                }
                """),
            RuleExample(
                """
                protocol AppError: LocalizedError { var message: String { get } }
                extension AppError { var errorDescription: String? { message } }
                struct SyncError: AppError { var message: String }
                """),
            // Only `Error`: not this rule's business.
            RuleExample("enum ParseError: Error { case eof }"),
        ]
    )

    init() {}

    func findings(in context: RuleContext) -> [RuleFinding] {
        context.localizedErrorTypes.compactMap { type in
            guard type.implementation(of: .errorDescription) == nil,
                // A declaration Foundation ignores is reported by wrong-member-signature instead.
                type.malformedDeclarations(of: .errorDescription).isEmpty,
                !type.members.contains(where: { MemberNames.misspelledMember($0.declaration.name) == .errorDescription }
                )
            else { return nil }
            return RuleFinding(
                location: type.location,
                message:
                    "'\(type.name)' conforms to LocalizedError but does not implement errorDescription; users see "
                    + "\"The operation couldn't be completed.\" instead of a message")
        }
    }
}
