import Foundation
import ProcessKit

/// The asynchronous git queries prepush asks while it decides and plans a check: awaited, never
/// blocking a concurrency thread, and stopped with the run on Ctrl-C.
extension GitRepository {
    /// Standard output of a git call that must succeed, trailing newlines removed.
    ///
    /// - Parameter environment: variables to add (a temporary `GIT_INDEX_FILE`).
    /// - Throws: ``GitError/failed(command:detail:)`` with git's message; a ``ProcessError`` for
    ///   an interrupted run and `CancellationError` are passed on as they are.
    package func output(_ arguments: [String], environment: [String: String] = [:]) async throws -> String {
        let result = try await run(arguments, environment: environment)
        guard result.succeeded else { throw Self.failure(result, arguments) }
        return String(result.outputText.reversed().drop { $0 == "\n" }.reversed())
    }

    /// The NUL-separated entries of a git call's output (`-z`), which must succeed.
    package func entries(
        _ arguments: [String], environment: [String: String] = [:], optionalLocks: Bool = false
    ) async throws -> [String] {
        let result = try await run(arguments, environment: environment, optionalLocks: optionalLocks)
        guard result.succeeded else { throw Self.failure(result, arguments) }
        return Self.entries(of: result)
    }

    /// The NUL-separated entries of a git call's standard output.
    static func entries(of result: ProcessResult) -> [String] {
        (result.standardOutput?.bytes ?? []).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether a git call succeeds (a question such as `cat-file -e`).
    package func succeeds(_ arguments: [String]) async throws -> Bool {
        try await run(arguments, capturing: false).succeeded
    }

    /// Paths (relative to the root) that `commit` changes over what the remote has. `base` is the
    /// remote's commit, or `nil` for a new ref: then every commit not on the remote's tracking refs
    /// counts (`remote`'s, when it names a configured remote; else every remote's).
    package func changedPaths(commit: String, base: String?, remote: String? = nil) async throws -> [String] {
        if let base {
            // One call when the remote's commit is here (the usual push); only when the diff fails is
            // git asked whether it is (`base^{commit}`: a base that is no commit is not diffed).
            let arguments = ["diff", "--name-only", "--no-renames", "-z", base + "^{commit}", commit]
            let diff = try await run(arguments)
            if diff.succeeded { return Self.entries(of: diff) }
            if try await succeeds(["cat-file", "-e", base + "^{commit}"]) { throw Self.failure(diff, arguments) }
        }
        let listed = try await entries([
            "log", "--format=", "--name-only", "--no-renames", "-z", commit, "--not", try await remotesOption(remote),
        ])
        return Array(Set(listed.map { $0.trimmingCharacters(in: .newlines) }.filter { !$0.isEmpty })).sorted()
    }

    /// What the remote already has next to `commit`'s history: the commits its lines are compared
    /// over, so a line counts as added only when none of them has it.
    ///
    /// git's own answer: `git rev-list --boundary <commit> --not --remotes=<remote> [<remoteCommit>]`
    /// lists the commits the remote lacks and, marked `-`, the commits the remote has that they
    /// grow from: a branch stacked on another one pushed earlier grows from that one's tip, not
    /// from `main`, and a branch that merged the remote's `main` grows from both. `remoteCommit`
    /// (what the pushed ref has on the remote now, when it is here) is one of them too even when
    /// it is no ancestor (a force push): what the ref had there is on the remote.
    ///
    /// - Parameters:
    ///   - remote: the remote pushed to; its tracking refs count when it names a configured
    ///     remote, else (a push to a URL, or `nil`) every remote's.
    /// - Returns: `[commit]` when the remote has all of it; empty when the remote has none of its
    ///   history (the first push of a repository: every line is new).
    package func pushBases(of commit: String, remote: String?, remoteCommit: String?) async throws -> [String] {
        var known: String?
        if let remoteCommit, try await succeeds(["cat-file", "-e", remoteCommit + "^{commit}"]) {
            known = try await output(["rev-parse", "--verify", "--quiet", remoteCommit + "^{commit}"])
        }
        let listed = try await output(
            ["rev-list", "--boundary", commit, "--not", try await remotesOption(remote)] + (known.map { [$0] } ?? []))
        var lacking = false
        var bases: [String] = []
        for line in listed.split(separator: "\n") {
            if line.hasPrefix("-") {
                let base = String(line.dropFirst())
                if !bases.contains(base) { bases.append(base) }
            } else {
                lacking = true
            }
        }
        guard lacking else { return [commit] }
        if let known, !bases.contains(known) { bases.append(known) }
        return bases
    }

    /// The remote a push of the current branch goes to: its `pushRemote` or `remote`, else
    /// `remote.pushDefault`, else `origin` when that exists; `nil` otherwise.
    package func pushRemote() async throws -> String? {
        var keys = ["remote.pushDefault"]
        if let branch = try? await output(["symbolic-ref", "--short", "-q", "HEAD"]), !branch.isEmpty {
            keys = ["branch.\(branch).pushRemote", "remote.pushDefault", "branch.\(branch).remote"]
        }
        for key in keys {
            if let name = try? await output(["config", "--get", key]), !name.isEmpty, name != "." { return name }
        }
        return try await succeeds(["config", "--get", "remote.origin.url"]) ? "origin" : nil
    }

    /// `--remotes=<remote>` when `remote` names a configured remote, else `--remotes` (every
    /// remote-tracking ref: a push to a URL has none of its own).
    private func remotesOption(_ remote: String?) async throws -> String {
        if let remote, !remote.isEmpty, !remote.contains("/"), !remote.contains(":"),
            !remote.contains(where: { "*?[\\".contains($0) }),
            try await succeeds(["config", "--get", "remote.\(remote).url"])
        {
            return "--remotes=\(remote)"
        }
        return "--remotes"
    }

    /// The content of each blob `names` names (`<tree>:<path>`, `refs/notes/x:<object>`, an object
    /// name), from one `git cat-file --batch`; `nil` for a name that names no blob.
    package func blobs(_ names: [String]) async throws -> [[UInt8]?] {
        guard !names.isEmpty else { return [] }
        // A name with a newline would split the batch's input: it names nothing.
        let asked = names.map { $0.contains("\n") ? "-" : $0 }
        var command = self.command(["cat-file", "--batch"])
        command.standardInput = .bytes(Self.batchInput(asked))
        command.standardOutput = .capture(limit: 1 << 30)
        command.standardError = .capture(limit: 1 << 20)
        let result = try await command.run()
        guard result.succeeded else { throw Self.failure(result, ["cat-file", "--batch"]) }
        return try Self.batchContents(result, asked)
    }

    /// The tree object of `commit`.
    package func tree(of commit: String) async throws -> String {
        try await output(["rev-parse", "--verify", "--quiet", commit + "^{tree}"])
    }

    /// What changed between two trees, one line each (`M\tSources/A.swift`), for messages.
    package func changes(from tree: String, to other: String) async throws -> [TreeChange] {
        let fields = try await entries(["diff-tree", "-r", "--no-renames", "--name-status", "-z", tree, other])
        var changes: [TreeChange] = []
        var index = 0
        while index + 1 < fields.count {
            changes.append(TreeChange(status: fields[index], path: fields[index + 1]))
            index += 2
        }
        return changes
    }

    /// A git call whatever its exit status, standard output and error captured, for a caller that
    /// reads git's messages itself (``output(_:environment:)`` is the usual form).
    package func run(
        _ arguments: [String], environment: [String: String] = [:], capturing: Bool = true,
        optionalLocks: Bool = false
    ) async throws -> ProcessResult {
        var command = self.command(arguments, optionalLocks: optionalLocks)
        if !environment.isEmpty { command.environment = command.environment.setting(environment) }
        if capturing {
            command.standardOutput = .capture(limit: 1 << 30)
        } else {
            command.standardOutput = .discard
        }
        command.standardError = .capture(limit: 1 << 20)
        do {
            return try await command.run()
        } catch let error as ProcessError {
            if case .interrupted = error { throw error }
            let detail = [error.errorDescription, error.failureReason].compactMap { $0 }.joined(separator: " ")
            throw GitError.failed(command: Self.display(arguments), detail: detail)
        }
    }
}

/// One path that differs between two trees.
package struct TreeChange: Sendable, Equatable, CustomStringConvertible {
    /// git's letter: `A` added, `D` deleted, `M` modified, `T` type changed.
    package var status: String
    package var path: String

    package init(status: String, path: String) {
        self.status = status
        self.path = path
    }

    package var description: String {
        switch status {
        case "A": "\(path) (added)"
        case "D": "\(path) (deleted)"
        default: "\(path) (modified)"
        }
    }
}
