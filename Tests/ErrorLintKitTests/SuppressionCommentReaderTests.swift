import Foundation
import Testing

@testable import ErrorLintKit
@testable import ErrorLintSettings
@testable import PreflightCore

@Suite("errorlint suppression comments")
struct SuppressionCommentReaderTests {
    @Test(
        "Comments are found by swift-syntax: line and block comments, trailing ones; text in strings is not a comment")
    func readsComments() throws {
        let source = """
            // errorlint:disable:next missing-member
            enum A: Error {}
            let s = "// errorlint:disable all"
            let t = \"\"\"
                // errorlint:disable all
                \"\"\"
            enum B: Error {}  /* errorlint:disable:this missing-key */
            /// errorlint:disable uncovered-case
            """
        let parsed = try #require(SuppressionCommentReader.directives(in: source))
        #expect(
            parsed.directives == [
                SuppressionDirective(action: .disableNext, rules: ["missing-member"], line: 1, column: 1),
                SuppressionDirective(action: .disableThis, rules: ["missing-key"], line: 7, column: 19),
                SuppressionDirective(action: .disable, rules: ["uncovered-case"], line: 8, column: 1),
            ])
        #expect(SuppressionCommentReader.directives(in: "let s = \"// errorlint:disable all\"\n") == nil)
    }

    @Test("ErrorLintRun applies them: the finding is gone, the summary counts it, an unused one is a warning")
    func run() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": """
            import Foundation

            // errorlint:disable:next missing-member
            enum E: LocalizedError {
                case failed
                var errorDescription: String? { "failed" }
            }
            // errorlint:disable:next missing-key
            let x = 1

            """
        ])
        var output = ""
        var errors = ""
        var options = ErrorLintOptions()
        options.requiredMembers = [.failureReason, .recoverySuggestion]
        let status = ErrorLintRun.run(
            options, in: project.root, output: { output += $0 }, errorOutput: { errors += $0 })
        #expect(status == .clean)
        #expect(
            output
                == "Sources/App/E.swift:8:1: warning: 'errorlint:disable:next' of 'missing-key' suppressed nothing; "
                + "remove it [unused-suppression]\n")
        #expect(errors.contains("1 warning in 1 file (2 suppressed by comments; 1 LocalizedError type"), "\(errors)")
    }
}
