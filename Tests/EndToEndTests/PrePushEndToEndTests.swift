import Foundation
import ProcessKit
import TestSupport
import Testing

/// The built `prepush`, installed as a real pre-push hook in a real repository with a bare remote,
/// checking a real Swift package (a minute or two: several builds).
@Suite("prepush end to end", .serialized)
struct PrePushEndToEndTests {
    static let prepush = ToolCommandTests.productsDirectory + "/prepush"

    /// A ``GitFixture`` (its work tree `work`, its bare remote `remote`, both in the temporary
    /// folder `root`) with the runner of the built tools and git as a user's shell runs them.
    struct Repository {
        /// Removed with the fixture's builds when the last copy of the repository is released.
        let fixture: GitFixture
        var root: String { (work as NSString).deletingLastPathComponent }
        var work: String { fixture.root }
        var remote: String { fixture.remote }

        /// `root` with an empty `work` folder in it: no repository, for a test that lays out its own.
        init() throws { fixture = try GitFixture("prepush-e2e", initialize: false) }

        private init(fixture: GitFixture) { self.fixture = fixture }

        @discardableResult
        func run(
            _ executable: String, _ arguments: [String], in directory: String? = nil,
            environment: [String: String] = [:]
        ) async throws -> ProcessResult {
            var command = Command(executable, arguments, workingDirectory: directory ?? work)
            command.environment = .inherit.setting(["PREPUSH_VERBOSE": "1"]).removing(
                "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "PREPUSH_SKIP", "CI", "GITHUB_STEP_SUMMARY"
            )
            .setting(
                [
                    "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "Test",
                    "GIT_COMMITTER_EMAIL": "t@example.com",
                    // No background build of the worktree after each in-place pass: WarmWorktreeEndToEndTests
                    // asks for it; in the other suites it would only compete for the machine's cores.
                    "PREPUSH_WARM_WORKTREE": "0",
                ].merging(environment) { $1 })
            command.timeout = .seconds(600)
            // Awaited, not blocking: these builds take many seconds, and a blocked cooperative
            // thread would stall every other test's awaits meanwhile.
            return try await command.run()
        }

        func write(_ path: String, _ text: String) throws { try fixture.write(path, text) }

        /// Commits everything through ``run(_:_:in:environment:)``: an installed hook runs as it
        /// would for the user, not in the fixture's environment.
        func commit(_ message: String) async throws {
            try await run("git", ["add", "-A"])
            try await run("git", ["commit", "-q", "-m", message]).checked()
        }

        /// A repository on `main` holding `files` (and a `.gitignore` of `.build/`) in one commit,
        /// with a bare remote `origin` it has not pushed to.
        static func make(files: [String: String]) async throws -> Repository {
            let fixture = try GitFixture("prepush-e2e")
            try fixture.write(".gitignore", ".build/\n")
            for (path, text) in files.sorted(by: { $0.key < $1.key }) { try fixture.write(path, text) }
            try fixture.commitAll("initial")
            try fixture.addBareRemote()
            return Repository(fixture: fixture)
        }

        func remoteHead(_ branch: String) async throws -> String {
            try await run("git", ["rev-parse", branch], in: remote).outputText
        }
    }

    private func makeRepository() async throws -> Repository {
        try await Self.makeRepository()
    }

