import Foundation
import PreflightCore

/// The work tree's content as SwiftPM would compile it, as a git tree object, taken without
/// touching anything of the user's: tracked files as they are on disk (staged or not) and untracked
/// files that are not ignored. `.build` folders and `*.profraw` files are never content.
///
/// prepush keeps an index file of its own, `<git dir>/preflight/snapshot-index` (started as a copy
/// of the user's), that holds the last snapshot with git's stat cache and untracked cache
/// (`core.untrackedCache`), so that asking "is the work tree exactly HEAD?" costs one `git status`
/// that stats directories instead of reading them. When something differs, `git add -A` and `git
/// write-tree` against that index give the content's tree. Every call names it through
/// `GIT_INDEX_FILE`: the user's index, files and stash are never written. The only other trace is
/// blobs and trees in the object database, which git's garbage collection removes.
struct WorkTreeSnapshot: Sendable {
    let repository: GitRepository
    /// The work tree's git directory (`git rev-parse --absolute-git-dir`), which holds its index.
    let gitDirectory: String
    /// A folder of the run's own, for a throwaway index when prepush's own is busy.
    let scratchDirectory: String

    /// Paths that are never content: SwiftPM's build folders, wherever a package is (for `git add`).
    static let pathspec = ["--", ".", ":(exclude,glob)**/.build/**", ":(exclude,glob)**/*.profraw"]

    /// prepush's own index.
    var indexFile: String { gitDirectory + "/preflight/snapshot-index" }

    /// HEAD and whether the work tree's content is HEAD's tree, in one `git status` against
    /// prepush's index (a stale index only makes it answer "differs", never "same" wrongly: it
    /// compares the work tree with that index and that index with HEAD).
    func status() async throws -> SnapshotStatus {
        if !FileManager.default.fileExists(atPath: indexFile) { try await seedIndex(indexFile) }
        let entries: [String]
        do {
            entries = try await statusEntries()
        } catch is GitError {
            // prepush's own index is only a cache: a corrupt one, or a lock a killed git left, is
            // started again once.
            try? FileManager.default.removeItem(atPath: indexFile + ".lock")
            try await seedIndex(indexFile)
            entries = try await statusEntries()
        }
        var status = SnapshotStatus()
        for entry in entries {
            if entry.hasPrefix("# branch.oid ") {
                let name = String(entry.dropFirst("# branch.oid ".count))
                status.head = ObjectName.isValid(name) ? name : nil
            } else if entry.hasPrefix("? "), Self.isCheckOutput(String(entry.dropFirst(2))) {
                continue
            } else if !entry.hasPrefix("# ") {
                status.isClean = false
                // "1 XY <sub> …": a submodule with uncommitted or untracked changes, which no tree
                // can hold (`git add` records only its commit).
                let fields = entry.split(separator: " ", maxSplits: 8, omittingEmptySubsequences: false)
                if (entry.hasPrefix("1 ") || entry.hasPrefix("2 ")), fields.count > 8, fields[2].hasPrefix("S"),
                    fields[2] != "SC.."
                {
                    status.dirtySubmodules.append(String(fields[8].split(separator: "\t").first ?? fields[8]))
                }
            }
        }
        return status
    }

    private func statusEntries() async throws -> [String] {
        // No pathspec (one turns the untracked cache off), and git may refresh this index: it is
        // prepush's own. Untracked `.build` folders are set aside by the caller instead.
        try await repository.entries(
            [
                "-c", "core.untrackedCache=true", "status", "--porcelain=v2", "--branch", "--no-ahead-behind", "-z",
                "--untracked-files=normal", "--ignore-submodules=none",
            ],
            environment: ["GIT_INDEX_FILE": indexFile], optionalLocks: true)
    }

    /// `.build/` or `Packages/Core/.build/` (a folder, a link or a file): SwiftPM's build folder,
    /// never content.
    static func isBuildFolder(_ path: String) -> Bool {
        let name = path.hasSuffix("/") ? String(path.dropLast()) : path
        return name == ".build" || name.hasSuffix("/.build")
    }

    /// An untracked path a check itself writes, never content: the build folder, and the
    /// `default.profraw` an instrumented program writes to its working folder when it runs without
    /// `LLVM_PROFILE_FILE` (swift-argument-parser's tests run its built examples that way, in the
    /// package's root, on every coverage run).
    static func isCheckOutput(_ path: String) -> Bool {
        isBuildFolder(path) || path.hasSuffix(".profraw")
    }

