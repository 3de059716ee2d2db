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

        // The hook's one process for both: what the two print, todoscan's first, and the larger status.
        let both = Outcome(try await repository.run(PreCommitEndToEndTests.errorlint, withTodoScan, in: folder))
        #expect(both == Self.joined(todoscan, errorlint), "\(both)")
    }

    /// errorlint's command line for both checks (the hook's when the two were built together).
    let withTodoScan = ["--staged", "--with-todoscan"]

    /// What the hook printed when it ran `first`'s tool and then `second`'s: their outputs one after
    /// the other, and the larger status.
    static func joined(_ first: Outcome, _ second: Outcome) -> Outcome {
        var both = first
        both.output += second.output
        both.errors += second.errors
        if second.termination > first.termination { both.termination = second.termination }
        return both
    }

    @Test("errorlint --staged --with-todoscan says what the two tools say when git or todoscan's settings fail")
    func withTodoScanFailures() async throws {
        let repository = try await Repository.make(files: ["Sources/Kit/A.swift": "let a = 1\n"])
        try repository.write("Sources/Kit/A.swift", "let a = 1\n// ERROR: staged\n")
        try repository.write(
            "Sources/Kit/Lost.swift", "import Foundation\nenum Lost: LocalizedError {\n  case gone\n}\n")
        try await repository.run("git", ["add", "-A"]).checked()
        let tools = (todoscan: PreCommitEndToEndTests.todoscan, errorlint: PreCommitEndToEndTests.errorlint)

        // Outside a work tree: each tool's error.
        let outside = Outcome(try await repository.run(tools.errorlint, withTodoScan, in: repository.root))
        #expect(outside.termination == "\(Termination.exited(2))", "\(outside)")
        #expect(
            outside
                == Self.joined(
                    Outcome(try await repository.run(tools.todoscan, ["--staged"], in: repository.root)),
                    Outcome(try await repository.run(tools.errorlint, ["--staged"], in: repository.root))))

        // todoscan's settings unreadable: its error, and errorlint's check all the same.
        try repository.write(".preflight.json", "{\"todoscan\": {\"tags\": 5}}\n")
        let broken = Outcome(try await repository.run(tools.errorlint, withTodoScan))
        let todoscan = Outcome(try await repository.run(tools.todoscan, ["--staged"]))
        #expect(todoscan.termination == "\(Termination.exited(2))", "\(todoscan)")
        #expect(broken == Self.joined(todoscan, Outcome(try await repository.run(tools.errorlint, ["--staged"]))))
        #expect(broken.output.contains("Lost.swift"), "\(broken)")
        // errorlint's unreadable: todoscan's check all the same, then errorlint's error.
        try repository.write(".preflight.json", "{\"errorlint\": {\"requiredMembers\": 5}}\n")
        let errorlint = Outcome(try await repository.run(tools.errorlint, ["--staged"]))
        #expect(errorlint.termination == "\(Termination.exited(2))", "\(errorlint)")
        let other = Outcome(try await repository.run(tools.errorlint, withTodoScan))
        #expect(other == Self.joined(Outcome(try await repository.run(tools.todoscan, ["--staged"])), errorlint))
        #expect(other.output.contains("ERROR: staged"), "\(other)")

        // With any other option it is a usage error that says what it is for.
        let usage = Outcome(try await repository.run(tools.errorlint, ["check"] + withTodoScan))
        #expect(usage.termination == "\(Termination.exited(2))")
        #expect(usage.errors.contains("pre-commit hook's"), "\(usage)")
    }
}
