import Foundation
import ProcessKit
import Testing

/// git passes the local side of a refspec to the pre-push hook as the user typed it, spaces
/// included: `git push origin 'HEAD^{/docs only}:refs/heads/docs'` makes a line of six
/// space-separated fields. The built `prepush` as the installed hook of a real repository with a
/// bare remote judges such a push exactly as the same commit pushed as `HEAD:`.
@Suite("prepush ref expressions end to end", .serialized)
struct RefExpressionPushEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush

    @Test("A local ref with spaces: skipped as docs-only, or checked and stopped, as a HEAD: push of the same commit")
    func localRefWithSpaces() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try await repository.run(Self.prepush, ["install"]).checked()
        try await repository.run("git", ["push", "-q", "--no-verify", "origin", "main"]).checked()

        // A commit that changes no source: skipped, both ways.
        try repository.write("NOTES.txt", "notes\n")
        try await repository.commit("docs only")
        let expression = try await repository.run("git", ["push", "origin", "HEAD^{/docs only}:refs/heads/docs"])
        #expect(expression.succeeded, "\(expression.errorText)")
        #expect(!expression.errorText.contains("is not '<local ref>"), "\(expression.errorText)")
        #expect(expression.errorText.contains("nothing to check"), "\(expression.errorText)")
        let head = try await repository.run("git", ["rev-parse", "HEAD"]).outputText
        #expect(try await repository.remoteHead("docs") == head)
        let plain = try await repository.run("git", ["push", "origin", "HEAD:refs/heads/docs-head"])
        #expect(plain.succeeded, "\(plain.errorText)")
        #expect(Self.verdict(expression) == Self.verdict(plain))

        // A commit that breaks a test: checked and stopped, both ways; the remote keeps what it had.
        try repository.write(
            "Tests/CalcTests/CalcTests.swift",
            "import Calc\nimport Testing\n@Test func adds() { #expect(add(1, 2) == 4) }\n")
        try await repository.commit("broken test, docs only in name")
        let brokenExpression = try await repository.run(
            "git", ["push", "origin", "HEAD^{/broken test, docs only}:refs/heads/docs"])
        #expect(!brokenExpression.succeeded)
        #expect(
            brokenExpression.errorText.contains("prepush: test failed; the push is stopped"),
            "\(brokenExpression.errorText)")
        #expect(try await repository.remoteHead("docs") == head)
        let brokenPlain = try await repository.run("git", ["push", "origin", "HEAD:refs/heads/docs"])
        #expect(!brokenPlain.succeeded)
        #expect(brokenPlain.errorText.contains("prepush: test failed; the push is stopped"))
        #expect(try await repository.remoteHead("docs") == head)
    }

    /// The hook's lines that say what it decided (`prepush: …`), without timings and git's own lines.
    static func verdict(_ result: ProcessResult) -> [String] {
        result.errorText.split(separator: "\n").filter { $0.hasPrefix("prepush:") }.map {
            String($0.prefix { !$0.isNumber })
        }
    }
}
