import Testing

@testable import ErrorLintKit

@Suite struct UnlocalizedTextRuleTests {
    @Test func literalsAndInterpolationsWithWords() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": """
            enum E: LocalizedError {
                case a, b(String), c(String)
                var errorDescription: String? {
                    switch self {
                    case .a: "Plain text"
                    case .b(let name): "Missing \\(name)"
                    case .c(let detail): "\\(detail)"
                    }
                }
            }
            """
        ])
        #expect(
            project.lint(rule: "unlocalized-text") == [
                "Sources/App/E.swift:5: [unlocalized-text] errorDescription of 'E' returns text that is not "
                    + "localized: \"Plain text\"; use String(localized:)",
                "Sources/App/E.swift:6: [unlocalized-text] errorDescription of 'E' returns text that is not "
                    + "localized: \"Missing \"; use String(localized:)",
            ])
    }

    @Test func localizedFormatsAreNotReported() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": """
            struct E: LocalizedError {
                var count: Int
                var errorDescription: String? {
                    String(format: NSLocalizedString("%lld files failed", comment: ""), count)
                }
            }
            """
        ])
        #expect(project.lint(rule: "unlocalized-text").isEmpty)
    }
}
