import Testing

@testable import ErrorLintKit

@Suite struct UnlocalizedTextRuleTests {
    static let source = """
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

    static let findings = [
        "Sources/App/E.swift:5: [unlocalized-text] errorDescription of 'E' returns text that is not "
            + "localized: \"Plain text\"; use String(localized:)",
        "Sources/App/E.swift:6: [unlocalized-text] errorDescription of 'E' returns text that is not "
            + "localized: \"Missing \\(name)\"; use String(localized:)",
    ]

    @Test func literalsAndInterpolationsWithWords() throws {
        let project = try TemporaryProject(files: ["Sources/App/E.swift": Self.source])
        #expect(project.lint(rule: "unlocalized-text") == Self.findings)
    }

    @Test func interpolationsAreQuotedAsWritten() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": ##"""
            struct E: LocalizedError {
                var command: String
                var code: Int32
                var errorDescription: String? {
                    "'\(command)' invocation failed with a nonzero exit code: \(code)."
                }
                var failureReason: String? { "Because \( command.uppercased() ) said \(code, radix: 16)" }
                var recoverySuggestion: String? { #"Run "\#(command)" again"# }
            }
            """##
        ])
        #expect(
            project.lint(rule: "unlocalized-text") == [
                "Sources/App/E.swift:5: [unlocalized-text] errorDescription of 'E' returns text that is not "
                    + #"localized: "'\(command)' invocation failed with a nonzero exit code: \(code)."; use "#
                    + "String(localized:)",
                "Sources/App/E.swift:7: [unlocalized-text] failureReason of 'E' returns text that is not "
                    + #"localized: "Because \( command.uppercased() ) said \(code, radix: 16)"; use "#
                    + "String(localized:)",
                "Sources/App/E.swift:8: [unlocalized-text] recoverySuggestion of 'E' returns text that is not "
                    + ##"localized: "Run "\#(command)" again"; use String(localized:)"##,
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
