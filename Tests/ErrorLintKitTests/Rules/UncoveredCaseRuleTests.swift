import Testing

@testable import ErrorLintKit

@Suite struct UncoveredCaseRuleTests {
    @Test func defaultReturnNilNamesTheHiddenCases() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": """
            enum E: LocalizedError {
                case a, b(Int), c
                var errorDescription: String? {
                    switch self {
                    case .a: return String(localized: "A")
                    default: return nil
                    }
                }
            }
            """
        ])
        #expect(
            project.lint(rule: "uncovered-case") == [
                "Sources/App/E.swift:3: [uncovered-case] errorDescription of 'E' returns nil for .b, .c"
            ])
    }

    @Test func optionalMembersAreNotChecked() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": """
            enum E: LocalizedError {
                case a
                var errorDescription: String? { String(localized: "A") }
                var helpAnchor: String? { nil }
            }
            """
        ])
        #expect(project.lint(rule: "uncovered-case").isEmpty)
    }
}