    /// The content's tree: `headTree` when `status` found nothing changed, else written through
    /// prepush's index (or, when another run holds it, a throwaway copy of the user's).
    func take(status: SnapshotStatus, headTree: String?) async throws -> WorkTreeState {
        if status.isClean, let headTree {
            return WorkTreeState(head: status.head, tree: headTree, isClean: true)
        }
        let written: (tree: String, unreadable: [String])
        do {
            written = try await write(through: indexFile)
        } catch is GitError {
            let index: String
            if FileManager.default.fileExists(atPath: indexFile + ".lock") {
                // Another run's git holds `snapshot-index.lock`: a copy of the user's index of its own.
                index = scratchDirectory + "/preflight-snapshot-index-\(UUID().uuidString)"
            } else {
                // prepush's index is only a cache; it can name blobs `git gc` has pruned since (of
                // files that were never committed), and then `write-tree` fails: started again.
                index = indexFile
            }
            defer { if index != indexFile { try? FileManager.default.removeItem(atPath: index) } }
            try await seedIndex(index)
            written = try await write(through: index)
        }
        let (tree, unreadable) = written
        let unrepresentable =
            status.dirtySubmodules.map { "\($0) (a submodule with uncommitted changes)" }
            + unreadable.map { "\($0) (unreadable: git could not read it; not in the content checked)" }
        return WorkTreeState(
            head: status.head, tree: tree, isClean: tree == headTree && unrepresentable.isEmpty,
            unrepresentable: unrepresentable)
    }

    /// A fresh snapshot, for after a check: the status, then the tree when something changed.
    func take(headTree: @Sendable (String) async throws -> String) async throws -> WorkTreeState {
        let status = try await status()
        var tree: String?
        if let head = status.head { tree = try await headTree(head) }
        return try await take(status: status, headTree: tree)
    }

    /// What differs between `tree` and the content `state` holds: the paths, and the submodules
    /// with uncommitted changes, which no tree holds.
    func differences(from tree: String, to state: WorkTreeState) async throws -> [TreeChange] {
        state.unrepresentable.map { TreeChange(status: "M", path: $0) }
            + (try await repository.changes(from: tree, to: state.tree))
    }

    /// `git add -A` then `git write-tree` against `index`, and the paths git could not read.
    ///
    /// `--ignore-errors`: a file the user cannot read (another user's, mode 000; git says
    /// "unable to index file") would otherwise stop every push. It stays as `index` had it (an
    /// untracked one stays out), and is named so that the content is known not to be the work
    /// tree's; a folder git cannot open is named too (git only warns and leaves it out).
    private func write(through index: String) async throws -> (tree: String, unreadable: [String]) {
        let environment = ["GIT_INDEX_FILE": index]
        let arguments = ["add", "-A", "--ignore-errors"] + Self.pathspec
        let added = try await repository.run(arguments, environment: environment)
        let unreadable = Self.unreadablePaths(inMessages: added.errorText)
        if !added.succeeded, unreadable.isEmpty { throw GitRepository.failure(added, arguments) }
        return (try await repository.output(["write-tree"], environment: environment), unreadable)
    }

    /// The paths `git add` reports it could not read (`LC_ALL=C` messages), sorted, once each.
    static func unreadablePaths(inMessages text: String) -> [String] {
        let patterns: [(prefix: String, suffix: String)] = [
            ("error: unable to index file '", "'"), ("warning: could not open directory '", "': Permission denied"),
            ("error: open(\"", "\"): Permission denied"),
        ]
        var paths = Set<String>()
        for line in text.split(separator: "\n") {
            for (prefix, suffix) in patterns where line.hasPrefix(prefix) && line.hasSuffix(suffix) {
                let path = line.dropFirst(prefix.count).dropLast(suffix.count)
                if !path.isEmpty { paths.insert(String(path)) }
            }
        }
        return paths.sorted()
    }

    /// Starts an index as a copy of the user's, so git's stat cache spares reading unchanged files
    /// (a missing one, no user index yet, starts empty). The copy keeps the original's time, or git
    /// would trust the stat data of a file rewritten in the second the user's index was written;
    /// and it drops the assume-unchanged and skip-worktree bits, which would hide a file's edits.
    private func seedIndex(_ path: String) async throws {
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: path)
        let source = repository.location.indexFile ?? gitDirectory + "/index"
        guard (try? FileManager.default.copyItem(atPath: source, toPath: path)) != nil else { return }
        if let modified = try? FileManager.default.attributesOfItem(atPath: source)[.modificationDate] {
            try? FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
        }
        let environment = ["GIT_INDEX_FILE": path]
        // `ls-files -v`: a lower-case tag is assume-unchanged, `S` skip-worktree.
        let hidden = try await repository.entries(["ls-files", "-v", "-z"], environment: environment).compactMap {
            entry -> String? in
            guard let tag = entry.first, tag.isLowercase || tag == "S", entry.count > 2 else { return nil }
            return String(entry.dropFirst(2))
        }
        if !hidden.isEmpty {
            var clear = repository.command(
                ["update-index", "--no-assume-unchanged", "--no-skip-worktree", "-z", "--stdin"], optionalLocks: true)
            clear.environment = clear.environment.setting(environment)
            clear.standardInput = .bytes(Array(hidden.joined(separator: "\u{0}").utf8) + [0])
            clear.standardOutput = .discard
            clear.standardError = .capture(limit: 1 << 16)
            _ = try await clear.run().checked()
        }
    }
}

/// What `git status` against prepush's index says.
struct SnapshotStatus: Sendable {
    /// HEAD's commit; `nil` without commits.
    var head: String?
    /// Nothing differs from HEAD.
    var isClean = true
    /// Submodules with uncommitted or untracked changes.
    var dirtySubmodules: [String] = []
}
