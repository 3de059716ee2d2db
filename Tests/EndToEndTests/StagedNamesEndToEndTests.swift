import Foundation
import ProcessKit
import Testing

/// Staged file names are bytes: two names that differ only in bytes that are not UTF-8
/// (`e\376.swift`, `e\377.swift`) are two files to `todoscan --staged` and the pre-commit hook,
/// never one (an ERROR in either is found), and are shown with git's octal escapes.
@Suite("staged names that are not UTF-8 end to end", .serialized)
struct StagedNamesEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository

    /// Stages `files` (name's bytes → content) in `repository`'s index, as `git update-index
    /// --index-info` takes names: whatever their bytes.
    func stage(_ files: [([UInt8], String)], in repository: Repository) async throws {
        var lines: [UInt8] = []
        for (name, text) in files {
            let scratch = repository.root + "/blob"
            try text.write(toFile: scratch, atomically: true, encoding: .utf8)
            let object = try await repository.run("git", ["hash-object", "-w", scratch]).checked().outputText
            lines += Array("100644 \(object.trimmingCharacters(in: .newlines))\t".utf8) + name + [10]
        }
        var command = Command("git", ["update-index", "--index-info"], workingDirectory: repository.work)
        command.environment = .inherit.setting(["PREPUSH_VERBOSE": "1"]).removing(
            "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")
        command.standardInput = .bytes(lines)
        try await command.run().checked()
    }

    static let low = Array("Sources/e".utf8) + [0xFE] + Array(".swift".utf8)
    static let high = Array("Sources/e".utf8) + [0xFF] + Array(".swift".utf8)

    @Test(
        "An ERROR in either of two names that decode alike is reported, by hand and by the hook",
        arguments: [true, false])
    func collidingNames(errorInLow: Bool) async throws {
        let repository = try await Repository.make(files: ["Sources/A.swift": "let a = 1\n"])
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        let error = "// ERROR: x\n"
        let clean = "let b = 2\n"
        try await stage(
            [(Self.low, errorInLow ? error : clean), (Self.high, errorInLow ? clean : error)], in: repository)
        let shown = errorInLow ? "Sources/e\\376.swift" : "Sources/e\\377.swift"

        let byHand = try await repository.run(PreCommitEndToEndTests.todoscan, ["--staged"])
        #expect(byHand.termination == .exited(1), "\(byHand.outputText)\(byHand.errorText)")
        #expect(byHand.outputText.contains("\(shown):1:4: error: ERROR: x"), "\(byHand.outputText)")
        #expect(byHand.errorText.contains("in 2 files"), "\(byHand.errorText)")

        let install = try await repository.run(PreCommitEndToEndTests.prepush, ["install", "--pre-commit"])
        #expect(install.succeeded, "\(install.errorText)")
        let commit = try await repository.run("git", ["commit", "-m", "two names"])
        #expect(commit.termination == .exited(1), "\(commit.errorText)")
        #expect(commit.errorText.contains("\(shown):1:4: error: ERROR: x"), "\(commit.errorText)")
        #expect(try await repository.run("git", ["rev-list", "--count", "HEAD"]).outputText == "1\n")
    }

    @Test(
        "Two names equal as Swift strings (café composed and decomposed) are two files: an ERROR in either is reported",
        arguments: [true, false])
    func canonicallyEquivalentNames(errorInDecomposed: Bool) async throws {
        let repository = try await Repository.make(files: ["Sources/A.swift": "let a = 1\n"])
        let composed = Array("Sources/caf\u{E9}.swift".utf8)
        let decomposed = Array("Sources/cafe\u{301}.swift".utf8)
        let error = "// ERROR: x\n"
        let clean = "let b = 2\n"
        try await stage(
            [(composed, errorInDecomposed ? clean : error), (decomposed, errorInDecomposed ? error : clean)],
            in: repository)
        let shown = errorInDecomposed ? "Sources/cafe\\314\\201.swift" : "Sources/caf\u{E9}.swift"
        // Twenty runs: a collision showed as an ERROR found in some runs and not in others.
        for _ in 0..<20 {
            let byHand = try await repository.run(PreCommitEndToEndTests.todoscan, ["--staged"])
            #expect(byHand.termination == .exited(1), "\(byHand.outputText)\(byHand.errorText)")
            #expect(byHand.outputText.contains("\(shown):1:4: error: ERROR: x"), "\(byHand.outputText)")
            #expect(byHand.errorText.contains("in 2 files"), "\(byHand.errorText)")
        }
    }

    @Test("The same names read through git's own answers (a deletion beside them: a possible rename)")
    func collidingNamesThroughGit() async throws {
        let repository = try await Repository.make(files: [
            "Sources/A.swift": "let a = 1\n", "Sources/Old.swift": "let old = 1\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        try await repository.run("git", ["rm", "-q", "--cached", "Sources/Old.swift"]).checked()
        try await stage([(Self.low, "// ERROR: x\n"), (Self.high, "let b = 2\n")], in: repository)

        let byHand = try await repository.run(PreCommitEndToEndTests.todoscan, ["--staged"])
        #expect(byHand.termination == .exited(1), "\(byHand.outputText)\(byHand.errorText)")
        #expect(byHand.outputText.contains("Sources/e\\376.swift:1:4: error: ERROR: x"), "\(byHand.outputText)")
    }
}
