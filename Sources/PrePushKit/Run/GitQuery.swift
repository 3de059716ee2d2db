import Foundation
import PreflightCore
import ProcessKit

/// The few git questions prepush asks, each one `git` call through ProcessKit.
struct GitQuery: Sendable {
    let directory: String

    private func command(_ arguments: [String]) -> Command {
        Command.git(arguments, in: directory)
    }

    /// Standard output of a successful git call, trailing newlines removed.
    func output(_ arguments: [String]) async throws -> String {
        try await command(arguments).output()
    }

    /// Whether the call succeeded.
    func succeeds(_ arguments: [String]) async -> Bool {
        var command = command(arguments)
        command.standardOutput = .discard
        command.standardError = .discard
        return (try? await command.run().succeeded) ?? false
    }

    /// Paths (relative to the repository root) that `commit` changes over what the remote has.
    /// `base` is the remote's commit, or `nil` for a new ref: then every commit not on any
    /// remote-tracking ref counts.
    func changedPaths(commit: String, base: String?) async throws -> [String] {
        if let base, await succeeds(["cat-file", "-e", base + "^{commit}"]) {
            return try await output(["diff", "--name-only", "--no-renames", base, commit]).split(separator: "\n").map(
                String.init)
        }
        let listed = try await output(["log", "--format=", "--name-only", "--no-renames", commit, "--not", "--remotes"])
        return Array(Set(listed.split(separator: "\n").map(String.init))).sorted()
    }
}
