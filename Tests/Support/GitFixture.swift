import Foundation
import ProcessKit

/// A throwaway git repository of one test's own, driven by the real `git`: a work tree `root` on
/// branch `main`, and a bare remote beside it when asked. git runs with a fixed identity, without
/// the user's and the system's configuration and without a calling hook's `GIT_*` variables.
/// Removed with everything in it when the last copy of the value is released (``TemporaryFolder``).
package struct GitFixture: Sendable {
    /// git's environment in the tests: no configuration but the repository's own, a fixed author
    /// and committer, none of the variables a hook or a worktree sets, messages in English.
    package static let environment = Environment.inherit
        .removing(
            "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR", "GIT_PREFIX",
            "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT"
        )
        .setting([
            "GIT_AUTHOR_NAME": "Preflight Tests", "GIT_AUTHOR_EMAIL": "tests@preflight.invalid",
            "GIT_COMMITTER_NAME": "Preflight Tests", "GIT_COMMITTER_EMAIL": "tests@preflight.invalid",
            "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "LC_ALL": "C",
        ])

    private let folder: TemporaryFolder

    /// The work tree, as `TMPDIR` spells it (through `/var/folders` on macOS, as a user's current
    /// folder is), or with its links resolved (as `git rev-parse --show-toplevel` prints it).
    package let root: String

    /// Where ``addBareRemote(_:)`` puts the remote: beside the work tree, in the same folder.
    package var remote: String { (root as NSString).deletingLastPathComponent + "/remote.git" }

    /// Makes `TMPDIR/<prefix>-<UUID>/work`; `initialize` makes it a repository on branch `main`;
    /// `linksResolved` names it by its physical path.
    package init(_ prefix: String = "git-fixture", initialize: Bool = true, linksResolved: Bool = false) throws {
        folder = TemporaryFolder(prefix)
        let work = folder.path + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        root = linksResolved ? physicalPath(work) : work
        if initialize { try git("init", "-q", "-b", "main") }
    }

    /// Runs git in `directory` (the work tree when `nil`) and returns its standard output without
    /// its trailing newlines; throws ``ProcessError`` naming the command and the tail of its
    /// standard error when it fails.
    @discardableResult
    package func git(_ arguments: [String], in directory: String? = nil) throws -> String {
        try Self.git(arguments, in: directory ?? root)
    }

    @discardableResult
    package func git(_ arguments: String...) throws -> String { try git(arguments) }

    /// git in any folder, with the tests' environment: for repositories a test makes elsewhere.
    @discardableResult
    package static func git(_ arguments: [String], in directory: String) throws -> String {
        let output = try run(arguments, in: directory).checked().outputText
        return String(output.reversed().drop { $0 == "\n" || $0 == "\r\n" }.reversed())
    }

    /// git in `directory` (the work tree when `nil`), its result as it is, for a test that expects
    /// git to fail.
    @discardableResult
    package func run(_ arguments: [String], in directory: String? = nil) throws -> ProcessResult {
        try Self.run(arguments, in: directory ?? root)
    }

    private static func run(_ arguments: [String], in directory: String) throws -> ProcessResult {
        var command = Command("git", arguments, workingDirectory: directory, environment: environment)
        command.timeout = .seconds(60)
        return try command.runBlocking()
    }

    /// The absolute path of `relative` in the work tree.
    package func path(_ relative: String) -> String { root + "/" + relative }

    /// Writes `text` to `relative` in the work tree, creating folders.
    package func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Stages everything and commits it (also when nothing changed).
    package func commitAll(_ message: String) throws {
        try git("add", "-A")
        try git("commit", "-q", "--allow-empty", "-m", message)
    }

    /// ``makeBareRemote()``, added as the remote `name`. Returns its path.
    @discardableResult
    package func addBareRemote(_ name: String = "origin") throws -> String {
        try makeBareRemote()
        try git("remote", "add", name, remote)
        return remote
    }

    /// A bare repository at ``remote`` whose default branch is `main`, as a hosted one's is (its
    /// clones know it: `refs/remotes/origin/HEAD`). Returns its path.
    @discardableResult
    package func makeBareRemote() throws -> String {
        try git(["init", "-q", "--bare", "-b", "main", remote])
        return remote
    }

    /// `count` numbered lines (`line1` …), each ending with a newline.
    package static func numberedLines(_ count: Int) -> String {
        (1...count).map { "line\($0)\n" }.joined()
    }
}
