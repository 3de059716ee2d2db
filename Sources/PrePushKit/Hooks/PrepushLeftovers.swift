import Foundation
import PreflightCore
import ProcessKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What prepush keeps in a repository besides its hooks, which `prepush uninstall` removes: its
/// worktrees (``IsolatedWorktree``: `<work tree>/.build/prepush-worktree`, registered with git)
/// with their build folders, and its records, `<git dir>/preflight` (verified pushes, test
/// timings and coverage baselines, the warm-up's plan), unless they are to be kept.
///
/// A worktree is removed through git (`git worktree remove --force --force`, which also drops a
/// registration whose folder is gone), only one git lists at prepush's place; the user's own
/// worktrees are never touched, not even pruned.
package struct PrepushLeftovers: Sendable {
    /// A folder inside the repository.
    package var repository: String

    package init(repository: String) {
        self.repository = repository
    }

    /// Removes the worktrees and their build folders, and the records unless `keepRecords`;
    /// returns a line for each thing removed or kept.
    package func remove(keepRecords: Bool) throws(HookError) -> [String] {
        var lines: [String] = []
        let records = try git(["rev-parse", "--path-format=absolute", "--git-common-dir"]) + "/preflight"
        // Held until the end: a check waits; a background build of the worktree is stopped, as a
        // check stops it.
        var lock: WorktreeLock?
        if FileManager.default.fileExists(atPath: records) {
            lock = try? WorktreeLock(
                gitDirectory: (records as NSString).deletingLastPathComponent,
                holder: "prepush uninstall (pid \(getpid()))"
            ) { holder in
                if let pid = WorktreeWarmUp.stopIfHolding(holder) {
                    lines.append("prepush: stopped the worktree's background build (pid \(pid))\n")
                }
            }
        }
        defer { withExtendedLifetime(lock) {} }
        let listed = try git(["worktree", "list", "--porcelain"]).split(separator: "\n")
            .filter { $0.hasPrefix("worktree ") }.map { String($0.dropFirst("worktree ".count)) }
        let suffix = "/" + IsolatedWorktree.relativePath
        for path in listed where path.hasSuffix(suffix) {
            _ = try git(["worktree", "remove", "--force", "--force", path])
            lines.append("prepush: removed its worktree \(path) (git worktree remove)\n")
        }
        for root in listed where !root.hasSuffix(suffix) {
            do {
                try IsolatedWorktree(repositoryRoot: root).removeScratchFolders()
            } catch {
                throw .cannotRemove(root + "/.build/prepush-isolated", reason: error.localizedDescription)
            }
        }
        guard FileManager.default.fileExists(atPath: records) else { return lines }
        if keepRecords {
            lines.append("prepush: kept its records, \(records) (--keep-records)\n")
            return lines
        }
        do {
            try FileManager.default.removeItem(atPath: records)
        } catch {
            throw .cannotRemove(records, reason: error.localizedDescription)
        }
        lines.append(
            "prepush: removed its records, \(records) (verified pushes, test timings, baselines; --keep-records keeps "
                + "them)\n")
        return lines
    }

    /// git's answer, trimmed; throws with git's message when it fails.
    private func git(_ arguments: [String]) throws(HookError) -> String {
        let result = try? GitRepository.command(arguments, in: repository).runBlocking()
        guard let result, result.succeeded else {
            let message = result?.errorText.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            throw .cannotRemove(
                repository,
                reason: "git \(arguments.joined(separator: " ")) failed" + (message.isEmpty ? "." : ": \(message)"))
        }
        return result.outputText.trimmingCharacters(in: .newlines)
    }
}
