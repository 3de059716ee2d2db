import Foundation
import PreflightCore

/// The work tree's content as SwiftPM would compile it, as a git tree object, taken without
/// touching anything of the user's: tracked files as they are on disk (staged or not) and untracked
/// files that are not ignored. `.build` folders are never content.
///
/// A clean work tree costs one `git status` (its content is HEAD's tree). Otherwise the user's
/// index is copied into the run's own folder (so git's stat cache spares re-reading unchanged
/// files), `git add -A` and `git write-tree` run against that copy through `GIT_INDEX_FILE`, and
/// the copy is deleted: the user's index, files and stash are never written. The only trace is
/// blobs and trees in the object database, which git's garbage collection removes.
struct WorkTreeSnapshot: Sendable {
    let repository: GitRepository
    /// The work tree's git directory (`git rev-parse --absolute-git-dir`), which holds its index.
    let gitDirectory: String
    /// A folder of the run's own for the temporary index.
    let scratchDirectory: String

    /// Paths that are never content: SwiftPM's build folders, wherever a package is.
    static let pathspec = ["--", ".", ":(exclude,glob)**/.build/**"]

    /// HEAD and whether anything differs from it, in one `git status` call.
    func status() async throws -> (head: String?, isClean: Bool) {
        let entries = try await repository.entries(
            ["status", "--porcelain=v2", "--branch", "-z", "--untracked-files=normal", "--ignore-submodules=none"]
                + Self.pathspec)
        var head: String?
        var clean = true
        for entry in entries {
            if entry.hasPrefix("# branch.oid ") {
                let name = String(entry.dropFirst("# branch.oid ".count))
                head = ObjectName.isValid(name) ? name : nil
            } else if !entry.hasPrefix("# ") {
                clean = false
            }
        }
        return (head, clean)
    }

    /// The content's tree: `headTree` when `status` found nothing changed, else written through a
    /// temporary index.
    func take(status: (head: String?, isClean: Bool), headTree: String?) async throws -> WorkTreeState {
        if status.isClean, let headTree {
            return WorkTreeState(head: status.head, tree: headTree, isClean: true)
        }
        let index = scratchDirectory + "/snapshot-index-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: index) }
        try? FileManager.default.copyItem(atPath: gitDirectory + "/index", toPath: index)
        let environment = ["GIT_INDEX_FILE": index]
        _ = try await repository.output(["add", "-A"] + Self.pathspec, environment: environment)
        let tree = try await repository.output(["write-tree"], environment: environment)
        return WorkTreeState(head: status.head, tree: tree, isClean: tree == headTree)
    }

    /// A fresh snapshot, for after a check: the status, then the tree when something changed.
    func take(headTree: @Sendable (String) async throws -> String) async throws -> WorkTreeState {
        let status = try await status()
        var tree: String?
        if let head = status.head { tree = try await headTree(head) }
        return try await take(status: status, headTree: tree)
    }
}
