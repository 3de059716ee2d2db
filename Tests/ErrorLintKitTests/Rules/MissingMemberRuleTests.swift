import ErrorLintSettings
import Testing

@testable import ErrorLintKit

@Suite struct MissingMemberRuleTests {
    static let source = """
        enum E: LocalizedError {
            case a
            var errorDescription: String? { String(localized: "A") }
            var failureReason: String? { String(localized: "Because") }
        }
        """

    @Test func byDefaultOnlyErrorDescriptionIsRequired() throws {
        let project = try TemporaryProject(files: ["Sources/App/E.swift": Self.source])
        #expect(project.lint(rule: "missing-member").isEmpty)
        #expect(
            project.lint(rule: "missing-member") { $0.requiredMembers = [.failureReason, .recoverySuggestion] } == [
                "Sources/App/E.swift:1: [missing-member] 'E' does not implement recoverySuggestion"
            ])
    }

    @Test func requiredMembersAreConfigurable() throws {
        let project = try TemporaryProject(files: ["Sources/App/E.swift": Self.source])
        #expect(project.lint(rule: "missing-member") { $0.requiredMembers = [.failureReason] }.isEmpty)
        #expect(
            project.lint(rule: "missing-member") { $0.requiredMembers = [.helpAnchor] } == [
                "Sources/App/E.swift:1: [missing-member] 'E' does not implement helpAnchor"
            ])
    }

    @Test func membersFromAProtocolExtensionCount() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/AppError.swift": """
            protocol AppError: LocalizedError {}
            extension AppError {
                var failureReason: String? { String(localized: "Internal") }
                var recoverySuggestion: String? { String(localized: "Try again") }
            }
            """,
            "Sources/App/E.swift": "enum E: AppError { case a\n var errorDescription: String? { nil } }",
        ])
        #expect(project.lint(rule: "missing-member").isEmpty)
    }
}
