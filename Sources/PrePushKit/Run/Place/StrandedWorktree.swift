import Foundation
import PreflightCore

/// prepush's worktree cut off from its repository: the repository was moved (`mv w moved`), so
/// the worktree's `.git` file names the old `<git dir>/worktrees/<id>` and git's record of it
/// (`<git dir>/worktrees/<id>/gitdir`) the old folder, which git lists as prunable. git can no
/// longer tell that the folder is this repository's worktree, so it is recognised here, strictly,
/// and reconnected with git's own `git worktree repair`.
///
/// Strictly: the folder's `.git` is a file naming `…/worktrees/<id>`, where `<id>` is registered
/// in this repository's common git directory, and either it names that registration and git's
/// record of `<id>` is a place git lists as prunable (the work tree moved, its git directory did
/// not), or the place it names no longer exists and the record is prepush's worktree at another
/// place git lists as prunable (both moved). Anything else (a worktree of another repository, a
/// user's own folder, a registration a live folder holds) is not recognised and stays refused.
struct StrandedWorktree: Sendable {
    /// The folder, where prepush keeps its worktree.
    let path: String
    /// Where git's record says the worktree is: the old place after a move.
    let recordedPath: String

    /// The stranded worktree at `path` of `repository`, or `nil` when the folder is not one.
    static func find(at path: String, of repository: GitRepository) async -> StrandedWorktree? {
        let manager = FileManager.default
        let dotGit = path + "/.git"
        guard (try? manager.attributesOfItem(atPath: dotGit)[.type]) as? FileAttributeType == .typeRegular,
            let link = firstLine(of: dotGit), link.hasPrefix("gitdir: ")
        else { return nil }
        var named = String(link.dropFirst("gitdir: ".count))
        if !named.hasPrefix("/") { named = path + "/" + named }
        let id = (named as NSString).lastPathComponent
        let parent = (named as NSString).deletingLastPathComponent
        guard !id.isEmpty, id != ".", id != "..", (parent as NSString).lastPathComponent == "worktrees",
            let common = try? await repository.output(["rev-parse", "--path-format=absolute", "--git-common-dir"])
        else { return nil }
        let registration = common + "/worktrees/" + id
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: registration, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        // git's record: the absolute path of the worktree's `.git` file.
        guard let recorded = firstLine(of: registration + "/gitdir"), recorded.hasSuffix("/.git") else { return nil }
        let recordedPath = String(recorded.dropLast("/.git".count))
        let canonical = PhysicalRoot.physical
        let namesRegistration = canonical(named) == canonical(registration)
        let recordsFolder = canonical(recordedPath) == canonical(path)
        if namesRegistration && recordsFolder { return nil }  // nothing to reconnect: not a move
        if !namesRegistration {
            // Both links name old places: the folder and the repository moved together (the two
            // old places lie as the two new ones do), and the record was prepush's worktree there.
            guard !manager.fileExists(atPath: named), !recordsFolder,
                recordedPath.hasSuffix("/" + IsolatedWorktree.relativePath),
                relative(from: recordedPath, to: named) == relative(from: canonical(path), to: canonical(registration))
            else { return nil }
        }
        guard await isListedPrunable(recordedPath, by: repository) else { return nil }
        return StrandedWorktree(path: path, recordedPath: recordedPath)
    }

    /// Reconnects the worktree with `git worktree repair` (which also reconnects any other
    /// worktree of the repository the same move cut off: git always does). Returns whether
    /// `isOwn` now holds; when it does not (a git without `repair`, a repair that did not take),
    /// the folder and git's stale record are removed instead, so that the caller adds the
    /// worktree again.
    func reconnect(in repository: GitRepository, isOwn: () async -> Bool) async throws -> Bool {
        _ = try? await repository.output(["worktree", "repair", path])
        if await isOwn() { return true }
        try FileManager.default.removeItem(atPath: path)
        // A record still at the old place names a missing folder: git removes only the record. One
        // the repair moved to this folder is taken over by the caller's `worktree add -f`.
        if await Self.isListedPrunable(recordedPath, by: repository) {
            _ = try await repository.output(["worktree", "remove", "--force", recordedPath])
        }
        return false
    }

    /// Whether `git worktree list` lists `folder` as prunable (its folder, or its `.git`, is gone).
    private static func isListedPrunable(_ folder: String, by repository: GitRepository) async -> Bool {
        guard let lines = try? await repository.entries(["worktree", "list", "--porcelain", "-z"]) else { return false }
        var current: String?
        for line in lines {
            if line.hasPrefix("worktree ") {
                current = String(line.dropFirst("worktree ".count))
            } else if line.hasPrefix("prunable"), current == folder {
                return true
            }
        }
        return false
    }

    /// The way from folder `from` to `to`: `..` for each of `from`'s own components, then `to`'s.
    private static func relative(from: String, to: String) -> [String] {
        let start = from.split(separator: "/").map(String.init)
        let end = to.split(separator: "/").map(String.init)
        var shared = 0
        while shared < min(start.count, end.count), start[shared] == end[shared] { shared += 1 }
        return Array(repeating: "..", count: start.count - shared) + end[shared...]
    }

    /// A small file's first line, without its line end (git's link and record files).
    private static func firstLine(of path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 4096) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(line).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
