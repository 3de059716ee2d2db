import Foundation
import PreflightCore
import ProcessKit
import TodoScanKit

/// One prepush check: of a push (run by git's hook) or of the work tree (run by hand).
public struct PrePushRun: Sendable {
    /// What is being checked.
    public enum Mode: Sendable {
        /// git's pre-push hook: its two arguments and what it wrote on standard input.
        case hook(arguments: [String], input: String)
        /// By hand: the work tree as it is.
        case workTree
    }

    public var options: PrePushOptions
    /// Colours, annotations, quiet.
    public var style: OutputStyle
    /// Where messages go (standard error: git shows it to the person pushing).
    public var log: @Sendable (String) -> Void

    public init(options: PrePushOptions, style: OutputStyle = OutputStyle(), log: @escaping @Sendable (String) -> Void)
    {
        self.options = options
        self.style = style
        self.log = log
    }

    /// Runs the check in the repository containing `directory` and returns the exit status.
    public func run(_ mode: Mode, in directory: String) async throws -> Int32 {
        let git = GitQuery(directory: directory)
        // The three questions every run asks git, at once (each call costs a process start): where
        // the repository is, its HEAD, and whether the work tree has changes.
        async let headQuery = try? git.output(["rev-parse", "--verify", "--quiet", "HEAD"])
        async let statusQuery: Result<String, any Error>? =
            options.isolated
            ? nil : Self.result { try await git.output(["status", "--porcelain", "--untracked-files=no"]) }
        guard let places = try? await git.output(["rev-parse", "--show-toplevel", "--absolute-git-dir"]) else {
            throw PrePushError.notARepository(directory)
        }
        var lines = places.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.count != 2 {  // a newline in a folder's name: ask one at a time
            lines = [
                try await git.output(["rev-parse", "--show-toplevel"]),
                try await git.output(["rev-parse", "--absolute-git-dir"]),
            ]
        }
        let root = lines[0]
        let gitDirectory = lines[1]
        let repository = GitQuery(directory: root)
        let output = RunOutput(style: style, write: log)

        var commitToVerify: String?
        if case .hook(let arguments, let input) = mode {
            let request = try PushRequest.parse(arguments: arguments, input: input)
            if request.deletesOnly {
                output.verdict("prepush: the push only deletes refs; nothing to check", passed: true)
                return 0
            }
            if request.pushedUpdates.isEmpty {
                output.verdict("prepush: nothing is pushed; nothing to check", passed: true)
                return 0
            }
            if ProcessInfo.processInfo.environment["PREPUSH_SKIP"] == "1" {
                output.verdict("prepush: skipped (PREPUSH_SKIP=1)", passed: true)
                return 0
            }
            var relevant = false
            for update in request.pushedUpdates where !relevant {
                let base = update.createsRemoteRef ? nil : update.remoteObject
                let changed = try await repository.changedPaths(commit: update.localObject, base: base)
                relevant = changed.contains { path in options.relevantPaths.contains { Glob($0).matches(path) } }
            }
            if !relevant {
                output.verdict(
                    "prepush: this push changes no \(options.relevantPaths.joined(separator: ", ")); nothing to check",
                    passed: true)
                return 0
            }
            commitToVerify = request.pushedUpdates.last?.localObject
        } else if ProcessInfo.processInfo.environment["PREPUSH_SKIP"] == "1" {
            output.verdict("prepush: skipped (PREPUSH_SKIP=1)", passed: true)
            return 0
        }

        // Without --isolated what is verified is the work tree; say so when it is not what is pushed.
        // By hand in a repository without commits there is nothing a push could send yet.
        let head = await headQuery
        let workTreeStatus = try await statusQuery?.get()
        if head == nil && commitToVerify == nil { throw PrePushError.noCommits(root) }
        var workTreeIsPushed = head != nil
        if let head, let workTreeStatus {
            let dirty = !workTreeStatus.isEmpty
            if let commitToVerify, commitToVerify != head {
                output.warning(
                    "pushing \(commitToVerify.prefix(12)) but the work tree is at \(head.prefix(12)); checking the work tree (--isolated checks the pushed commit)"
                )
                workTreeIsPushed = false
            }
            if dirty {
                output.warning("the work tree has uncommitted changes; they are checked but not pushed")
                workTreeIsPushed = false
            }
        }

        // Looked for once: the cache key and the step must agree on which errorlint runs.
        let errorlintExecutable = options.runsErrorlint == false ? nil : ErrorLintStep.executable()
        let cache = VerificationCache(gitDirectory: gitDirectory)
        var cacheKey: String?
        if options.usesCache && workTreeIsPushed {
            let tree = try await repository.output(["rev-parse", (commitToVerify ?? head ?? "HEAD") + "^{tree}"])
            let toolchain = ToolchainIdentity.current()
            cacheKey = VerificationCache.key(
                tree: tree, toolchain: toolchain,
                options: options.cacheFingerprint(errorlintExecutable: errorlintExecutable))
            if let cacheKey, cache.contains(cacheKey) {
                output.verdict(
                    "prepush: tree \(tree.prefix(12)) already verified with this toolchain and these options; nothing to check",
                    passed: true)
                return 0
            }
        }

        // Removed however the run ends; a signal between commands is handled by handleInterrupts().
        let temporary = try RunTemporaryDirectory(gitDirectory: gitDirectory)
        defer { temporary.remove() }

        var checkedRoot = root
        var scratchPath: String?
        if options.isolated {
            guard let commit = commitToVerify ?? head else { throw PrePushError.noCommits(root) }
            let worktree = IsolatedWorktree(repositoryRoot: root)
            output.message("prepush: checking \(commit.prefix(12)) in its own worktree, .build/prepush-worktree\n")
            try await worktree.checkOut(commit)
            checkedRoot = worktree.path
            scratchPath = worktree.scratchPath
        }

        var added: AddedLines?
        if options.minimumDiffCoverage != nil {
            var bases: [String] = []
            if case .hook(let arguments, let input) = mode,
                let update = try PushRequest.parse(arguments: arguments, input: input).pushedUpdates.last,
                !update.createsRemoteRef
            {
                bases.append(update.remoteObject)
            }
            bases += [options.diffBase, "@{upstream}", "origin/HEAD"].compactMap { $0 }
            added = bases.lazy.compactMap { try? AddedLines.since($0, in: checkedRoot) }.first
            if added == nil {
                output.warning(
                    "no base to measure added lines against (tried \(bases.joined(separator: ", "))); diff coverage skipped"
                )
            }
        }

        var steps = StepRunner(packageRoot: checkedRoot, options: options, addedLines: added, output: output)
        steps.scratchPath = scratchPath
        steps.temporaryDirectory = temporary.path
        steps.errorlintExecutable = errorlintExecutable
        let outcomes = try await steps.runAll()
        output.message("\n" + StepOutcome.table(outcomes, style: style))
        if let failed = outcomes.first(where: { $0.status == .failed }) {
            output.annotation(.error, title: "prepush", message: "\(failed.name) failed: \(failed.figure)")
            output.verdict(
                "prepush: \(failed.name) failed; the push is stopped (git push --no-verify skips this check)",
                passed: false)
            return 1
        }
        let seconds = outcomes.reduce(0) { $0 + $1.seconds }
        output.verdict(
            "prepush: passed (\(outcomes.filter { $0.status == .passed }.map(\.name).joined(separator: ", "))) in \(String(format: "%.1f", seconds)) s",
            passed: true)
        if let cacheKey { cache.record(cacheKey) }
        return 0
    }
}

extension PrePushRun {
    /// What `body` returned or threw, to be looked at later.
    fileprivate static func result(_ body: () async throws -> String) async -> Result<String, any Error> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}

/// Why prepush could not run at all.
public enum PrePushError: LocalizedError, Sendable {
    case notARepository(String)
    case worktreeOccupied(String)
    case noCommits(String)

    public var errorDescription: String? {
        switch self {
        case .notARepository(let path): "'\(path)' is not inside a git work tree."
        case .worktreeOccupied(let path): "'\(path)' exists but is not this repository's prepush worktree."
        case .noCommits(let path): "The repository at '\(path)' has no commits yet."
        }
    }

    public var failureReason: String? {
        switch self {
        case .notARepository: "prepush checks the Swift package at the root of a git repository."
        case .worktreeOccupied:
            "--isolated checks the pushed commit out there, and never removes a folder it did not create."
        case .noCommits: "prepush checks what a push would send, and without a commit there is nothing to push."
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .notARepository: "Run it inside the repository, or let git run it as the pre-push hook (prepush install)."
        case .worktreeOccupied: "Move or delete that folder, then run prepush --isolated again."
        case .noCommits: "Commit first (git commit), then run prepush or push."
        }
    }
}
