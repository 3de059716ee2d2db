import Foundation
import PreflightCore
import TestSupport
import Testing

@testable import PrePushKit

/// Where the hook finds the repository is git's answer, whether read from `.git` (the plain
/// layouts) or asked of git.
@Suite("Repository place")
struct RepositoryPlaceTests {
    /// `git rev-parse --show-toplevel --absolute-git-dir` in `directory`, links resolved.
    private func gitPlace(_ directory: String) throws -> [String?] {
        try GitFixture.git(["rev-parse", "--show-toplevel", "--absolute-git-dir"], in: directory)
            .split(separator: "\n").map { StandardPath.resolved(String($0)) }
    }

    @Test("The root and git directory of a repository, a subfolder and a linked worktree are git's")
    func plainLayouts() async throws {
        let fixture = try GitFixture("repository-place", linksResolved: true)
        try fixture.write("Sources/A/a.swift", "let a = 1\n")
        try fixture.commitAll("initial")
        let worktree = fixture.root + "-worktree"
        try fixture.git("worktree", "add", "-q", "--detach", worktree)
        defer { try? FileManager.default.removeItem(atPath: worktree) }
        for directory in [fixture.root, fixture.path("Sources/A"), worktree] {
            let place = try await RepositoryPlace.locate(directory)
            #expect(
                [StandardPath.resolved(place.root), StandardPath.resolved(place.gitDirectory)]
                    == (try gitPlace(directory)))
        }
        // Outside any repository: the error git's answer gives.
        let outside = NSTemporaryDirectory() + "repository-place-none-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        await #expect(throws: PrePushError.self) { try await RepositoryPlace.locate(outside) }
    }
}
