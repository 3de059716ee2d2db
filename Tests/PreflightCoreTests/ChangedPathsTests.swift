import Foundation
import PreflightCore
import TestSupport
import Testing

/// `GitRepository.changedPaths`: one `git diff` when the remote's commit is here, git's log over
/// the remote's tracking refs when it is not or is no commit, and git's message when the diff
/// fails for another reason.
@Suite struct ChangedPathsTests {
    @Test func diffWhenTheBaseIsHereLogOtherwise() async throws {
        let fixture = try GitFixture("changed-paths")
        try fixture.write("Sources/A.swift", "let a = 1\n")
        try fixture.write("README.md", "read me\n")
        try fixture.commitAll("first")
        let base = try fixture.git("rev-parse", "HEAD")
        try fixture.write("Sources/A.swift", "let a = 2\n")
        try fixture.write("Sources/B.swift", "let b = 1\n")
        try fixture.commitAll("second")
        let commit = try fixture.git("rev-parse", "HEAD")
        let repository = GitRepository(root: fixture.root)

        #expect(
            try await repository.changedPaths(commit: commit, base: base) == ["Sources/A.swift", "Sources/B.swift"])
        // A base that is no commit here (one the remote has and this clone never fetched), or no
        // base (a new ref): every commit no remote-tracking ref has, here both.
        let missing = String(repeating: "0", count: 39) + "1"
        let everything = ["README.md", "Sources/A.swift", "Sources/B.swift"]
        #expect(try await repository.changedPaths(commit: commit, base: missing) == everything)
        #expect(try await repository.changedPaths(commit: commit, base: nil) == everything)
        // A base that names a tree, not a commit, is not diffed either.
        let tree = try fixture.git("rev-parse", "HEAD~1^{tree}")
        #expect(try await repository.changedPaths(commit: commit, base: tree) == everything)
        // The base is here but the commit is not: git's message, not the log's answer.
        await #expect(throws: GitError.self) {
            try await repository.changedPaths(commit: missing, base: base)
        }
    }
}
