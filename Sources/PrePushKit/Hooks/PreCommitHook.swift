import Foundation
import ProcessKit

/// The pre-commit hook `prepush install --pre-commit` writes: `todoscan --staged`, then (where an
/// errorlint is installed) `errorlint --staged`, in one process when the two were built together
/// (`errorlint --staged --with-todoscan`). Both read the staged files from git's index and report
/// only what the commit introduces; nothing of the user's is stashed or changed.
enum PreCommitHook {
    /// The tools the hook runs, in order.
    static let toolNames = ["todoscan", "errorlint"]

    /// The git configuration key recording this clone's `tool` for a shared hooks folder's script.
    static func recordKey(_ tool: String) -> String { "preflight.\(tool)" }

    /// The path of each tool the hook runs, found as ``ErrorLintStep`` finds errorlint: beside
    /// `prepush` (also an errorlint still being built there: `errorlint.building`), else on `PATH`.
    /// errorlint may be missing (its path is then empty: the hook looks for it on `PATH` when it
    /// runs); todoscan may not.
    ///
    /// - Throws: ``HookError/toolMissing(_:besides:)`` without a todoscan.
    static func tools(
        besides prepush: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(HookError) -> [String: String] {
        let folder = (prepush as NSString).deletingLastPathComponent
        var found: [String: String] = [:]
        for tool in toolNames {
            let beside = folder + "/" + tool
            found[tool] =
                FileManager.default.isExecutableFile(atPath: beside)
                    || FileManager.default.fileExists(atPath: beside + ".building")
                ? beside : Command.locate(tool, searchPath: environment["PATH"] ?? "/usr/bin:/bin") ?? ""
        }
        if found["todoscan"]?.isEmpty != false { throw .toolMissing("todoscan", besides: folder) }
        return found
    }

    /// What `prepush install --pre-commit` says for a hooks folder inside the work tree: nothing
    /// is written there; the lines the team's pre-commit script needs.
    static func sharedInstallMessage(_ folder: SharedHooksFolder) -> String {
        let script =
            (folder.hookScript as NSString).deletingLastPathComponent.isEmpty
            ? "pre-commit" : (folder.hookScript as NSString).deletingLastPathComponent + "/pre-commit"
        return "prepush: \(folder.folder) is this repository's hooks folder (core.hooksPath), inside the work tree: "
            + "prepush writes nothing there\n"
            + "prepush: this clone's todoscan and errorlint are recorded (git config \(recordKey("todoscan")), "
            + "\(recordKey("errorlint"))); to check commits, add this to \(script) and commit it, once for the team:\n\n"
            + sharedLines + "\n"
    }

    /// The lines a shared pre-commit script needs.
    static let sharedLines = """
            "$(git config \(recordKey("todoscan")) || echo todoscan)" --staged || exit $?
            e="$(git config \(recordKey("errorlint")) || command -v errorlint)" && { "$e" --staged || exit $?; }

        """

    /// The hook script, compiled in so an installed binary needs no checkout.
    static let template = """
        #!/bin/sh
        # Installed by `prepush install --pre-commit` (Preflight). `prepush uninstall --pre-commit` (or
        # `prepush uninstall`) restores what was here before.
        \(HookInstaller.marker)
        #
        # git runs this before it records a commit; a failure stops the commit. A hook that was here before
        # is kept beside it and runs first. Then todoscan and errorlint check what is staged: they read git's
        # index, never the work tree, and stash nothing, so unstaged work is never touched. They report only
        # what the commit introduces (new tags on added lines; errorlint's findings in the changed files).
        todoscan=@TODOSCAN_BINARY@
        errorlint=@ERRORLINT_BINARY@
        chained="${0%/*}/pre-commit.preflight-chained"
        \(InstallTimeTools.placeholder)

        if [ -x "$chained" ]; then
            "$chained" "$@" || exit $?
        fi
        if [ "$PREPUSH_SKIP" = 1 ]; then
            echo "prepush: pre-commit checks skipped (PREPUSH_SKIP=1)" >&2
            exit 0
        fi
        skips() { case ",$PREPUSH_SKIP," in *",$1,"*) return 0 ;; esac; return 1; }

        status=0
        if ! skips todoscan && [ ! -x "$todoscan" ]; then
            echo "prepush: $todoscan is missing; rebuild it (swift build -c release --product todoscan), or commit with --no-verify" >&2
            exit 1
        fi
        # errorlint where one is installed: the one found at install time (said while it is still being
        # built), else the first on PATH. Built together (one folder), errorlint runs todoscan's check too,
        # in one process on one read of the index: what the two print, todoscan's first. Otherwise both
        # run at once (a core each): todoscan prints as it goes; errorlint's output (its two streams in the
        # order written) is kept by the shell and printed after todoscan's, with no temporary file.
        \(InstallTimeTools.pendingErrorlintLines)
        errorlint_pending "$errorlint"
        [ -x "$errorlint" ] || errorlint=$(command -v errorlint) || errorlint=
        if skips errorlint; then
            echo "prepush: errorlint skipped (PREPUSH_SKIP)" >&2
            errorlint=
        fi
        if skips todoscan; then
            echo "prepush: todoscan skipped (PREPUSH_SKIP)" >&2
            todoscan=
        fi
        if [ -n "$errorlint" ] && [ -n "$todoscan" ] && [ "${errorlint%/*}" = "${todoscan%/*}" ]; then
            "$errorlint" --staged --with-todoscan || status=$?
        elif [ -n "$errorlint" ] && [ -n "$todoscan" ]; then
            "$todoscan" --staged &
            todoscan_pid=$!
            kept=$("$errorlint" --staged 2>&1; echo " $?")
            wait "$todoscan_pid" || status=$?
            code=${kept##* }
            printf '%s' "${kept% *}"
            [ "$code" -gt "$status" ] && status=$code
        elif [ -n "$todoscan" ]; then
            "$todoscan" --staged || status=$?
        elif [ -n "$errorlint" ]; then
            "$errorlint" --staged || status=$?
        fi
        exit "$status"

        """
}
