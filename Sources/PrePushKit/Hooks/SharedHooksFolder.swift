import Foundation
import PreflightCore

/// A hooks folder inside the work tree: `core.hooksPath` set to `.husky/_` (husky 9), `.husky`
/// (husky 4–8) or a folder of committed scripts such as `.githooks`.
///
/// Every clone shares what is in such a folder, through commits or through the hook manager that
/// generates it, so prepush writes nothing there: a hook written into it would carry this
/// machine's binary path to every teammate (`git commit -a`) and leave the work tree with a file
/// that is not committed, so every push would be checked in prepush's own worktree. Instead the
/// team's hook script calls prepush with ``callLine``, and each clone records where its prepush
/// is in its own `.git/config` (``binaryKey``).
package struct SharedHooksFolder: Sendable, Equatable {
    /// The git configuration key (in the clone's own `.git/config`) naming this machine's prepush.
    static let binaryKey = "preflight.prepush"

    /// The line a shared pre-push script needs: this clone's prepush (``binaryKey``), else
    /// `prepush` on `PATH`, given git's arguments; standard input, the refs pushed, passes through.
    static let callLine = #""$(git config \#(binaryKey) || echo prepush)" hook "$@""#

    /// The folder, relative to the work tree's root (`.husky/_`).
    var folder: String
    /// The file to add ``callLine`` to, relative to the root: `.husky/pre-push` for husky (its
    /// generated `.husky/_/pre-push` runs that script), else `pre-push` in the folder.
    var hookScript: String
    /// The hook manager recognized by its files (`husky`, `lefthook`), for the message.
    var manager: String?
    /// Whether the hook script (or lefthook's configuration) already runs prepush.
    var callsPrepush: Bool

    /// lefthook's configuration files, in its documented order of names.
    static let lefthookConfigurations = [
        "lefthook.yml", ".lefthook.yml", "lefthook.yaml", ".lefthook.yaml", "lefthook.toml", ".lefthook.toml",
        "lefthook.json", ".lefthook.json",
    ]

    /// The shared folder `hooks` is, or `nil` when it is outside the work tree `root` or inside
    /// the git directory (`.git/hooks`). All three paths are absolute.
    static func detect(hooks: String, root: String, gitDirectory: String) -> SharedHooksFolder? {
        let hooks = StandardPath.canonical(hooks)
        let root = StandardPath.canonical(root)
        let gitDirectory = StandardPath.canonical(gitDirectory)
        func isInside(_ path: String, _ folder: String) -> Bool { path == folder || path.hasPrefix(folder + "/") }
        guard isInside(hooks, root), !isInside(hooks, gitDirectory) else { return nil }
        let folder = StandardPath.relative(hooks, to: root)
        var script = folder == "." ? "pre-push" : folder + "/pre-push"
        var manager: String?
        // husky 9 generates `.husky/_` (ignored) whose `pre-push` runs `.husky/pre-push`; husky 4–8
        // used `.husky` itself, with its runner in `.husky/_/husky.sh`.
        if (folder as NSString).lastPathComponent == "_",
            folder.hasSuffix(".husky/_") || FileManager.default.fileExists(atPath: hooks + "/h")
        {
            script = (folder as NSString).deletingLastPathComponent + "/pre-push"
            manager = "husky"
        } else if folder.hasSuffix(".husky") || FileManager.default.fileExists(atPath: hooks + "/_/husky.sh") {
            manager = "husky"
        } else if let lefthook = lefthookConfigurations.first(where: {
            FileManager.default.fileExists(atPath: root + "/" + $0)
        }) {
            script = lefthook
            manager = "lefthook"
        }
        return SharedHooksFolder(
            folder: folder, hookScript: script, manager: manager, callsPrepush: callsPrepush(in: root + "/" + script))
    }

    /// Whether a line of the file that is not a comment runs `prepush … hook`.
    static func callsPrepush(in path: String) -> Bool {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
        return text.split(whereSeparator: \.isNewline).contains { line in
            let code = line.trimmingCharacters(in: .whitespaces)
            return !code.hasPrefix("#") && code.contains("prepush") && code.contains(" hook ")
        }
    }

    /// What `prepush install` says: the folder is left alone; whether pushes are checked, and
    /// if not, the line to add.
    func installMessage(binary: String, restoredEarlierHook: Bool) -> String {
        let owner = manager.map { "the team's hook manager (\($0))" } ?? "the team's committed hooks"
        var text =
            "prepush: \(folder) is this repository's hooks folder (core.hooksPath), inside the work tree: "
            + "\(owner) owns it, so prepush writes nothing there\n"
        if restoredEarlierHook {
            text += "prepush: \(folder)/pre-push is back as it was before an earlier prepush install wrote into it\n"
        }
        text += "prepush: this clone runs \(binary) (git config \(Self.binaryKey), in .git/config)\n"
        if callsPrepush {
            text += "prepush: \(hookScript) runs prepush: every push from this clone is checked\n"
            return text
        }
        text += "prepush: pushes are NOT checked yet: add this to \(hookScript) and commit it, once for the team:\n\n"
        text += (manager == "lefthook" ? Self.lefthookCommand : "    " + Self.callLine + "\n") + "\n"
        text +=
            "Each teammate then runs Preflight's scripts/install-hooks.sh in their clone (or has prepush on PATH); "
            + "docs/migration.md has husky, lefthook and pre-commit.\n"
        return text
    }

    /// ``callLine`` as a lefthook command: `{1} {2}` are git's arguments, `use_stdin` passes the
    /// refs on (lefthook does not otherwise).
    static let lefthookCommand = """
            pre-push:
              commands:
                prepush:
                  run: '"$(git config \(binaryKey) || echo prepush)" hook {1} {2}'
                  use_stdin: true

        """

    /// What `prepush uninstall` says when it forgot this clone's binary.
    func uninstallMessage() -> String {
        var text = "prepush: this clone no longer records a prepush binary (git config --unset \(Self.binaryKey))\n"
        if callsPrepush {
            text +=
                "prepush: \(hookScript) still runs prepush (from PATH now): remove the line there to stop checking "
                + "pushes for the whole team, or push with --no-verify\n"
        }
        return text
    }
}
