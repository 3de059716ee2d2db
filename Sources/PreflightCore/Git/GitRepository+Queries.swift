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
        return (result.standardOutput?.bytes ?? []).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether a git call succeeds (a question such as `cat-file -e`).
    package func succeeds(_ arguments: [String]) async throws -> Bool {
        try await run(arguments, capturing: false).succeeded
    }

    /// Paths (relative to the root) that `commit` changes over what the remote has. `base` is the
    /// remote's commit, or `nil` for a new ref: then every commit not on the remote's tracking refs
    /// counts (`remote`'s, when it names a configured remote; else every remote's).
    package func changedPaths(commit: String, base: String?, remote: String? = nil) async throws -> [String] {
        if let base, try await succeeds(["cat-file", "-e", base + "^{commit}"]) {
            return try await entries(["diff", "--name-only", "--no-renames", "-z", base, commit])
        }
        var remotes = "--remotes"
        if let remote, !remote.contains("/"), !remote.contains(":"),
            try await succeeds(["config", "--get", "remote.\(remote).url"])
        {
            remotes = "--remotes=\(remote)"
        }
        let listed = try await entries([
            "log", "--format=", "--name-only", "--no-renames", "-z", commit, "--not", remotes,
        ])
        return Array(Set(listed.map { $0.trimmingCharacters(in: .newlines) }.filter { !$0.isEmpty })).sorted()
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
        var command = Self.command(arguments, in: root, optionalLocks: optionalLocks)
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