    /// A repository holding a small package (`Calc`, one test: `test` is its source), with a bare
    /// remote `origin`.
    static func makeRepository(
        test: String = "import Calc\nimport Testing\n@Test func adds() { #expect(add(1, 2) == 3) }\n"
    ) async throws -> Repository {
        try await Repository.make(files: [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Calc", targets: [.target(name: "Calc"), .testTarget(name: "CalcTests", dependencies: ["Calc"])])
            """,
            "Sources/Calc/Calc.swift":
                "public func add(_ a: Int, _ b: Int) -> Int { a + b }\npublic func unused() -> Int { 1 }\n",
            "Tests/CalcTests/CalcTests.swift": test,
        ])
    }

    @Test("install, push green with coverage, re-push verified tree, failing test rejected, deletion skipped")
    func pushLifecycle() async throws {
        let repository = try await makeRepository()
        let install = try await repository.run(Self.prepush, ["install"])
        #expect(install.succeeded, "\(install.errorText)")

        let first = try await repository.run("git", ["push", "origin", "main"])
        #expect(first.succeeded, "\(first.errorText)")
        #expect(first.errorText.contains("Total"))
        #expect(first.errorText.contains("1 test passed"))
        let localMain = try await repository.run("git", ["rev-parse", "main"]).outputText
        #expect(try await repository.remoteHead("main") == localMain)

        // Checked by hand first, then pushed: the push finds the tree verified.
        try repository.write("Sources/Calc/More.swift", "public func twice(_ a: Int) -> Int { add(a, a) }\n")
        try await repository.commit("more")
        try await repository.run(Self.prepush, []).checked()
        let again = try await repository.run("git", ["push", "origin", "main", "main:copy"])
        #expect(again.succeeded)
        #expect(again.errorText.contains("already verified"))

        try repository.write(
            "Tests/CalcTests/CalcTests.swift",
            "import Calc\nimport Testing\n@Test func adds() { #expect(add(1, 2) == 4) }\n")
        try await repository.commit("break a test")
        let before = try await repository.remoteHead("main")
        let broken = try await repository.run("git", ["push", "origin", "main"])
        #expect(!broken.succeeded)
        #expect(broken.errorText.contains("test failed; the push is stopped"))
        #expect(try await repository.remoteHead("main") == before)

        let deletion = try await repository.run("git", ["push", "origin", ":copy"])
        #expect(deletion.succeeded)
        #expect(deletion.errorText.contains("only deletes refs"))
    }

    @Test("By hand: coverage gate, dirty-tree warning, ERROR tag fails, pushes of non-Swift files are skipped")
    func byHandAndGates() async throws {
        let repository = try await makeRepository()
        let gate = try await repository.run(Self.prepush, ["--min-coverage", "90"])
        #expect(gate.termination == .exited(1))
        #expect(gate.errorText.contains("below the minimum 90.00 %"))

        try repository.write(
            "Sources/Calc/Calc.swift", "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n// ERROR: not yet\n")
        let tagged = try await repository.run(Self.prepush, [])
        #expect(tagged.termination == .exited(1))
        #expect(tagged.errorText.contains("uncommitted changes"))
        #expect(tagged.errorText.contains("ERROR: not yet"))
        #expect(tagged.errorText.contains("todoscan failed"))

        try await repository.run("git", ["checkout", "--", "."]).checked()
        try await repository.run(Self.prepush, ["install"]).checked()
        try await repository.run("git", ["push", "-q", "origin", "main"]).checked()
        try repository.write("NOTES.txt", "not code\n")
        try await repository.commit("notes")
        let docsOnly = try await repository.run("git", ["push", "origin", "main"])
        #expect(docsOnly.succeeded)
        #expect(docsOnly.errorText.contains("nothing to check"))

        // An untested new file: coverage of the added lines gates.
        try repository.write("Sources/Calc/New.swift", "public func triple(_ a: Int) -> Int {\n    a * 3\n}\n")
        let diff = try await repository.run(
            Self.prepush, ["--min-diff-coverage", "80", "--since", "HEAD", "--no-todoscan"])
        #expect(diff.termination == .exited(1))
        #expect(diff.errorText.contains("Sources/Calc/New.swift:1: warning: not covered by tests"))
        #expect(diff.errorText.contains("coverage of added lines 0.00 % is below the minimum 80.00 %"))
    }

    @Test("PREPUSH_SKIP=todoscan skips that step only, says so, and verifies nothing; a misspelt step is an error")
    func skipOneStep() async throws {
        let repository = try await makeRepository()
        try repository.write(
            "Sources/Calc/Calc.swift", "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n// ERROR: not yet\n")
        try await repository.commit("a tag todoscan stops")
        try await repository.run(Self.prepush, ["install"]).checked()
        let misspelt = try await repository.run(
            "git", ["push", "origin", "main"], environment: ["PREPUSH_SKIP": "todoscn"])
        #expect(misspelt.termination != .exited(0))
        #expect(misspelt.errorText.contains("PREPUSH_SKIP names a step prepush does not have: todoscn."))
        #expect(misspelt.errorText.contains("build, test, coverage, todoscan, errorlint"))
        let skipped = try await repository.run(
            "git", ["push", "origin", "main"], environment: ["PREPUSH_SKIP": "todoscan"])
        #expect(skipped.succeeded, "\(skipped.errorText)")
        #expect(skipped.errorText.contains("prepush: PREPUSH_SKIP: skipping todoscan; a check with a skipped step"))
        #expect(skipped.errorText.contains("test       passed"))
        #expect(skipped.errorText.contains("todoscan   skipped   0.0s  skipped (PREPUSH_SKIP)"))
        #expect(skipped.errorText.contains("; skipped (PREPUSH_SKIP): todoscan"))
        // Not recorded as verified: the same tree is checked again, todoscan included (the tag is on
        // the remote now, so it is an existing finding, and --all-findings makes it stop the check).
        let again = try await repository.run(Self.prepush, [])
        #expect(again.succeeded, "\(again.errorText)")
        #expect(!again.errorText.contains("already verified"))
        #expect(again.errorText.contains("0 new, 1 existing"))
        let all = try await repository.run(Self.prepush, ["--all-findings"])
        #expect(all.termination == .exited(1))
        #expect(all.errorText.contains("todoscan failed"))
    }

    @Test("--isolated checks the committed version in a kept worktree, not the dirty file; later runs move it")
    func isolated() async throws {
        let repository = try await makeRepository()
        let good = try String(contentsOfFile: repository.work + "/Sources/Calc/Calc.swift", encoding: .utf8)
        let broken = "public func add(_ a: Int, _ b: Int) -> Int { a + }\n"
        try repository.write("Sources/Calc/Calc.swift", broken)
        let first = try await repository.run(Self.prepush, ["--isolated", "--coverage-files", "--no-todoscan"])
        #expect(first.succeeded, "\(first.errorText)")
        #expect(first.errorText.contains("in its own worktree"))
        #expect(first.errorText.contains("\n  Sources/Calc/Calc.swift "))
        #expect(!first.errorText.contains("prepush-worktree/Sources"))
        #expect(!first.errorText.contains("uncommitted changes"))
        let worktree = repository.work + "/.build/prepush-worktree"
        let head = try await repository.run("git", ["rev-parse", "HEAD"]).outputText
        #expect(try await repository.run("git", ["rev-parse", "HEAD"], in: worktree).outputText == head)
        #expect(FileManager.default.fileExists(atPath: repository.work + "/.build/prepush-isolated"))
        #expect(try String(contentsOfFile: repository.work + "/Sources/Calc/Calc.swift", encoding: .utf8) == broken)

        // The next commit: the same worktree moves to it; the user's files stay as they are.
        try repository.write("Sources/Calc/Calc.swift", good)
        try repository.write("Sources/Calc/More.swift", "public func twice(_ a: Int) -> Int { add(a, a) }\n")
        try await repository.commit("more")
        try repository.write("Sources/Calc/Calc.swift", broken)
        let second = try await repository.run(Self.prepush, ["--isolated"])
        #expect(second.succeeded, "\(second.errorText)")
        let newHead = try await repository.run("git", ["rev-parse", "HEAD"]).outputText
        #expect(try await repository.run("git", ["rev-parse", "HEAD"], in: worktree).outputText == newHead)
        #expect(FileManager.default.fileExists(atPath: worktree + "/Sources/Calc/More.swift"))
        #expect(try String(contentsOfFile: repository.work + "/Sources/Calc/Calc.swift", encoding: .utf8) == broken)

        // A folder prepush did not make is reported, never removed.
        try await repository.run("git", ["worktree", "remove", "--force", worktree]).checked()
        try FileManager.default.createDirectory(atPath: worktree, withIntermediateDirectories: true)
        try "mine\n".write(toFile: worktree + "/notes.txt", atomically: true, encoding: .utf8)
        let occupied = try await repository.run(Self.prepush, ["--isolated", "--no-cache"])
        #expect(occupied.termination == .exited(2))
        #expect(occupied.errorText.contains("is not this repository's prepush worktree"))
        #expect(FileManager.default.fileExists(atPath: worktree + "/notes.txt"))
    }

    @Test(
        "--quiet shows only failures and the verdict; --ci and CI=true add GitHub annotations; piped output has no colour"
    )
    func outputModes() async throws {
        let repository = try await makeRepository()
        let quiet = try await repository.run(Self.prepush, ["--quiet", "--no-cache"])
        #expect(quiet.succeeded, "\(quiet.errorText)")
        #expect(quiet.errorText.hasPrefix("prepush: passed (todoscan, errorlint, build, test, coverage) in "))
        #expect(quiet.errorText.split(separator: "\n").count == 1, "\(quiet.errorText)")

        let quietGate = try await repository.run(Self.prepush, ["-q", "--no-cache", "--min-coverage", "90"])
        #expect(quietGate.termination == .exited(1))
        #expect(!quietGate.errorText.contains("==> build"))
        #expect(quietGate.errorText.hasPrefix("==> coverage\n"))
        #expect(quietGate.errorText.contains("below the minimum 90.00 %"))
        #expect(
            quietGate.errorText.hasSuffix(
                "prepush: the check failed: coverage failed (a push of this content would be stopped)\n"))

        // Both gates fail in CI=true mode: each is annotated, and so is every uncovered added line.
        try repository.write("Sources/Calc/New.swift", "public func triple(_ a: Int) -> Int {\n    a * 3\n}\n")
        var ci = try await repository.run(
            Self.prepush,
            ["--no-cache", "--min-coverage", "90", "--min-diff-coverage", "80", "--since", "HEAD"],
            environment: ["CI": "true"])
        #expect(ci.termination == .exited(1))
        #expect(ci.errorText.contains("\n::error title=coverage::coverage "))
        #expect(ci.errorText.contains(" is below the minimum 90.00 %25\n"))
        #expect(
            ci.errorText.contains(
                "\n::warning file=Sources/Calc/New.swift,line=1,col=1,title=not-covered::not covered by tests\n"))
        #expect(ci.errorText.contains("\n::error title=diff coverage::coverage of added lines 0.00 %25 is below"))
        #expect(ci.errorText.contains("\n::error title=prepush::coverage failed: "))

        try repository.write("Sources/Calc/New.swift", "// ERROR: not yet\n")
        ci = try await repository.run(Self.prepush, ["--ci", "--no-cache"])
        #expect(ci.termination == .exited(1))
        #expect(
            ci.errorText.contains("\n::error file=Sources/Calc/New.swift,line=1,col=4,title=error::ERROR: not yet\n"))
        #expect(ci.errorText.contains("\n::error title=prepush::todoscan failed: "))
        for result in [quiet, quietGate, ci] { #expect(!result.errorText.contains("\u{1B}[")) }

        // On a terminal (script(1) gives one): colour, unless NO_COLOR is set. SwiftPM sets NO_COLOR
        // for the tests it runs; empty counts as unset (no-color.org).
        // util-linux's script (Linux) takes the command with -c; BSD's (macOS) after the file.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/script") {
            let commandLine = "\(Self.prepush) --no-cache --no-todoscan"
            let version = try? await Command("/usr/bin/script", ["--version"]).run()
            let arguments =
                version?.outputText.contains("util-linux") == true
                ? ["-qec", commandLine, "/dev/null"] : ["-q", "/dev/null", "/bin/sh", "-c", commandLine]
            let terminal = try await repository.run("/usr/bin/script", arguments, environment: ["NO_COLOR": ""])
            #expect(terminal.outputText.contains("\u{1B}[32m<== build: passed"), "\(terminal.outputText)")
            let noColor = try await repository.run("/usr/bin/script", arguments, environment: ["NO_COLOR": "1"])
            #expect(noColor.outputText.contains("<== build: passed"))
            #expect(!noColor.outputText.contains("\u{1B}["))
        }
    }

    @Test("errorlint is a step: its errors fail; --no-errorlint; a prepush without errorlint beside it says so")
    func errorlintStep() async throws {
        let repository = try await makeRepository()
        // Foundation never shows this error's text: it has no errorDescription.
        try repository.write(
            "Sources/Calc/CalcError.swift",
            """
            import Foundation
            public enum CalcError: LocalizedError {
                case overflow
                public var failureReason: String? { "Too large." }
                public var recoverySuggestion: String? { "Use smaller numbers." }
            }
            """)
        try await repository.commit("an error type")
        let failed = try await repository.run(Self.prepush, ["--no-cache"])
        #expect(failed.termination == .exited(1), "\(failed.errorText)")
        #expect(failed.errorText.contains("==> errorlint: "))
        #expect(failed.errorText.contains("Sources/Calc/CalcError.swift:2:13: error: "))
        #expect(failed.errorText.contains("prepush: the check failed: errorlint failed"))

        let off = try await repository.run(Self.prepush, ["--no-cache", "--no-errorlint"])
        #expect(off.succeeded, "\(off.errorText)")
        #expect(!off.errorText.contains("==> errorlint"))

        // A prepush with no errorlint beside it or on PATH: the step is skipped with a line saying
        // how to get it, or fails when asked for.
        let alone = repository.root + "/bin/prepush"
        try FileManager.default.createDirectory(atPath: repository.root + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.prepush, toPath: alone)
        let swift = try #require(Command.locate("swift", searchPath: ProcessInfo.processInfo.environment["PATH"]))
        let path = (swift as NSString).deletingLastPathComponent + ":/usr/bin:/bin"
        let skipped = try await repository.run(alone, ["--no-cache"], environment: ["PATH": path])
        #expect(skipped.succeeded, "\(skipped.errorText)")
        #expect(skipped.errorText.contains("prepush: errorlint skipped: not built"))
        #expect(skipped.errorText.contains("errorlint  skipped"))
        let required = try await repository.run(
            alone, ["--no-cache", "--errorlint"], environment: ["PATH": path])
        #expect(required.termination == .exited(1))
        #expect(required.errorText.contains("errorlint is not built"))
    }

    @Test("The prepush section of .preflight.json: extra steps, isolated pushes, relevant paths; flags override")
    func configuration() async throws {
        let repository = try await makeRepository()
        try repository.write(
            ".preflight.json",
            """
            { "prepush": { "isolated": true, "todoscan": false, "relevantPaths": ["*.swift", "*.txt"],
              "steps": [{ "name": "where", "run": ["git", "rev-parse", "--show-toplevel"] }] } }
            """)
        try await repository.commit("configuration")
        let printed = try await repository.run(Self.prepush, ["--print-config", "--json"])
        #expect(printed.outputText.contains(#""isolated" : true"#))
        #expect(printed.outputText.contains(#""name" : "where""#))
        let overridden = try await repository.run(
            Self.prepush, ["--print-config", "--json", "--no-isolated", "-c", "release"])
        #expect(overridden.outputText.contains(#""isolated" : false"#))
        #expect(overridden.outputText.contains(#""configuration" : "release""#))
        let long = try await repository.run(Self.prepush, ["--print-config", "--json", "--configuration", "release"])
        #expect(long.outputText.contains(#""configuration" : "release""#))

        try await repository.run(Self.prepush, ["install"]).checked()
        let push = try await repository.run("git", ["push", "origin", "main"])
        #expect(push.succeeded, "\(push.errorText)")
        #expect(push.errorText.contains("in its own worktree"))
        #expect(push.errorText.contains("==> where: git rev-parse --show-toplevel\n"))
        // The step ran in the worktree; what it prints of the worktree's path reads as the repository's.
        #expect(push.errorText.contains(repository.work + "\n<== where: passed"), "\(push.errorText)")
        #expect(!push.errorText.contains("==> todoscan"))

        // A failing extra step stops the push; a change to no relevant path is not checked.
        try repository.write(
            ".preflight.json",
            """
            { "prepush": { "relevantPaths": ["*.swift", "*.txt"], "steps": [{ "name": "refuse", "run": ["false"] }] } }
            """)
        try await repository.commit("refuse")
        let irrelevant = try await repository.run("git", ["push", "origin", "main"])
        #expect(irrelevant.succeeded)
        #expect(irrelevant.errorText.contains("this push changes no *.swift, *.txt; nothing to check"))
        try repository.write("NOTES.txt", "notes\n")
        try await repository.commit("notes")
        let before = try await repository.remoteHead("main")
        let refused = try await repository.run("git", ["push", "origin", "main"])
        #expect(!refused.succeeded)
        #expect(refused.errorText.contains("prepush: refuse failed; the push is stopped"))
        #expect(try await repository.remoteHead("main") == before)

        try repository.write(".preflight.json", #"{ "prepush": { "isolate": true } }"#)
        let unknown = try await repository.run(Self.prepush, [])
        #expect(unknown.termination == .exited(2))
        #expect(unknown.errorText.contains("Unknown key 'prepush.isolate' in '"))
    }
}
