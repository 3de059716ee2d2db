import Foundation
import PreflightCore
import ProcessKit

/// Installs and removes the pre-push hook of a repository (or, with ``Hook/preCommit``, the
/// pre-commit hook that runs `todoscan --staged` and `errorlint --staged`), keeping any hook that
/// was there.
///
/// The hooks folder is git's own answer (`git rev-parse --git-path hooks`), so `core.hooksPath`
/// and worktrees are respected. A foreign hook is kept as `pre-push.preflight-chained` (or
/// `pre-commit.…`) and run first by ours; `force` replaces it instead (it is kept as
/// `pre-push.preflight-backup`). Uninstalling puts back exactly what was there.
///
/// A hooks folder inside the work tree (husky's `.husky/_`, committed `.githooks`) is the team's:
/// nothing is written there (``SharedHooksFolder``). Installing records this clone's binary in its
/// `.git/config` for the team's hook script to call; uninstalling removes that record.
package struct HookInstaller: Sendable {
    /// The marker line that identifies a hook as ours.
    static let marker = "# preflight-hook-marker"

    /// The hooks prepush installs.
    package enum Hook: String, Sendable, CaseIterable {
        /// Checks a push (``HookInstaller/defaultTemplate``).
        case prePush = "pre-push"
        /// Checks what a commit records, from git's index (``PreCommitHook``).
        case preCommit = "pre-commit"
    }

    /// Which hook this installer writes.
    var hook: Hook
    var chainedName: String { hook.rawValue + ".preflight-chained" }
    var backupName: String { hook.rawValue + ".preflight-backup" }

    /// A folder inside the repository.
    var repository: String
    /// The absolute path of the `prepush` binary the hook will run.
    var prepushBinary: String
    /// The hook script with `@PREPUSH_BINARY@` where the binary's path goes.
    var template: String
    /// Where the toolchain and the tools were found, written into the hook for a short `PATH`.
    var installTimeTools: InstallTimeTools

    package init(
        repository: String, prepushBinary: String, hook: Hook = .prePush, template: String? = nil,
        installTimeTools: InstallTimeTools = .found()
    ) {
        self.repository = repository
        self.prepushBinary = prepushBinary
        self.hook = hook
        self.installTimeTools = installTimeTools
        self.template = template ?? (hook == .prePush ? HookInstaller.defaultTemplate : PreCommitHook.template)
    }

    /// What ``install(force:)`` did.
    package enum Installation: Sendable, Equatable {
        case installed(path: String)
        case chained(path: String, existing: String)
        case replaced(path: String, backup: String)
        case updated(path: String)
        /// The hooks folder is shared through the work tree: nothing written there; the binary is
        /// recorded for its hook script. `restored`: an earlier install's hook in it was undone.
        case shared(SharedHooksFolder, restored: Bool)

        /// What `prepush install` prints: where the hook is, and how to check now.
        package func message(binary: String, hook: Hook = .prePush) -> String {
            let next =
                hook == .prePush
                ? "prepush: every push from now on is checked; `prepush` in the repository checks the work tree now\n"
                : "prepush: every commit from now on is checked: todoscan --staged and errorlint --staged read what is "
                    + "staged (git's index), never the work tree\n"
            switch self {
            case .installed(let path): return "prepush: installed \(path)\n" + next
            case .updated(let path): return "prepush: updated \(path)\n" + next
            case .chained(let path, let existing):
                return "prepush: installed \(path); the hook that was there runs first, from \(existing)\n" + next
            case .replaced(let path, let backup):
                return "prepush: installed \(path); the hook that was there is kept as \(backup)\n" + next
            case .shared(let folder, let restored):
                if hook == .preCommit { return PreCommitHook.sharedInstallMessage(folder) }
                return folder.installMessage(binary: binary, restoredEarlierHook: restored)
            }
        }
    }

    /// What ``uninstall()`` did.
    package enum Removal: Sendable, Equatable {
        /// Our hook is gone and what was there before is back.
        case removed
        /// The binary recorded for a shared hooks folder's script is forgotten.
        case forgotten(SharedHooksFolder)
        /// Nothing of ours was installed.
        case nothingInstalled

        /// What `prepush uninstall` prints.
        package func message(hook: Hook = .prePush) -> String {
            switch self {
            case .removed: "prepush: uninstalled the \(hook.rawValue) hook\n"
            case .forgotten(let folder):
                hook == .prePush
                    ? folder.uninstallMessage()
                    : "prepush: this clone no longer records todoscan and errorlint binaries for the pre-commit hook\n"
            case .nothingInstalled: "prepush: no prepush \(hook.rawValue) hook is installed\n"
            }
        }
    }

    /// The effective hooks folder.
    func hooksDirectory() throws(HookError) -> String {
        guard
            let result = try? GitRepository.command(["rev-parse", "--git-path", "hooks"], in: repository).runBlocking(),
            result.succeeded
        else {
            throw .notARepository(repository)
        }
        let path = result.outputText.trimmingCharacters(in: .newlines)
        return path.hasPrefix("/") ? path : (repository as NSString).appendingPathComponent(path)
    }

    /// The hooks folder when it is inside the work tree, `nil` when it is git's own or elsewhere.
    func sharedFolder() throws(HookError) -> SharedHooksFolder? {
        let directory = try hooksDirectory()
        guard let root = try? gitAnswer(["rev-parse", "--show-toplevel"]),
            let common = try? gitAnswer(["rev-parse", "--git-common-dir"])
        else { return nil }
        let gitDirectory = common.hasPrefix("/") ? common : (repository as NSString).appendingPathComponent(common)
        return SharedHooksFolder.detect(hooks: directory, root: root, gitDirectory: gitDirectory)
    }

    /// Writes the hook (or, for a shared folder, records the binary).
    @discardableResult
    package func install(force: Bool = false) throws(HookError) -> Installation {
        let directory = try hooksDirectory()
        let tools = self.hook == .preCommit ? try PreCommitHook.tools(besides: prepushBinary) : [:]
        if let shared = try sharedFolder() {
            let restored = try restoreEarlierHook(in: directory)
            if self.hook == .prePush {
                try setRecord(SharedHooksFolder.binaryKey, prepushBinary)
            } else {
                for (key, path) in tools.sorted(by: { $0.key < $1.key }) where !path.isEmpty {
                    try setRecord(PreCommitHook.recordKey(key), path)
                }
            }
            return .shared(shared, restored: restored)
        }
        let hook = directory + "/" + self.hook.rawValue
        let files = FileManager.default
        do {
            try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
            var outcome = Installation.installed(path: hook)
            if files.fileExists(atPath: hook) || (try? files.destinationOfSymbolicLink(atPath: hook)) != nil {
                if Self.isOurs(hook) {
                    outcome = .updated(path: hook)
                    try files.removeItem(atPath: hook)
                } else if force {
                    try? files.removeItem(atPath: directory + "/" + backupName)
                    try files.moveItem(atPath: hook, toPath: directory + "/" + backupName)
                    outcome = .replaced(path: hook, backup: directory + "/" + backupName)
                } else {
                    guard !files.fileExists(atPath: directory + "/" + chainedName) else {
                        throw HookError.chainSlotTaken(directory + "/" + chainedName)
                    }
                    try files.moveItem(atPath: hook, toPath: directory + "/" + chainedName)
                    outcome = .chained(path: hook, existing: directory + "/" + chainedName)
                }
            }
            var script = template.replacingOccurrences(of: "@PREPUSH_BINARY@", with: Self.shellQuoted(prepushBinary))
                .replacingOccurrences(of: InstallTimeTools.placeholder, with: installTimeTools.hookLines)
            for (name, path) in tools {
                script = script.replacingOccurrences(
                    of: "@\(name.uppercased())_BINARY@", with: Self.shellQuoted(path))
            }
            try script.write(toFile: hook, atomically: true, encoding: .utf8)
            try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
            return outcome
        } catch let error as HookError {
            throw error
        } catch {
            throw .cannotWrite(hook, reason: error.localizedDescription)
        }
    }

    /// Removes our hook and puts back what was there before; for a shared hooks folder, forgets
    /// the binary recorded for its script (a foreign hook is never touched).
    @discardableResult
    package func uninstall() throws(HookError) -> Removal {
        let directory = try hooksDirectory()
        let restored = try restoreEarlierHook(in: directory)
        if let shared = try sharedFolder() {
            let keys =
                hook == .prePush ? [SharedHooksFolder.binaryKey] : PreCommitHook.toolNames.map(PreCommitHook.recordKey)
            var recorded = false
            for key in keys where (try? gitAnswer(["config", "--local", "--get", key])) != nil {
                try setRecord(key, nil)
                recorded = true
            }
            return recorded || restored ? .forgotten(shared) : .nothingInstalled
        }
        return restored ? .removed : .nothingInstalled
    }

    /// Removes a hook of ours from `directory` and moves back the one it kept; `false` when the
    /// hook there is not ours.
    private func restoreEarlierHook(in directory: String) throws(HookError) -> Bool {
        let hook = directory + "/" + self.hook.rawValue
        let files = FileManager.default
        guard Self.isOurs(hook) else { return false }
        do {
            try files.removeItem(atPath: hook)
            for saved in [chainedName, backupName] where files.fileExists(atPath: directory + "/" + saved) {
                try files.moveItem(atPath: directory + "/" + saved, toPath: hook)
                break
            }
            return true
        } catch {
            throw .cannotWrite(hook, reason: error.localizedDescription)
        }
    }

    /// Records `binary` under `key` (``SharedHooksFolder/binaryKey``: this clone's prepush) in the
    /// clone's `.git/config`, or removes the record.
    private func setRecord(_ key: String, _ binary: String?) throws(HookError) {
        let arguments =
            binary.map { ["config", "--local", key, $0] }
            ?? ["config", "--local", "--unset-all", key]
        let result = try? GitRepository.command(arguments, in: repository).runBlocking()
        guard let result, result.succeeded else {
            let message = result?.errorText.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            throw .cannotRecord(key, reason: message.isEmpty ? "git config --local failed." : message)
        }
    }

    /// The first line of a git query's output; throws when git fails.
    private func gitAnswer(_ arguments: [String]) throws -> String {
        let result = try GitRepository.command(arguments, in: repository).runBlocking()
        guard result.succeeded else { throw HookError.notARepository(repository) }
        return result.outputText.trimmingCharacters(in: .newlines)
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
    static let defaultTemplate = """
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
        \(InstallTimeTools.placeholder)

        # git's ref lines, read with shell builtins only (no process is started for a push with nothing to
        # check). Each line is kept in a variable of its own (ref_1, ref_2, …): appending to one string
        # would copy it whole at every line. The push "only deletes" when every line is one prepush reads
        # as a deletion: four fields one space apart (prepush reads the last three from the right), the
        # local object all zeros (40 or 64), the remote ref without control characters, the remote object
        # as many hex digits. Anything else, malformed lines included, is left to prepush, which decides.
        is_deletion() {
            read_line=$1
            shift
            [ $# -eq 4 ] && [ "$read_line" = "$1 $2 $3 $4" ] || return 1
            case $2 in *[!0]*) return 1 ;; esac
            case $3 in *[[:cntrl:]]*) return 1 ;; esac
            case $4 in *[!0-9a-f]*) return 1 ;; esac
            { [ ${#2} -eq 40 ] || [ ${#2} -eq 64 ]; } && [ ${#4} -eq ${#2} ]
        }
        count=0
        deletes_only=
        # Fields split on spaces only (not tabs); no globbing.
        set -f
        IFS=' '
        while IFS= read -r line || [ -n "$line" ]; do
            [ -n "$line" ] || continue
            count=$((count + 1))
            eval "ref_$count=\\$line"
            # shellcheck disable=SC2086
            if is_deletion "$line" $line; then
                [ -n "$deletes_only" ] || deletes_only=yes
            else
                deletes_only=no
            fi
        done
        set +f

        # Writes the ref lines again, as read.
        replay() {
            i=1
            while [ "$i" -le "$count" ]; do
                eval "printf '%s\\\\n' \\"\\$ref_$i\\""
                i=$((i + 1))
            done
        }

        if [ -x "$chained" ]; then
            replay | "$chained" "$@" || exit $?
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
        \(InstallTimeTools.missingSwiftLines)
        \(InstallTimeTools.pendingErrorlintLines)
        if errorlint_pending "${prepush%/*}/errorlint"; then
            PREPUSH_SKIP="${PREPUSH_SKIP:+$PREPUSH_SKIP,}errorlint"
            export PREPUSH_SKIP
        fi
        replay | exec "$prepush" hook "$@"

        """
}

/// Why the hook could not be installed or removed.
package enum HookError: LocalizedError, Sendable, Equatable {
    case notARepository(String)
    case cannotWrite(String, reason: String)
    case chainSlotTaken(String)
    case cannotRecord(String, reason: String)
    /// A tool the hook runs was found neither beside prepush nor on `PATH`.
    case toolMissing(String, besides: String)
    /// Something prepush kept in the repository (its worktree, its records) could not be removed.
    case cannotRemove(String, reason: String)

    package var errorDescription: String? {
        switch self {
        case .cannotRecord(let key, _): "Cannot record this clone's prepush as git config \(key)."
        case .notARepository(let path): "'\(path)' is not inside a git repository."
        case .cannotWrite(let path, _): "Cannot write the hook '\(path)'."
        case .chainSlotTaken: "An earlier chained hook is still there."
        case .toolMissing(let tool, _): "Cannot install the pre-commit hook: \(tool) is not built."
        case .cannotRemove(let path, _): "Cannot remove prepush's '\(path)'."
        }
    }

    package var failureReason: String? {
        switch self {
        case .notARepository: "git rev-parse --git-path hooks failed there."
        case .cannotRecord(_, let reason): reason
        case .cannotWrite(_, let reason): reason
        case .chainSlotTaken(let path):
            "'\(path)' exists, so the current hook cannot be kept beside it without losing one of them."
        case .toolMissing(let tool, let folder): "There is no \(tool) in \(folder) nor on PATH."
        case .cannotRemove(_, let reason): reason
        }
    }

    package var recoverySuggestion: String? {
        switch self {
        case .notARepository: "Run prepush install inside the repository whose pushes it should check."
        case .cannotRecord: "Check that .git/config is writable (git config --local --list shows it)."
        case .cannotWrite: "Check the permissions of the hooks folder."
        case .cannotRemove:
            "Remove it by hand (git worktree remove --force for a worktree), or run prepush uninstall again."
        case .chainSlotTaken: "Merge or remove one of the two hooks, or use --force to replace the current one."
        case .toolMissing(let tool, _):
            "Build it beside prepush (swift build -c release --product \(tool), or scripts/install-hooks.sh), then "
                + "run prepush install --pre-commit again."
        }
    }
}
