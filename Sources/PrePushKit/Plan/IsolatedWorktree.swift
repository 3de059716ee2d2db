import Foundation
import PreflightCore
import ProcessKit

/// The git worktree where a commit is checked exactly, whatever the user's work tree holds (the
/// work tree is not what is pushed, or `--isolated`): `.build/prepush-worktree` under the
/// repository root, detached at the commit, built with its own scratch path
/// `.build/prepush-isolated`.
///
/// The worktree is kept between runs and only moved to the next commit (`git checkout --detach`,
/// then `git clean`, so its content is exactly the commit's tree plus ignored files), so the next
/// build is incremental. Both folders are prepush's own; a folder at the worktree's place that is
/// not this repository's worktree is reported, never removed.
struct IsolatedWorktree: Sendable {
    /// The root of the user's work tree.
    let repositoryRoot: String

    /// Where the pushed commit is checked out.
    var path: String { repositoryRoot + "/.build/prepush-worktree" }

    /// SwiftPM's scratch path for the worktree's builds.
    var scratchPath: String { repositoryRoot + "/.build/prepush-isolated" }

    /// Puts the worktree at `commit`, creating it on first use.
    func checkOut(_ commit: String) async throws {
        let repository = GitRepository(root: repositoryRoot)
        let worktree = GitRepository(root: path)
        if FileManager.default.fileExists(atPath: path) {
            let topLevel = try? await worktree.output(["rev-parse", "--show-toplevel"])
            let standardized = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
            guard let topLevel,
                URL(fileURLWithPath: topLevel).standardizedFileURL.resolvingSymlinksInPath().path == standardized
            else {
                throw PrePushError.worktreeOccupied(path)
            }
            // --force: leftovers of an earlier build in the worktree are prepush's, not the user's.
            _ = try await worktree.output(["checkout", "-q", "--force", "--detach", commit])
            // Untracked files an earlier check's tests left would be compiled: not the commit's content.
            _ = try await worktree.output(["clean", "-ffdq"])
            return
        }
        // A worktree whose folder was deleted (`rm -rf .build`) is still registered; forget it first.
        _ = try await repository.output(["worktree", "prune"])
        try FileManager.default.createDirectory(
            atPath: repositoryRoot + "/.build", withIntermediateDirectories: true)
        _ = try await repository.output(["worktree", "add", "-q", "--detach", path, commit])
    }
}
