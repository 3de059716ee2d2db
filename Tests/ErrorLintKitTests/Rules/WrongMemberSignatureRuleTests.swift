import Testing

@testable import ErrorLintKit

@Suite struct WrongMemberSignatureRuleTests {
    @Test func eachShapeFoundationIgnores() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": """
            enum E: LocalizedError {
                case a
                var errorDescription: String { "a" }
                static var failureReason: String? { nil }
                func recoverySuggestion() -> String? { nil }
                var helpAnchr: String? { nil }
            }
            enum OnlyError: Error {
                case b
                var localizedDescription: String { "b" }
            }
            """
        ])
        let findings = project.lint(rule: "wrong-member-signature")
        #expect(findings.count == 5)
        #expect(
            findings.contains {
                $0.hasPrefix("Sources/App/E.swift:3:") && $0.contains("declare 'var errorDescription: String?'")
            })
        #expect(
            findings.contains {
                $0.hasPrefix("Sources/App/E.swift:4:") && $0.contains("'static var failureReason: String?'")
            })
        #expect(
            findings.contains {
                $0.hasPrefix("Sources/App/E.swift:5:") && $0.contains("func recoverySuggestion() -> String?")
            })
        #expect(
            findings.contains { $0.hasPrefix("Sources/App/E.swift:6:") && $0.contains("misspelling of 'helpAnchor'") })
        #expect(findings.contains { $0.hasPrefix("Sources/App/E.swift:10:") && $0.contains("which is only Error") })
    }

    @Test func wellFormedMembersAndUnrelatedNamesPass() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": """
            struct E: LocalizedError {
                var errorDescription: String? { nil }
                var failureReason: Optional<String> { nil }
                var recoverySuggestionCount: Int { 0 }
                var description: String { "" }
            }
            """
        ])
        #expect(project.lint(rule: "wrong-member-signature").isEmpty)
    }
}
