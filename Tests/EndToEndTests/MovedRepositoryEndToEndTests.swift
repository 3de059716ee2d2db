import Foundation
import ProcessKit
import Testing

/// A repository moved after a push warmed prepush's worktree (`mv w moved`): the worktree moves
/// with it, and git's record of it names the old place. The built `prepush` reconnects it with
/// git's own repair and checks in it; nothing of the user's changes.
@Suite("prepush moved repository end to end", .serialized)
struct MovedRepositoryEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush

    @Test("After mv, --isolated passes in the reconnected worktree, listed at its new place; nothing else changes")
    func movedRepository() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository(test: WarmWorktreeEndToEndTests.test)
        try await repository.run(Self.prepush, ["install"]).checked()
        // A passing in-place push: the warm-up makes prepush's worktree.
        let push = try await repository.run(
            "git", ["push", "origin", "main"], environment: WarmWorktreeEndToEndTests.asUsers)
        #expect(push.succeeded, "\(push.errorText)")
        let warmUp = try await WarmWorktreeEndToEndTests().waitForWarmUp(repository)
        #expect(warmUp.contains("the worktree is warm at"), "\(warmUp)")

        let moved = repository.root + "/moved"
        try FileManager.default.moveItem(atPath: repository.work, toPath: moved)
        let stale = try await repository.run("git", ["worktree", "list", "--porcelain"], in: moved).outputText
        #expect(stale.contains("worktree \(repository.work)/.build/prepush-worktree\n"), "\(stale)")
        #expect(stale.contains("prunable"))

        // A dirty work tree: what is checked is the commit, in the worktree.
        try "public func add(_ a: Int, _ b: Int) -> Int { a + }\n".write(
            toFile: moved + "/Sources/Calc/Calc.swift", atomically: true, encoding: .utf8)
        let warmUpTests = WarmWorktreeEndToEndTests()
        let status = try await repository.run("git", ["status", "--porcelain=v1"], in: moved).outputText
        let files = try warmUpTests.files(under: moved)
        let refs = try await repository.run("git", ["show-ref"], in: moved).outputText
        let isolated = try await repository.run(Self.prepush, ["--isolated", "--no-cache"], in: moved)
        #expect(isolated.termination == .exited(0), "\(isolated.errorText)")
        #expect(isolated.errorText.contains("in its own worktree"), "\(isolated.errorText)")
        #expect(isolated.errorText.contains("reconnected (git worktree repair)"), "\(isolated.errorText)")
        #expect(isolated.errorText.contains("1 test passed"), "\(isolated.errorText)")

        let listed = try await repository.run("git", ["worktree", "list", "--porcelain"], in: moved).outputText
        let paths = listed.split(separator: "\n").filter { $0.hasPrefix("worktree ") }
        #expect(paths == ["worktree \(moved)", "worktree \(moved)/.build/prepush-worktree"], "\(listed)")
        #expect(!listed.contains("prunable"))
        let head = try await repository.run("git", ["rev-parse", "HEAD"], in: moved).outputText
        #expect(
            try await repository.run("git", ["rev-parse", "HEAD"], in: moved + "/.build/prepush-worktree").outputText
                == head)
        #expect(try await repository.run("git", ["status", "--porcelain=v1"], in: moved).outputText == status)
        #expect(try warmUpTests.files(under: moved) == files)
        #expect(try await repository.run("git", ["show-ref"], in: moved).outputText == refs)
        #expect(!FileManager.default.fileExists(atPath: repository.work))
    }
}
