import Foundation
import PreflightCore
import ProcessKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The git worktree where a commit is checked exactly, whatever the user's work tree holds (the
/// work tree is not what is pushed, or `--isolated`): `.build/prepush-worktree` under the
/// repository root, detached at the commit, built with its own scratch path
/// `.build/prepush-isolated`.
///
/// The worktree is kept between runs and only moved to the next commit (`git checkout --detach`,
/// then `git clean`, so its content is exactly the commit's tree plus ignored files), so the next
/// build is incremental. Both folders are prepush's own; a folder at the worktree's place that is
/// not this repository's worktree is reported, never removed. Moved with the repository, the
/// worktree is reconnected (``StrandedWorktree``).
struct IsolatedWorktree: Sendable {
    /// The root of the user's work tree.
    let repositoryRoot: String
    /// Where git's variables put the user's repository for the hook (``GitLocation``): a git
    /// directory outside the work tree (`git --git-dir=… --work-tree=… push`). The worktree itself
    /// is found from its folder.
    var location = GitLocation()

    init(repositoryRoot: String, location: GitLocation = GitLocation()) {
        self.repositoryRoot = repositoryRoot
        self.location = location
    }

    /// Where the pushed commit is checked out.
    var path: String { repositoryRoot + "/" + Self.relativePath }

    /// ``path`` relative to the repository's root.
    static let relativePath = ".build/prepush-worktree"

    /// SwiftPM's scratch path for the worktree's builds.
    var scratchPath: String { repositoryRoot + "/.build/prepush-isolated" }

    /// Puts the worktree at `commit`, creating it on first use, with the submodules the commit
    /// records filled from the user's clones of them (``WorktreeSubmodules``). The user's hooks
    /// (`post-checkout`) do not run: the worktree is prepush's. Returns a note for each submodule
    /// left empty, saying why, and one when the worktree had to be reconnected after a move.
    func checkOut(_ commit: String) async throws -> [String] {
        var repository = GitRepository(root: repositoryRoot)
        repository.location = location
        let worktree = GitRepository(root: path)
        let noHooks = ["-c", "core.hooksPath=/dev/null"]
        var notes: [String] = []
        if FileManager.default.fileExists(atPath: path), !(await isOwnWorktree(worktree, of: repository)) {
            // Moved with the repository, it is ours but git no longer knows it: reconnected.
            guard let stranded = await StrandedWorktree.find(at: path, of: repository) else {
                throw PrePushError.worktreeOccupied(path)
            }
            let repaired = try await stranded.reconnect(in: repository) {
                await isOwnWorktree(worktree, of: repository)
            }
            try removeScratchFolders()
            notes.append(
                repaired
                    ? "the worktree was registered at '\(stranded.recordedPath)' (moved); reconnected (git worktree repair), "
                        + "its builds made again"
                    : "the worktree was registered at '\(stranded.recordedPath)' (moved); made again")
        }
        if FileManager.default.fileExists(atPath: path) {
            // --force: leftovers of an earlier build in the worktree are prepush's, not the user's.
            _ = try await worktree.output(noHooks + ["checkout", "-q", "--force", "--detach", commit])
            // Files an earlier check left (untracked or ignored: a test's output, a Package.resolved
            // the commit does not have) would be built: not the commit's content. The scratch path
            // is outside the worktree, so nothing of the incremental build goes.
            _ = try await worktree.output(["clean", "-ffdxq"])
        } else {
            try FileManager.default.createDirectory(
                atPath: repositoryRoot + "/.build", withIntermediateDirectories: true)
            // -f: a worktree whose folder was deleted (`rm -rf .build`) is still registered; this takes
            // its place without pruning anything else (a prune would also drop the user's own worktrees
            // whose folders are missing right now, on an unmounted disk or moved).
            _ = try await repository.output(noHooks + ["worktree", "add", "-q", "-f", "--detach", path, commit])
        }
        // Where `git submodule` keeps this work tree's clones of its submodules.
        let modules = try await repository.output(["rev-parse", "--path-format=absolute", "--git-path", "modules"])
        return try await notes
            + WorktreeSubmodules(worktree: path, userRoot: repositoryRoot, moduleStore: modules).fill()
    }

    /// Removes the worktree's scratch folders, ``scratchPath`` and the per-package ones derived from
    /// it (``SharedScratchPaths``): after a move their builds name the old place, and the compiler
    /// refuses a module cache that moved ("was compiled with module cache path …").
    func removeScratchFolders() throws {
        let manager = FileManager.default
        let folder = (scratchPath as NSString).deletingLastPathComponent
        let name = (scratchPath as NSString).lastPathComponent
        for entry in (try? manager.contentsOfDirectory(atPath: folder)) ?? []
        where entry == name || entry.hasPrefix(name + "-") {
            try manager.removeItem(atPath: folder + "/" + entry)
        }
    }

    /// The folder at ``path`` is this repository's own linked worktree at that place: its top level
    /// is the folder, and it shares this repository's git directory. Anything else is reported
    /// (or, moved with the repository, reconnected: ``StrandedWorktree``), never checked out over
    /// or cleaned.
    private func isOwnWorktree(_ worktree: GitRepository, of repository: GitRepository) async -> Bool {
        let canonical = PhysicalRoot.physical
        let topLevel = try? await worktree.output(["rev-parse", "--show-toplevel"])
        let common = try? await worktree.output(["rev-parse", "--path-format=absolute", "--git-common-dir"])
        let ours = try? await repository.output(["rev-parse", "--path-format=absolute", "--git-common-dir"])
        guard let topLevel, canonical(topLevel) == canonical(path), let common, let ours else { return false }
        return canonical(common) == canonical(ours)
    }
}

/// An exclusive lock on prepush's worktree (`<git dir>/preflight/worktree.lock`), held from the
/// checkout to the end of a check, or through a warm-up's build (``WorktreeWarmUp``), so two runs
/// at once (two pushes, a push and a run by hand, a push and a warm-up) never build in it
/// together; the second waits (a check stops a warm-up instead). The holder writes what it is into
/// the file while it holds the lock, for the waiting run.
final class WorktreeLock: Sendable {
    private let descriptor: Int32

    /// How a check's line begins (``check(pid:)``).
    static let checkPrefix = "a check (pid "

    /// What a check writes while it holds the lock.
    static func check(pid: Int32) -> String { checkPrefix + "\(pid))" }

    /// Takes the lock as `holder` (a few words: "a check", "the background build of …"), waiting
    /// while another run holds it; `waiting` is called once first, with what that run said it is.
    init(gitDirectory: String, holder: String, waiting: (_ holder: String) -> Void) throws {
        let folder = gitDirectory + "/preflight"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let descriptor = open(folder + "/worktree.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw PrePushError.worktreeOccupied(folder + "/worktree.lock")
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            var bytes = [UInt8](repeating: 0, count: 512)
            let count = pread(descriptor, &bytes, bytes.count, 0)
            let said = count > 0 ? String(decoding: bytes.prefix(count), as: UTF8.self) : ""
            waiting(said.trimmingCharacters(in: .whitespacesAndNewlines))
            _ = flock(descriptor, LOCK_EX)
        }
        let text = Array((holder + "\n").utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        self.descriptor = descriptor
    }

    deinit {
        // Emptied first: a line left behind would name a run that has ended.
        _ = ftruncate(descriptor, 0)
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
