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
        "scripts/render-coverage-html.sh", "scripts/release.sh", "scripts/host-slot.sh",
        "scripts/swift-syntax-range.sh", "scripts/junit-parse.sh", "scripts/diff-cover.sh",
        "scripts/bench/build-times.sh",
    ]

    /// dash where it is installed (Debian, Ubuntu, and macOS since 10.15 have /bin/dash), else sh.
    static let shell: String = Command.locate("dash", searchPath: "/bin:/usr/bin") ?? "/bin/sh"

    /// Shell and tool features bash or GNU have and POSIX sh or BSD do not, with why.
    static let nonPortable: [(pattern: String, why: String)] = [
        // `[[` as a command, not a POSIX character class inside a bracket expression (`*[[:cntrl:]]*`).
        (#"(^|[\s;&|(!])\[\[\s"#, "[[ ]] is bash; use [ ]"),
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

    /// What macOS's bash 3.2 and BSD userland lack, for the bash scripts (benchmarks, corpus checks,
    /// fuzzing): bash 4 features and GNU-only tools and flags. scripts/lib/portable.sh has the
    /// portable helpers (and alone may use these behind a fallback).
    static let notOnMacOS: [(pattern: String, why: String)] = [
        (#"(declare|typeset|local) -[a-zA-Z]*A"#, "associative arrays are bash 4; use variables named per key"),
        (#"\b(mapfile|readarray)\b"#, "mapfile is bash 4; use while IFS= read -r"),
        (#"BASHPID"#, "$BASHPID is bash 4"),
        (#"\$\{[A-Za-z_][A-Za-z_0-9]*(,,|\^\^)"#, "case conversion is bash 4; use tr"),
        (#"\|&|&>>"#, "|& and &>> are bash 4"),
        (#"(local|declare) -[a-zA-Z]*n |wait -n"#, "namerefs and wait -n are bash 4.3"),
        (#"date [^|;]*%N"#, "%N is GNU date's; use now_seconds"),
        (#"readlink -f"#, "readlink -f is GNU; use real_path"),
        (#"(^|[|;&(]\s*)tac\b"#, "tac is GNU; use reverse_lines"),
        (#"sed -i( |$)|sed -[a-zA-Z]*i "#, "sed -i without a suffix is GNU"),
        (#"\bstat -c|\bstat --(format|printf)"#, "stat -c is GNU"),
        (#"(^|[|;&(]\s*)timeout\s"#, "timeout is GNU coreutils; use with_timeout"),
        (#"sed [^|]*\\\|"#, "\\| in a basic expression is GNU; use sed -E"),
        (#"sort -[a-zA-Z]*V|grep -[a-zA-Z]*P|xargs -[a-zA-Z]*r|-printf"#, "GNU-only flag"),
    ]

    /// The bash scripts under scripts/ (first line names bash), but the portable helpers.
    static let bashScripts: [String] = {
        let folder = packageRoot + "/scripts"
        let paths = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".sh") && $0 != "lib/portable.sh" }.sorted().compactMap { path in
            let text = (try? String(contentsOfFile: folder + "/" + path, encoding: .utf8)) ?? ""
            return text.prefix { $0 != "\n" }.contains("bash") ? "scripts/" + path : nil
        }
    }()

    @Test("Each bash script under scripts/ parses and uses nothing bash 3.2 or BSD tools lack (macOS)")
    func bashScriptsRunOnMacOS() async throws {
        #expect(Self.bashScripts.contains("scripts/fuzz.sh"), "\(Self.bashScripts)")
        for script in Self.bashScripts {
            let text = try String(contentsOfFile: Self.packageRoot + "/" + script, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("#") { continue }
                for (pattern, why) in Self.notOnMacOS where code.range(of: pattern, options: .regularExpression) != nil
                {
                    Issue.record("\(script):\(number + 1): \(why): \(code)")
                }
                // /proc is Linux's: only behind a test that it is there.
                if code.contains("/proc/"), !code.contains("-r /proc/") {
                    Issue.record("\(script):\(number + 1): /proc is Linux's alone: \(code)")
                }
            }
            let parsed = try await Command("/bin/bash", ["-n", Self.packageRoot + "/" + script]).run()
            #expect(parsed.succeeded, "\(script): \(parsed.errorText)")
        }
    }

    /// Runs `script` (relative to the package) with the POSIX shell; past `timeout` (a guard
    /// against a hang, never a measure) it is stopped.
    static func run(
        _ script: String, _ arguments: [String], in directory: String? = nil, path: String? = nil,
        timeout: Duration = .seconds(120)
    ) async throws -> ProcessResult {
        var command = Command(shell, [packageRoot + "/" + script] + arguments, workingDirectory: directory)
        var environment = Environment.inherit.setting(["PREPUSH_VERBOSE": "1"]).removing(
            "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")
        if let path { environment = environment.setting(["PATH": path]) }
        command.environment = environment
        command.timeout = timeout
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
            "scripts/install-hooks.sh", "scripts/generate-completions.sh", "scripts/render-coverage-html.sh",
            "scripts/release.sh",
        ])
    func help(script: String) async throws {
        let result = try await Self.run(script, ["--help"])
        #expect(result.termination == .exited(0), "\(result.errorText)")
        #expect(result.outputText.hasPrefix("# \((script as NSString).lastPathComponent) "))
        #expect(result.errorText.isEmpty)
    }

    /// A Chromium for the rendering script, if one is installed.
    static let chromium = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap {
        Command.locate($0, searchPath: ProcessInfo.processInfo.environment["PATH"])
    }.first

    @Test(
        "render-coverage-html.sh under dash: a page rendered to a PNG by headless Chromium; a missing page exits 2",
        .enabled(if: chromium != nil, "no Chromium installed (apt-get install chromium)"))
    func renderCoverageHTML() async throws {
        let folder = NSTemporaryDirectory() + "render-coverage-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "<!DOCTYPE html><html><body><h1>Coverage</h1></body></html>\n".write(
            toFile: folder + "/index.html", atomically: true, encoding: .utf8)
        let result = try await Self.run(
            "scripts/render-coverage-html.sh", ["index.html", "shots/index.png", "400", "300"], in: folder)
        #expect(result.termination == .exited(0), "\(result.errorText)")
        #expect(
            physicalPath(result.outputText.trimmingCharacters(in: .newlines))
                == physicalPath(folder + "/shots/index.png"))
        let png = try Data(contentsOf: URL(fileURLWithPath: folder + "/shots/index.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let missing = try await Self.run("scripts/render-coverage-html.sh", ["nothing.html", "x.png"], in: folder)
        #expect(missing.termination == .exited(2))
    }

    /// A folder with a stand-in `swift` that records its arguments and answers `--show-bin-path`
    /// with the prepush this test run built (or `products`): a release build of Preflight takes
    /// minutes, the rest of what the scripts do is run for real, `swift package` included.
    struct StandInSwift {
        let folder = NSTemporaryDirectory() + "preflight-scripts-" + UUID().uuidString
        var log: String { folder + "/swift.log" }
        var path: String { folder + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") }

        /// `progress`: a line the build of prepush prints (as SwiftPM's progress) each second for 11 s
        /// (again and again: another test's install, running at the same time, empties the shared log).
        init(products: String = ProductsFolder.path, progress: String? = nil) throws {
            try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
            let realSwift = try #require(
                Command.locate("swift", searchPath: ProcessInfo.processInfo.environment["PATH"]))
            let slow =
                progress.map {
                    "*\" --product prepush \"*) for i in 1 2 3 4 5 6 7 8 9 10 11; do echo '\($0)'; sleep 1; done ;;"
                } ?? ""
            let script = """
                #!/bin/sh
                printf '%s\\n' "$*" >>'\(log)'
                case " $* " in
                " package "*) exec '\(realSwift)' "$@" ;;
                *" --show-bin-path "*) echo '\(products)' ;;
                \(slow)
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

    @Test("install-hooks.sh under dash, without options: builds prepush and todoscan, installs both hooks")
    func installHooksWithoutOptions() async throws {
        let swift = try StandInSwift()
        defer { swift.remove() }
        let repository = swift.folder + "/repository"
        try await Command("git", ["init", "-q", repository]).run().checked()

        let result = try await Self.run("scripts/install-hooks.sh", [repository], path: swift.path)
        #expect(result.succeeded, "\(result.errorText)")
        #expect(result.errorText.contains("prepush: installed \(physicalPath(repository))/.git/hooks/pre-push"))
        #expect(result.errorText.contains("prepush: installed \(physicalPath(repository))/.git/hooks/pre-commit"))
        #expect(result.errorText.contains("install-hooks.sh: building prepush and todoscan"), "\(result.errorText)")
        #expect(result.errorText.contains("install-hooks.sh: to uninstall: "), "\(result.errorText)")
        #expect(
            swift.calls == [
                "build -c release --static-swift-stdlib --product prepush --package-path \(Self.packageRoot)",
                "build -c release --static-swift-stdlib --product todoscan --package-path \(Self.packageRoot)",
                "build -c release --static-swift-stdlib --show-bin-path --package-path \(Self.packageRoot)",
            ])
        let hook = try String(contentsOfFile: repository + "/.git/hooks/pre-push", encoding: .utf8)
        #expect(hook.hasPrefix("#!/bin/sh\n"))
        #expect(hook.contains("prepush='"))
    }

    @Test("install-hooks.sh says what the build is doing in words: the module and the step of how many")
    func installProgressInWords() async throws {
        // A release build's progress line as swift build printed it (docs/transcripts.md).
        let swift = try StandInSwift(progress: "[19/21] Compiling TodoScanKit CFamilyCommentLexer.swift")
        defer { swift.remove() }
        let repository = swift.folder + "/repository"
        try await Command("git", ["init", "-q", repository]).run().checked()

        let result = try await Self.run("scripts/install-hooks.sh", ["--no-check", repository], path: swift.path)
        #expect(result.succeeded, "\(result.errorText)")
        #expect(
            result.errorText.contains(
                "of about 4 to 5 minutes: building prepush (compiling TodoScanKit (step 19 of 21))"),
            "\(result.errorText)")
        #expect(!result.errorText.contains("[19/21]"))
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

    /// This machine's slot in the bundle, as scripts/host-slot.sh says.
    static func hostSlot() async throws -> String {
        let result = try await Command(shell, [packageRoot + "/scripts/host-slot.sh"]).run()
        return result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The triples each slot declares in info.json.
    static let slotTriples = [
        "linux-x86_64": ["x86_64-unknown-linux-gnu"], "linux-aarch64": ["aarch64-unknown-linux-gnu"],
        "macos": ["arm64-apple-macosx", "x86_64-apple-macosx"],
    ]

    /// A folder of stand-in prepush, todoscan and errorlint (release.sh only copies them).
    static func standInTools(in folder: String) throws -> String {
        let tools = folder + "/tools"
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        for tool in ["prepush", "todoscan", "errorlint"] {
            try "#!/bin/sh\necho \(tool)\n".write(toFile: tools + "/" + tool, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tools + "/" + tool)
        }
        return tools
    }

    /// info.json's variants per artifact, checked against the schema SwiftPM reads.
    static func variants(ofBundle bundle: String) throws -> [String: [(path: String, triples: [String])]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: bundle + "/info.json"))
        let info = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(info["schemaVersion"] as? String == "1.0")
        let artifacts = try #require(info["artifacts"] as? [String: [String: Any]])
        #expect(Set(artifacts.keys) == ["prepush", "todoscan", "errorlint"])
        var result: [String: [(path: String, triples: [String])]] = [:]
        for (name, artifact) in artifacts {
            #expect(artifact["type"] as? String == "executable")
            // Preflight's one version constant, which release.sh reads.
            let constant = try String(
                contentsOfFile: Self.packageRoot + "/Sources/PreflightCore/Version/PreflightVersion.swift",
                encoding: .utf8)
            #expect(constant.contains("static let current = \"\(artifact["version"] as? String ?? "-")\""))
            let variants = try #require(artifact["variants"] as? [[String: Any]])
            result[name] = try variants.map { variant in
                let path = try #require(variant["path"] as? String)
                #expect(FileManager.default.isExecutableFile(atPath: bundle + "/" + path), "\(path)")
                #expect((path as NSString).lastPathComponent == name)
                return (path, try #require(variant["supportedTriples"] as? [String]))
            }
        }
        return result
    }

    @Test(
        "release.sh under dash: builds this machine's slot, writes info.json, the zip, its checksum, the plugin package"
    )
    func releaseBundle() async throws {
        let folder = NSTemporaryDirectory() + "preflight-release-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let swift = try StandInSwift(products: try Self.standInTools(in: folder))
        defer { swift.remove() }
        let output = folder + "/dist"
        let slot = try await Self.hostSlot()

        let result = try await Self.run(
            "scripts/release.sh", ["--output", output, "--scratch-path", folder + "/scratch"], path: swift.path)
        #expect(result.succeeded, "\(result.errorText)")
        let flags = slot == "macos" ? "--arch arm64 --arch x86_64" : "--static-swift-stdlib"
        let builds = swift.calls.filter { $0.hasPrefix("build ") }
        #expect(
            builds == ["prepush", "todoscan", "errorlint"].map {
                "build -c release \(flags) --product \($0) --package-path \(Self.packageRoot) --scratch-path \(folder)/scratch"
            } + [
                "build -c release \(flags) --show-bin-path --package-path \(Self.packageRoot) --scratch-path \(folder)/scratch"
            ])

        let bundle = output + "/Preflight.artifactbundle"
        let variants = try Self.variants(ofBundle: bundle)
        for tool in ["prepush", "todoscan", "errorlint"] {
            #expect(variants[tool]?.map(\.path) == ["\(slot)/bin/\(tool)"])
            #expect(variants[tool]?.first?.triples == Self.slotTriples[slot])
        }
        // The zip holds the bundle folder; the checksum is SwiftPM's for that zip.
        let listing = try await Command("unzip", ["-l", bundle + ".zip"]).run()
        #expect(listing.outputText.contains("Preflight.artifactbundle/info.json"))
        #expect(listing.outputText.contains("Preflight.artifactbundle/\(slot)/bin/errorlint"))
        let checksum = try String(contentsOfFile: bundle + ".zip.checksum", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(checksum.wholeMatch(of: /[0-9a-f]{64}/) != nil, "\(checksum)")
        #expect(result.errorText.contains("checksum \(checksum)"))

        // The plugin package: plugin sources copied in (no links out of it), the bundle beside its manifest.
        let plugins = output + "/PreflightPlugins"
        let manifest = try String(contentsOfFile: plugins + "/Package.swift", encoding: .utf8)
        #expect(manifest.contains(#".binaryTarget(name: "PreflightTools", path: "Preflight.artifactbundle")"#))
        #expect(FileManager.default.fileExists(atPath: plugins + "/Preflight.artifactbundle/info.json"))
        let invocation = plugins + "/Plugins/ErrorLintCommand/ToolInvocation.swift"
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: invocation)) == nil)
        #expect(FileManager.default.fileExists(atPath: invocation))
    }

    @Test("release.sh --no-build --slot … --url: slots from elsewhere, the plugin package on the released zip")
    func releaseSlotsAndURL() async throws {
        let folder = NSTemporaryDirectory() + "preflight-release-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let swift = try StandInSwift()
        defer { swift.remove() }
        let tools = try Self.standInTools(in: folder)
        let output = folder + "/dist"
        let url = "https://github.com/example/Preflight/releases/download/1.0.0/Preflight.artifactbundle.zip"

        let result = try await Self.run(
            "scripts/release.sh",
            [
                "--no-build", "--slot", "linux-aarch64=\(tools)", "--slot", "macos=\(tools)", "--output", output,
                "--url", url,
            ],
            path: swift.path)
        #expect(result.succeeded, "\(result.errorText)")
        #expect(!swift.calls.contains { $0.hasPrefix("build") })
        let variants = try Self.variants(ofBundle: output + "/Preflight.artifactbundle")
        for tool in ["prepush", "todoscan", "errorlint"] {
            #expect(variants[tool]?.map(\.path) == ["linux-aarch64/bin/\(tool)", "macos/bin/\(tool)"])
            #expect(variants[tool]?.map(\.triples) == [Self.slotTriples["linux-aarch64"]!, Self.slotTriples["macos"]!])
        }
        let checksum = try String(contentsOfFile: output + "/Preflight.artifactbundle.zip.checksum", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let manifest = try String(contentsOfFile: output + "/PreflightPlugins/Package.swift", encoding: .utf8)
        #expect(manifest.contains(#".binaryTarget(name: "PreflightTools", url: "\#(url)", checksum: "\#(checksum)")"#))
        #expect(!FileManager.default.fileExists(atPath: output + "/PreflightPlugins/Preflight.artifactbundle"))

        for (arguments, message) in [
            (["--slot", "windows=\(tools)"], "--slot takes linux-x86_64=DIR"), (["--no-build"], "nothing to pack"),
            (["--output"], "--output needs a value"),
        ] {
            let wrong = try await Self.run("scripts/release.sh", ["--output", output] + arguments, path: swift.path)
            #expect(wrong.termination == .exited(2), "\(arguments)")
            #expect(wrong.errorText.contains(message), "\(wrong.errorText)")
        }
    }

    @Test("install-hooks.sh --binary: a prebuilt prepush or a bundle, nothing built")
    func installHooksWithBinary() async throws {
        let swift = try StandInSwift()
        defer { swift.remove() }
        // A bundle as release.sh lays it out, holding the prepush this test run built.
        let bundle = swift.folder + "/Preflight.artifactbundle"
        let slotFolder = bundle + "/" + (try await Self.hostSlot()) + "/bin"
        try FileManager.default.createDirectory(atPath: slotFolder, withIntermediateDirectories: true)
        try "{}".write(toFile: bundle + "/info.json", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: ProductsFolder.path + "/prepush", toPath: slotFolder + "/prepush")

        for (index, given) in [bundle, slotFolder + "/prepush"].enumerated() {
            let repository = swift.folder + "/repository\(index)"
            try await Command("git", ["init", "-q", repository]).run().checked()
            let result = try await Self.run(
                "scripts/install-hooks.sh", [repository, "--binary", given, "--with-errorlint"], path: swift.path)
            #expect(result.succeeded, "\(result.errorText)")
            #expect(result.errorText.contains("prepush: installed \(physicalPath(repository))/.git/hooks/pre-push"))
            #expect(result.errorText.contains("no errorlint beside"))
            let hook = try String(contentsOfFile: repository + "/.git/hooks/pre-push", encoding: .utf8)
            #expect(hook.contains(slotFolder + "/prepush"), "\(hook)")
        }
        #expect(swift.calls.isEmpty)

        // In a repository of its own: the test process's folder need not be one.
        let missing = try await Self.run(
            "scripts/install-hooks.sh", ["--binary", swift.folder + "/nothing"], in: swift.folder + "/repository0",
            path: swift.path)
        #expect(missing.termination == .exited(2))
        #expect(missing.errorText.contains("is not an executable prepush"))
        let noValue = try await Self.run("scripts/install-hooks.sh", ["--binary"], path: swift.path)
        #expect(noValue.termination == .exited(2))
    }
}
