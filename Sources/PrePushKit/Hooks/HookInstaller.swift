import Foundation
import PreflightCore
import ProcessKit

/// Installs and removes the pre-push hook of a repository, keeping any hook that was there.
///
/// The hooks folder is git's own answer (`git rev-parse --git-path hooks`), so `core.hooksPath`
/// and worktrees are respected. A foreign hook is kept as `pre-push.preflight-chained` and run first
/// by ours; `force` replaces it instead (it is kept as `pre-push.preflight-backup`). Uninstalling
/// puts back exactly what was there.
package struct HookInstaller: Sendable {
    /// The marker line that identifies a hook as ours.
    package static let marker = "# preflight-hook-marker"
    static let chainedName = "pre-push.preflight-chained"
    static let backupName = "pre-push.preflight-backup"

    /// A folder inside the repository.
    package var repository: String
    /// The absolute path of the `prepush` binary the hook will run.
    package var prepushBinary: String
    /// The hook script with `@PREPUSH_BINARY@` where the binary's path goes.
    package var template: String

    package init(repository: String, prepushBinary: String, template: String = HookInstaller.defaultTemplate) {
        self.repository = repository
        self.prepushBinary = prepushBinary
        self.template = template
    }

    /// What ``install(force:)`` did.
    package enum Installation: Sendable, Equatable {
        case installed(path: String)
        case chained(path: String, existing: String)
        case replaced(path: String, backup: String)
        case updated(path: String)
    }

    /// The effective hooks folder.
    package func hooksDirectory() throws(HookError) -> String {
        guard
            let result = try? GitRepository.command(["rev-parse", "--git-path", "hooks"], in: repository).runBlocking(),
            result.succeeded
        else {
            throw .notARepository(repository)
        }
        let path = result.outputText.trimmingCharacters(in: .newlines)
        return path.hasPrefix("/") ? path : (repository as NSString).appendingPathComponent(path)
    }

    /// Writes the hook.
    @discardableResult
    package func install(force: Bool = false) throws(HookError) -> Installation {
        let directory = try hooksDirectory()
        let hook = directory + "/pre-push"
        let files = FileManager.default
        do {
            try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
            var outcome = Installation.installed(path: hook)
            if files.fileExists(atPath: hook) || (try? files.destinationOfSymbolicLink(atPath: hook)) != nil {
                if Self.isOurs(hook) {
                    outcome = .updated(path: hook)
                    try files.removeItem(atPath: hook)
                } else if force {
                    try? files.removeItem(atPath: directory + "/" + Self.backupName)
                    try files.moveItem(atPath: hook, toPath: directory + "/" + Self.backupName)
                    outcome = .replaced(path: hook, backup: directory + "/" + Self.backupName)
                } else {
                    guard !files.fileExists(atPath: directory + "/" + Self.chainedName) else {
                        throw HookError.chainSlotTaken(directory + "/" + Self.chainedName)
                    }
                    try files.moveItem(atPath: hook, toPath: directory + "/" + Self.chainedName)
                    outcome = .chained(path: hook, existing: directory + "/" + Self.chainedName)
                }
            }
            let script = template.replacingOccurrences(of: "@PREPUSH_BINARY@", with: Self.shellQuoted(prepushBinary))
            try script.write(toFile: hook, atomically: true, encoding: .utf8)
            try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
            return outcome
        } catch let error as HookError {
            throw error
        } catch {
            throw .cannotWrite(hook, reason: error.localizedDescription)
        }
    }

    /// Removes our hook and puts back what was there before. Returns `false` when no hook of ours
    /// was installed (a foreign hook is never touched).
    @discardableResult
    package func uninstall() throws(HookError) -> Bool {
        let directory = try hooksDirectory()
        let hook = directory + "/pre-push"
        let files = FileManager.default
        guard Self.isOurs(hook) else { return false }
        do {
            try files.removeItem(atPath: hook)
            for saved in [Self.chainedName, Self.backupName] where files.fileExists(atPath: directory + "/" + saved) {
                try files.moveItem(atPath: directory + "/" + saved, toPath: hook)
                break
            }
            return true
        } catch {
            throw .cannotWrite(hook, reason: error.localizedDescription)
        }
    }

    static func isOurs(_ path: String) -> Bool {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
        return text.contains(marker)
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The hook script shipped in `hooks/pre-push`, compiled in so an installed binary needs no
    /// checkout.
    package static let defaultTemplate = """
        #!/bin/sh
        # Installed by `prepush install` (Preflight). `prepush uninstall` restores what was here before.
        \(marker)
        #
        # git runs this with two arguments (remote name, URL) and the refs being pushed on stdin.
        # A hook that was here before is kept beside it and runs first, with the same arguments and stdin;
        # its failure stops the push. Then the built prepush binary checks the push (never `swift run`:
        # a push must not wait for a build).
        prepush=@PREPUSH_BINARY@
        chained="${0%/*}/pre-push.preflight-chained"

        # git's ref lines, read with shell builtins only (no process is started for a push with nothing to
        # check), noting whether every one deletes a ref: its local object name is all zeros (40 or 64).
        input=
        deletes_only=
        while IFS= read -r line || [ -n "$line" ]; do
            [ -n "$line" ] || continue
            input="$input$line
        "
            object=${line#* }
            object=${object%% *}
            case $object in
            *[!0]*) deletes_only=no ;;
            *) [ -n "$deletes_only" ] || deletes_only=yes ;;
            esac
        done

        if [ -x "$chained" ]; then
            printf '%s' "$input" | "$chained" "$@" || exit $?
        fi

        # Pushes with nothing to check are answered here, without starting prepush (a Swift binary takes
        # 15-60 ms to start; this takes about what a bare sh hook does). prepush says the same for them.
        if [ "$PREPUSH_SKIP" = 1 ]; then
            echo "prepush: skipped (PREPUSH_SKIP=1)" >&2
            exit 0
        fi
        if [ "$deletes_only" = yes ]; then
            echo "prepush: the push only deletes refs; nothing to check" >&2
            exit 0
        fi

        if [ ! -x "$prepush" ]; then
            echo "prepush: $prepush is missing; rebuild it with scripts/install-hooks.sh, or push with --no-verify" >&2
            exit 1
        fi
        printf '%s' "$input" | exec "$prepush" hook "$@"

        """
}

/// Why the hook could not be installed or removed.
package enum HookError: LocalizedError, Sendable, Equatable {
    case notARepository(String)
    case cannotWrite(String, reason: String)
    case chainSlotTaken(String)

    package var errorDescription: String? {
        switch self {
        case .notARepository(let path): "'\(path)' is not inside a git repository."
        case .cannotWrite(let path, _): "Cannot write the hook '\(path)'."
        case .chainSlotTaken: "An earlier chained hook is still there."
        }
    }

    package var failureReason: String? {
        switch self {
        case .notARepository: "git rev-parse --git-path hooks failed there."
        case .cannotWrite(_, let reason): reason
        case .chainSlotTaken(let path):
            "'\(path)' exists, so the current pre-push hook cannot be kept beside it without losing one of them."
        }
    }

    package var recoverySuggestion: String? {
        switch self {
        case .notARepository: "Run prepush install inside the repository whose pushes it should check."
        case .cannotWrite: "Check the permissions of the hooks folder."
        case .chainSlotTaken: "Merge or remove one of the two hooks, or use --force to replace the current one."
        }
    }
}
