import Foundation
import ProcessKit
import Testing

/// `todoscan --staged` and `errorlint --staged` alone, the pre-commit hook's command lines, are
/// read without ArgumentParser (`StagedCommandLine`): each must do exactly what ArgumentParser's
/// parse of the same options does, here reached by a command line that means the same
/// (`todoscan --staged .`, `errorlint check --staged`), with a configuration file that sets what
/// the flags would, in a subfolder, on a staged state that differs from the work tree.
@Suite("the hook's --staged command line, read without ArgumentParser, end to end", .serialized)
struct StagedCommandLineEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository

    /// What a run printed and how it ended.
    struct Outcome: Equatable {
        var termination: String
        var output: String
        var errors: String

        init(_ result: ProcessResult) {
            termination = "\(result.termination)"
            output = result.outputText
            errors = result.errorText
        }
    }

    @Test("todoscan --staged and errorlint --staged print and exit as their ArgumentParser spellings do")
    func sameAsArgumentParser() async throws {
        let repository = try await Repository.make(files: [
            "Sources/Kit/A.swift": "let a = 1\n"
        ])
        // The settings the flags lay over: an extra tag, deadlines, the rules and members errorlint
        // reads, and a `since` that --staged sets aside.
        try repository.write(
            ".preflight.json",
            """
            {"todoscan": {"tags": {"HACK": "error"}, "expiring": true, "since": "HEAD"},
             "errorlint": {"requiredMembers": ["failureReason"], "since": "HEAD"}}

            """)
        try repository.write(
            "Sources/Kit/A.swift", "let a = 1\n// HACK: staged\n// TODO(2000-01-01): expired\n// TODO: later\n")
        try repository.write(
            "Sources/Kit/Lost.swift",
            "import Foundation\nenum Lost: LocalizedError {\n  case gone\n  var errorDescription: String? { \"gone\" }\n}\n"
        )
        try await repository.run("git", ["add", "-A"]).checked()
        // Unstaged: neither tool may see it.
        try repository.write("Sources/Kit/A.swift", "let a = 1\n// FIXME: unstaged\n")

        let folder = repository.work + "/Sources"
        let todoscan = Outcome(try await repository.run(PreCommitEndToEndTests.todoscan, ["--staged"], in: folder))
        #expect(todoscan.termination == "\(Termination.exited(1))", "\(todoscan)")
        #expect(todoscan.output.contains("HACK: staged") && todoscan.output.contains("expired on 2000-01-01"))
        #expect(!todoscan.output.contains("unstaged"))
        #expect(
            Outcome(try await repository.run(PreCommitEndToEndTests.todoscan, ["--staged", "."], in: folder))
                == todoscan)

        let errorlint = Outcome(try await repository.run(PreCommitEndToEndTests.errorlint, ["--staged"], in: folder))
        #expect(errorlint.output.contains("Lost.swift") && errorlint.output.contains("failureReason"), "\(errorlint)")
        #expect(
            Outcome(try await repository.run(PreCommitEndToEndTests.errorlint, ["check", "--staged"], in: folder))
                == errorlint)
    }
}
