import Foundation
import ProcessKit

/// Where `prepush install` found the toolchain and the tools the team's steps run, written into
/// the hooks so that a hook a git client starts with a short `PATH` finds them.
///
/// Xcode's source control, Fork, Tower and SourceTree start hooks with
/// `PATH=/usr/bin:/bin:/usr/sbin:/sbin`: no toolchain outside those (Linux's `/opt/swift`,
/// swiftly's `~/.swiftly/bin`), nothing from Homebrew or Mint. The hook puts back the folders its
/// `PATH` lacks, asking the shell at run time: `swift`'s folder first (the toolchain chosen at
/// install), the other folders of the installing `PATH` after the hook's own.
package struct InstallTimeTools: Sendable, Equatable {
    /// The folder `swift` was found in (`PATH`, else `xcrun --find swift`); empty when none.
    var swiftFolder: String
    /// The absolute folders of the installing `PATH`, in order.
    var searchPath: [String]

    /// The placeholder in a hook template where ``hookLines`` go.
    static let placeholder = "@INSTALL_TIME_PATH@"

    /// What this process finds: `swift` on its `PATH`, else where `xcrun` (where there is one) says.
    package static func found(
        environment: [String: String] = ProcessInfo.processInfo.environment
    )
        -> InstallTimeTools
    {
        let path = environment["PATH"] ?? ""
        var swift = Command.locate("swift", searchPath: path)
        if swift == nil, let xcrun = Command.locate("xcrun", searchPath: path),
            let result = try? Command(xcrun, ["--find", "swift"]).runBlocking(), result.succeeded
        {
            let answer = result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
            if answer.hasPrefix("/") { swift = answer }
        }
        return InstallTimeTools(
            swiftFolder: swift.map { ($0 as NSString).deletingLastPathComponent } ?? "",
            searchPath: path.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") })
    }

    /// The hook's lines that add the recorded folders its `PATH` lacks (shell builtins only), and
    /// keep the `PATH` git gave it in `hook_path` for messages.
    var hookLines: String {
        let folders = searchPath.joined(separator: ":")
        return """
            # Where `prepush install` found swift and the tools: a git client (Xcode, Fork, Tower, SourceTree)
            # starts hooks with PATH=/usr/bin:/bin:/usr/sbin:/sbin. Folders this hook's PATH lacks are added:
            # swift's first (the toolchain of the install), the others after the hook's own.
            installed_swift=\(HookInstaller.shellQuoted(swiftFolder))
            installed_path=\(HookInstaller.shellQuoted(folders))
            hook_path=$PATH
            lacks() { case ":$PATH:" in *":$1:"*) return 1 ;; esac; return 0; }
            if [ -n "$installed_swift" ] && lacks "$installed_swift"; then PATH="$installed_swift${PATH:+:$PATH}"; fi
            saved_ifs=$IFS
            IFS=:
            set -f
            for folder in $installed_path; do
                if lacks "$folder"; then PATH="${PATH:+$PATH:}$folder"; fi
            done
            set +f
            IFS=$saved_ifs
            export PATH
            """
    }

    /// The pre-push hook's line when `swift` is still not found: the `PATH` it got, where the
    /// install found swift.
    static let missingSwiftLines = """
        if ! command -v swift >/dev/null 2>&1 && ! command -v xcodebuild >/dev/null 2>&1; then
            echo "prepush: no swift on the PATH git gave this hook ($hook_path) nor where prepush install found it (${installed_swift:-nowhere}); run scripts/install-hooks.sh again from a terminal where swift runs, or push with --no-verify" >&2
        fi
        """

    /// errorlint built in the background by `scripts/install-hooks.sh` (a file `errorlint.building`
    /// beside where it will be: the build's process id and log): said at each hook run until it is
    /// there. Returns 0 while that build runs.
    static let pendingErrorlintLines = """
        errorlint_pending() {
            [ ! -x "$1" ] && [ -f "$1.building" ] || return 1
            read -r build_pid build_log <"$1.building" || return 1
            if kill -0 "$build_pid" 2>/dev/null; then
                echo "prepush: errorlint is still being built in the background (log: $build_log); checking without it until it is there" >&2
                return 0
            fi
            echo "prepush: errorlint's background build ended without an errorlint (log: $build_log); build it with scripts/install-hooks.sh --with-errorlint" >&2
            return 1
        }
        """
}
