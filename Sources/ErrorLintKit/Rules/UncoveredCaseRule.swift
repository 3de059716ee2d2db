import ErrorLintSettings

/// Cases for which a member gives `nil`: left to a `default:` that returns `nil`, or returning
/// `nil` explicitly.
struct UncoveredCaseRule: ErrorLintRule {
    static let description = RuleDescription(
        rule: .uncoveredCase,
        summary: "Error cases a member returns nil for (often hidden by default: return nil)",
        triggeringExamples: [
            RuleExample(
                """
                enum LoginError: LocalizedError {
                    case expired, locked, offline
                    var errorDescription: String? {
                        switch self {
                        case .expired: return String(localized: "Your session expired.")
                        default: return nil
                        }
                    }
                }
                """),
            RuleExample(
                """
                enum LoginError: LocalizedError {
                    case expired(Date), locked
                    var errorDescription: String? {
                        switch self {
                        case .expired: String(localized: "Your session expired.")
                        case .locked: nil
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                enum LoginError: LocalizedError {
                    case expired(Date), locked
                    var errorDescription: String? {
                        switch self {
                        case .expired(let date): String(localized: "Your session expired on \\(date).")
                        case .locked: String(localized: "Your account is locked.")
                        }
                    }
                }
                """)
        ]
    )

    init() {}

    func findings(in context: RuleContext) -> [RuleFinding] {
        var findings: [RuleFinding] = []
        for type in context.localizedErrorTypes {
            for member in context.coveredMembers {
                guard let implementation = type.implementation(of: member), implementation.providingProtocol == nil
                else {
                    continue
                }
                let uncovered = type.cases.filter { type.value(of: member, for: $0)?.isAbsent ?? false }
                guard !uncovered.isEmpty else { continue }
                let names = uncovered.map { $0.displayName(in: type) }.joined(separator: ", ")
                let message =
                    type.kind == .enum
                    ? "\(member.rawValue) of '\(type.name)' returns nil for \(names)"
                    : "\(member.rawValue) of '\(type.name)' returns nil"
                findings.append(RuleFinding(location: implementation.declaration.location, message: message))
            }
        }
        return findings
    }
}
