import Foundation
import ProcessKit
import TestSupport
import Testing

/// The user-facing scripts are POSIX sh: they run under dash (and so under macOS's bash 3.2 and
/// its BSD userland), with and without options (an empty option list broke them under `set -u`).
@Suite("Scripts under a POSIX sh")
struct ScriptTests {
    /// The package's root, from this file's place in it.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The scripts a user runs; each must be POSIX sh.
    static let posixScripts = [
        "scripts/install-hooks.sh", "scripts/newcomer.sh", "scripts/generate-completions.sh", "hooks/pre-push",
        "scripts/swift-syntax-range.sh", "scripts/bench/build-times.sh",
    ]

    /// dash where it is installed (Debian, Ubuntu, and macOS since 10.15 have /bin/dash), else sh.
    static let shell: String = Command.locate("dash", searchPath: "/bin:/usr/bin") ?? "/bin/sh"

    /// Shell and tool features bash or GNU have and POSIX sh or BSD do not, with why.
    static let nonPortable: [(pattern: String, why: String)] = [
        (#"\[\["#, "[[ ]] is bash; use [ ]"),
        (#"<<<"#, "here-strings are bash; use printf '%s\\n' \"$x\" |"),
        (#"PIPESTATUS|pipefail"#, "PIPESTATUS and pipefail are bash"),
        (#"\$\{[A-Za-z_][A-Za-z_0-9]*\[|^\s*[A-Za-z_][A-Za-z_0-9]*\+?=\("#, "arrays are bash"),
        (#"^\s*(function\s|local\s|declare\s|typeset\s|mapfile|readarray|shopt)"#, "not in POSIX sh"),
        (#"(^|[;&|]\s*)source\s"#, "source is bash; use ."),
        (#"\$'"#, "$'…' quoting is bash"),
        (#"&>"#, "&> is bash; use >file 2>&1"),
        (#"\[ [^\]]* == "#, "== in [ ] is bash; use ="),
        (#"echo -e"#, "echo -e is not portable; use printf"),
        (#"readlink -f|realpath "#, "readlink -f and realpath are not on every macOS"),
        (#"sed -i( |$)|sed -[a-zA-Z]*i "#, "sed -i without a suffix is GNU"),
        (#"grep -[a-zA-Z]*P"#, "grep -P is GNU"),
        (#"-print -quit|find .* -quit"#, "find -quit is not POSIX"),
        (#"\$RANDOM|\$BASH|\$\{[^}]*(,,|\^\^)"#, "bash variables and case conversion"),
    ]

    /// Runs `script` (relative to the package) with the POSIX shell.
    static func run(
        _ script: String, _ arguments: [String], in directory: String? = nil, path: String? = nil
    ) async throws -> ProcessResult {
        var command = Command(shell, [packageRoot + "/" + script] + arguments, workingDirectory: directory)
        var environment = Environment.inherit.removing("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")
        if let path { environment = environment.setting(["PATH": path]) }
        command.environment = environment
        command.timeout = .seconds(120)
        return try await command.run()
    }

    @Test("Each user-facing script is #!/bin/sh, parses under dash, and uses no bashism or GNU-only flag")
    func noBashisms() throws {
        for script in Self.posixScripts {
            let text = try String(contentsOfFile: Self.packageRoot + "/" + script, encoding: .utf8)
            #expect(text.hasPrefix("#!/bin/sh\n"), "\(script)")
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("#") { continue }
                for (pattern, why) in Self.nonPortable where code.range(of: pattern, options: .regularExpression) != nil
                {
                    Issue.record("\(script):\(number + 1): \(why): \(code)")
                }
            }
        }
    }

    @Test("dash -n accepts every user-facing script", arguments: posixScripts)
    func parsesUnderDash(script: String) async throws {
        let result = try await Command(Self.shell, ["-n", Self.packageRoot + "/" + script]).run()
        #expect(result.succeeded, "\(result.errorText)")
    }

    @Test(
        "--help under dash prints the header and exits 0",
        arguments: [
            "scripts/install-hooks.sh", "scripts/generate-completions.sh",
        ])
    func help(script: String) async throws {
        let result = try await Self.run(script, ["--help"])
        #expect(result.termination == .exited(0), "\(result.errorText)")
        #expect(result.outputText.hasPrefix("# \((script as NSString).lastPathComponent) "))
        #expect(result.errorText.isEmpty)
    }

    /// A folder with a stand-in `swift` that records its arguments and answers `--show-bin-path`
    /// with the prepush this test run built: a release build of Preflight takes minutes, the rest
    /// of what the scripts do is run for real.
    struct StandInSwift {
        let folder = NSTemporaryDirectory() + "preflight-scripts-" + UUID().uuidString
        var log: String { folder + "/swift.log" }
        var path: String { folder + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") }

        init() throws {
            try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
            let script = """
                #!/bin/sh
                printf '%s\\n' "$*" >>'\(log)'
                case " $* " in
                *" --show-bin-path "*) echo '\(ProductsFolder.path)' ;;
                esac
                exit 0

                """
            try script.write(toFile: folder + "/bin/swift", atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/bin/swift")
        }

        var calls: [String] {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }
    }

    @Test("install-hooks.sh under dash, without options: builds prepush only and installs the hook")
    func installHooksWithoutOptions() async throws {
        let swift = try StandInSwift()
        defer { swift.remove() }
        let repository = swift.folder + "/repository"
        try await Command("git", ["init", "-q", repository]).run().checked()

        let result = try await Self.run("scripts/install-hooks.sh", [repository], path: swift.path)
        #expect(result.succeeded, "\(result.errorText)")
        #expect(result.errorText.contains("prepush: installed \(repository)/.git/hooks/pre-push"))
        #expect(
            swift.calls == [
                "build -c release --static-swift-stdlib --product prepush --package-path \(Self.packageRoot)",
                "build -c release --static-swift-stdlib --show-bin-path --package-path \(Self.packageRoot)",
            ])
        let hook = try String(contentsOfFile: repository + "/.git/hooks/pre-push", encoding: .utf8)
        #expect(hook.hasPrefix("#!/bin/sh\n"))
        #expect(hook.contains("prepush='"))
    }

    @Test("install-hooks.sh under dash, from inside the repository with --with-errorlint and --force")
    func installHooksWithOptions() async throws {
        let swift = try StandInSwift()
        defer { swift.remove() }
        let repository = swift.folder + "/repository"
        try await Command("git", ["init", "-q", repository]).run().checked()
        let foreign = repository + "/.git/hooks/pre-push"
        try "#!/bin/sh\nexit 0\n".write(toFile: foreign, atomically: true, encoding: .utf8)

        let result = try await Self.run(
            "scripts/install-hooks.sh", ["--with-errorlint", "--force"], in: repository, path: swift.path)
        #expect(result.succeeded, "\(result.errorText)")
        #expect(swift.calls.contains { $0.hasPrefix("build -c release --static-swift-stdlib --product errorlint ") })
        // --force reached prepush install: the foreign hook is kept aside, not chained.
        #expect(result.errorText.contains("the hook that was there is kept as"), "\(result.errorText)")
        #expect(FileManager.default.fileExists(atPath: repository + "/.git/hooks/pre-push.preflight-backup"))
    }

    @Test("generate-completions.sh under dash, with and without --scratch-path")
    func generateCompletions() async throws {
        let swift = try StandInSwift()
        defer { swift.remove() }
        let output = swift.folder + "/completions"
        let plain = try await Self.run("scripts/generate-completions.sh", ["--no-manual", output], path: swift.path)
        #expect(plain.succeeded, "\(plain.errorText)")
        #expect(
            swift.calls == [
                "build --product prepush", "build --product todoscan", "build --product errorlint",
                "build --show-bin-path",
            ])
        for file in ["bash/prepush", "zsh/_todoscan", "fish/errorlint.fish"] {
            let text = (try? String(contentsOfFile: output + "/" + file, encoding: .utf8)) ?? ""
            #expect(!text.isEmpty, "\(file) was not written")
        }

        let scratch = try await Self.run(
            "scripts/generate-completions.sh", ["--scratch-path", "/tmp/scratch place", "--no-manual", output],
            path: swift.path)
        #expect(scratch.succeeded, "\(scratch.errorText)")
        #expect(swift.calls.last == "build --scratch-path /tmp/scratch place --show-bin-path")
        let missing = try await Self.run("scripts/generate-completions.sh", ["--scratch-path"], path: swift.path)
        #expect(missing.termination == .exited(2))
        #expect(missing.errorText.contains("--scratch-path needs a path"))
    }
}
