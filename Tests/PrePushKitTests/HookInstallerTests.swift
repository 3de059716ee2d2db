import Foundation
import ProcessKit
import TestSupport
import Testing

@testable import PrePushKit

/// A repository with a bare remote, for real pushes.
struct PushFixture {
    /// The work tree `work` (one commit of a README on `main`) and its bare remote `origin`.
    let git: GitFixture
    /// The folder holding both, for the tests' other files.
    var root: String { (work as NSString).deletingLastPathComponent }
    var work: String { git.root }
    var remote: String { git.remote }

    init() throws {
        git = try GitFixture("prepush-hooks")
        try git.write("README", "hello\n")
        try git.commitAll("initial")
        try git.addBareRemote()
    }

    /// A stand-in for the prepush binary that records its arguments and stdin and exits `status`.
    func recorder(named name: String, status: Int32) throws -> String {
        let path = root + "/" + name
        try """
        #!/bin/sh
        echo "args: $*" > "\(path).log"
        cat >> "\(path).log"
        exit \(status)
        """.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    func log(_ name: String) -> String {
        (try? String(contentsOfFile: root + "/" + name + ".log", encoding: .utf8)) ?? ""
    }
}

@Suite("Hook installation")
struct HookInstallerTests {
    @Test("hooks/pre-push in the repository is the template the binary installs")
    func templateMatchesFile() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("hooks/pre-push")
        #expect(try String(contentsOf: file, encoding: .utf8) == HookInstaller.defaultTemplate)
    }

    @Test("Installed hook gets git's arguments and stdin; its failure stops the push")
    func installAndPush() throws {
        let fixture = try PushFixture()
        let passing = try fixture.recorder(named: "prepush-ok", status: 0)
        let installer = HookInstaller(repository: fixture.work, prepushBinary: passing)
        let outcome = try installer.install()
        #expect(outcome == .installed(path: fixture.work + "/.git/hooks/pre-push"))
        #expect(try fixture.git.run(["push", "-q", "origin", "main"]).succeeded)
        let log = fixture.log("prepush-ok")
        #expect(log.hasPrefix("args: hook origin \(fixture.remote)\n"))
        #expect(log.contains("refs/heads/main "))

        let failing = try fixture.recorder(named: "prepush-fail", status: 1)
        try HookInstaller(repository: fixture.work, prepushBinary: failing).install()
        try "more\n".write(toFile: fixture.work + "/README", atomically: true, encoding: .utf8)
        try fixture.git.run(["commit", "-q", "-am", "second"])
        #expect(!(try fixture.git.run(["push", "-q", "origin", "main"]).succeeded))
        let remoteHead = try fixture.git.run(["rev-parse", "main"], in: fixture.remote).outputText
        let localParent = try fixture.git.run(["rev-parse", "main~1"]).outputText
        #expect(remoteHead == localParent)
    }

    @Test("A foreign hook is chained (runs first, same stdin, its failure stops the push) and restored exactly")
    func chainsForeignHook() throws {
        let fixture = try PushFixture()
        let hook = fixture.work + "/.git/hooks/pre-push"
        let foreign =
            "#!/bin/sh\n# the team's own hook\ncat > \"\(fixture.root)/foreign.log\"\nexit ${FOREIGN_STATUS:-0}\n"
        try foreign.write(toFile: hook, atomically: true, encoding: .utf8)
        chmod(hook, 0o755)
        let prepush = try fixture.recorder(named: "prepush", status: 0)
        let installer = HookInstaller(repository: fixture.work, prepushBinary: prepush)
        #expect(try installer.install() == .chained(path: hook, existing: hook + ".preflight-chained"))
        #expect(try fixture.git.run(["push", "-q", "origin", "main"]).succeeded)
        let foreignInput = (try? String(contentsOfFile: fixture.root + "/foreign.log", encoding: .utf8)) ?? ""
        #expect(foreignInput.hasPrefix("refs/heads/main "))
        #expect(fixture.log("prepush").contains(foreignInput.trimmingCharacters(in: .newlines)))

        #expect(try installer.uninstall() == .removed)
        #expect(try String(contentsOfFile: hook, encoding: .utf8) == foreign)
        #expect(!FileManager.default.fileExists(atPath: hook + ".preflight-chained"))
        #expect(try installer.uninstall() == .nothingInstalled)  // nothing of ours left; the foreign hook stays
        #expect(try String(contentsOfFile: hook, encoding: .utf8) == foreign)
    }

    /// Runs the installed hook as git would, with `input` on standard input.
    private func runHook(_ fixture: PushFixture, input: String) throws -> ProcessResult {
        var command = Command("/bin/sh", [fixture.work + "/.git/hooks/pre-push", "origin", fixture.remote])
        command.workingDirectory = fixture.work
        command.standardInput = .string(input)
        command.environment = .inherit.removing("PREPUSH_SKIP")
        return try command.runBlocking()
    }

    @Test("10,000 ref lines: all deletions are answered by the hook; one update hands prepush every line, as read")
    func manyRefLines() throws {
        let fixture = try PushFixture()
        let prepush = try fixture.recorder(named: "prepush", status: 0)
        try HookInstaller(repository: fixture.work, prepushBinary: prepush).install()
        let zeros = String(repeating: "0", count: 40)
        let deletions = (0..<10_000).map {
            "(delete) \(zeros) refs/heads/branch-\($0) \(String(repeating: "a", count: 40))\n"
        }
        let deleting = try runHook(fixture, input: deletions.joined())
        #expect(deleting.succeeded)
        #expect(deleting.errorText == "prepush: the push only deletes refs; nothing to check\n")
        #expect(fixture.log("prepush").isEmpty)

        let update = "refs/heads/main \(String(repeating: "b", count: 40)) refs/heads/main \(zeros)\n"
        let input = deletions.dropLast().joined() + update
        let pushing = try runHook(fixture, input: input)
        #expect(pushing.succeeded)
        #expect(fixture.log("prepush") == "args: hook origin \(fixture.remote)\n" + input)
    }

    @Test("The hook answers 'only deletes' only for input prepush reads as deletions; anything else goes to prepush")
    func preFilterAgreesWithPrepush() throws {
        let fixture = try PushFixture()
        let prepush = try fixture.recorder(named: "prepush", status: 0)
        try HookInstaller(repository: fixture.work, prepushBinary: prepush).install()
        let zeros40 = String(repeating: "0", count: 40)
        let zeros64 = String(repeating: "0", count: 64)
        let hex40 = "0123456789abcdef0123456789abcdef01234567"
        let hex64 = hex40 + "89abcdef0123456789abcdef"
        var inputs = [
            "x 0000 y z", "(delete) \(zeros40) refs/heads/a \(hex40)", "(delete) \(zeros64) refs/heads/a \(hex64)",
            "(delete) \(zeros64) refs/heads/a \(hex40)", "(delete) \(zeros40) refs/heads/a \(hex40.uppercased())",
            "(delete)\t\(zeros40) refs/heads/a \(hex40)", "(delete) \(zeros40)\trefs/heads/a \(hex40)",
            "(delete)  \(zeros40)   refs/heads/a  \(hex40)", "  (delete) \(zeros40) refs/heads/a \(hex40)",
            "(delete) \(zeros40) refs/heads/a \(hex40) extra", "(delete) \(zeros40) refs/heads/a",
            "(delete) \(zeros40 + "0") refs/heads/a \(hex40 + "8")", "(delete) \(zeros40) refs/heads/a \(hex40)\r",
            "(delete) * refs/heads/a *", "(delete) \(zeros40) * \(hex40)", "\t", " ",
        ]
        // And lines made by cutting, doubling and replacing characters of a deletion, deterministically.
        let deletion = Array("(delete) \(zeros40) refs/heads/a \(hex40)")
        var seed: UInt64 = 25
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let alphabet = Array(" \t0a\r*x")
        for _ in 0..<60 {
            var line = deletion
            for _ in 0..<(1 + next(3)) {
                let at = next(line.count)
                switch next(3) {
                case 0: line.remove(at: at)
                case 1: line.insert(line[at], at: at)
                default: line[at] = alphabet[next(alphabet.count)]
                }
            }
            inputs.append(String(line))
        }
        for input in inputs {
            let text = input + "\n"
            let result = try runHook(fixture, input: text)
            let parsed = try? PushRequest.parse(arguments: ["origin", fixture.remote], input: text)
            if result.errorText.contains("only deletes refs") {
                #expect(parsed?.deletesOnly == true, "the hook skipped '\(input)', which prepush reads otherwise")
            } else {
                #expect(fixture.log("prepush").hasSuffix(text), "prepush was not handed '\(input)'")
            }
        }
    }

    @Test("--force replaces a foreign hook; uninstall brings it back")
    func forceReplaces() throws {
        let fixture = try PushFixture()
        let hook = fixture.work + "/.git/hooks/pre-push"
        try "#!/bin/sh\nexit 1\n".write(toFile: hook, atomically: true, encoding: .utf8)
        chmod(hook, 0o755)
        let installer = HookInstaller(
            repository: fixture.work, prepushBinary: try fixture.recorder(named: "p", status: 0))
        #expect(try installer.install(force: true) == .replaced(path: hook, backup: hook + ".preflight-backup"))
        #expect(try fixture.git.run(["push", "-q", "origin", "main"]).succeeded)
        #expect(try installer.install() == .updated(path: hook))
        try installer.uninstall()
        #expect(try String(contentsOfFile: hook, encoding: .utf8) == "#!/bin/sh\nexit 1\n")
    }

    @Test("core.hooksPath outside the work tree is respected")
    func hooksPath() throws {
        let fixture = try PushFixture()
        try fixture.git.run(["config", "core.hooksPath", fixture.root + "/my-hooks"])
        let installer = HookInstaller(repository: fixture.work, prepushBinary: "/usr/local/bin/prepush")
        #expect(try installer.install() == .installed(path: fixture.root + "/my-hooks/pre-push"))
        let script = try String(contentsOfFile: fixture.root + "/my-hooks/pre-push", encoding: .utf8)
        #expect(script.contains("prepush='/usr/local/bin/prepush'"))
        #expect(try installer.uninstall() == .removed)
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/my-hooks/pre-push"))
    }

    @Test("A committed hooks folder (core.hooksPath .githooks) is left alone; the binary is recorded in .git/config")
    func committedHooksFolder() throws {
        let fixture = try PushFixture()
        let teamHook = "#!/bin/sh\necho \"the team's checks\" >&2\n"
        try FileManager.default.createDirectory(atPath: fixture.work + "/.githooks", withIntermediateDirectories: true)
        try teamHook.write(toFile: fixture.work + "/.githooks/pre-push", atomically: true, encoding: .utf8)
        chmod(fixture.work + "/.githooks/pre-push", 0o755)
        try fixture.git.run(["add", "."])
        try fixture.git.run(["commit", "-q", "-m", "the team's hooks"])
        try fixture.git.run(["config", "core.hooksPath", ".githooks"])

        let installer = HookInstaller(repository: fixture.work, prepushBinary: "/opt/Preflight/prepush")
        let outcome = try installer.install()
        let folder = SharedHooksFolder(
            folder: ".githooks", hookScript: ".githooks/pre-push", manager: nil, callsPrepush: false)
        #expect(outcome == .shared(folder, restored: false))
        #expect(try String(contentsOfFile: fixture.work + "/.githooks/pre-push", encoding: .utf8) == teamHook)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.work + "/.githooks") == ["pre-push"])
        #expect(try fixture.git.run(["status", "--porcelain", "--ignored"]).outputText == "")
        let recorded = try fixture.git.run(["config", "--local", "preflight.prepush"]).outputText
        #expect(recorded == "/opt/Preflight/prepush\n")
        let message = outcome.message(binary: "/opt/Preflight/prepush")
        #expect(message.contains("pushes are NOT checked yet: add this to .githooks/pre-push"))
        #expect(message.contains("\n    " + SharedHooksFolder.callLine + "\n"))

        // The line the team adds runs the recorded binary with git's arguments and stdin.
        let recorder = try fixture.recorder(named: "prepush", status: 0)
        try fixture.git.run(["config", "--local", "preflight.prepush", recorder])
        try (teamHook + SharedHooksFolder.callLine + "\n").write(
            toFile: fixture.work + "/.githooks/pre-push", atomically: true, encoding: .utf8)
        // Written anew (atomically): executable again, as the team's file is.
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: fixture.work + "/.githooks/pre-push")
        try fixture.git.run(["commit", "-q", "-am", "the team runs prepush"])
        #expect(try installer.sharedFolder()?.callsPrepush == true)
        #expect(try fixture.git.run(["push", "-q", "origin", "main"]).succeeded)
        let log = fixture.log("prepush")
        #expect(log.hasPrefix("args: hook origin \(fixture.remote)\nrefs/heads/main "), "\(log)")

        #expect(
            try installer.uninstall()
                == .forgotten(
                    .init(
                        folder: ".githooks", hookScript: ".githooks/pre-push", manager: nil, callsPrepush: true)))
        #expect(!(try fixture.git.run(["config", "--local", "preflight.prepush"]).succeeded))
        #expect(try installer.uninstall() == .nothingInstalled)
    }

    @Test(
        "--pre-commit in a shared hooks folder: nothing written there; the clone's tools recorded; the lines run them")
    func preCommitSharedFolder() throws {
        let fixture = try PushFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.root) }
        let teamHook = "#!/bin/sh\necho \"the team's pre-commit\" >&2\n"
        let script = fixture.work + "/.githooks/pre-commit"
        try FileManager.default.createDirectory(atPath: fixture.work + "/.githooks", withIntermediateDirectories: true)
        try teamHook.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        try fixture.git.run(["add", "."])
        try fixture.git.run(["commit", "-q", "-m", "the team's hooks"])
        try fixture.git.run(["config", "core.hooksPath", ".githooks"])
        let todoscan = try fixture.recorder(named: "todoscan", status: 0)
        let errorlint = try fixture.recorder(named: "errorlint", status: 0)

        let installer = HookInstaller(
            repository: fixture.work, prepushBinary: fixture.root + "/prepush", hook: .preCommit)
        let outcome = try installer.install()
        guard case .shared = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(try String(contentsOfFile: script, encoding: .utf8) == teamHook)
        #expect(try fixture.git.run(["status", "--porcelain", "--ignored"]).outputText == "")
        #expect(
            try fixture.git.run(["config", "--local", "preflight.todoscan"]).outputText == todoscan + "\n"
        )
        #expect(
            try fixture.git.run(["config", "--local", "preflight.errorlint"]).outputText == errorlint
                + "\n")
        let message = outcome.message(binary: fixture.root + "/prepush", hook: .preCommit)
        #expect(message.contains("add this to .githooks/pre-commit"))
        #expect(message.contains(PreCommitHook.sharedLines))

        // The lines the team adds run the recorded tools with --staged.
        try (teamHook + PreCommitHook.sharedLines).write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        try fixture.git.run(["add", "."])
        let commit = try fixture.git.run(["commit", "-q", "-m", "the team checks commits"])
        #expect(commit.succeeded, "\(commit.errorText)")
        #expect(fixture.log("todoscan").hasPrefix("args: --staged\n"))
        #expect(fixture.log("errorlint").hasPrefix("args: --staged\n"))

        #expect(try installer.uninstall() == .forgotten(try #require(try installer.sharedFolder())))
        #expect(!(try fixture.git.run(["config", "--local", "preflight.todoscan"]).succeeded))
        #expect(try installer.uninstall() == .nothingInstalled)
    }

    @Test("--pre-commit needs a todoscan beside prepush or on PATH; errorlint may be missing")
    func preCommitTools() throws {
        let folder = NSTemporaryDirectory() + "prepush-tools-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(throws: HookError.toolMissing("todoscan", besides: folder)) {
            try PreCommitHook.tools(besides: folder + "/prepush", environment: ["PATH": folder + "/none"])
        }
        try "#!/bin/sh\n".write(toFile: folder + "/todoscan", atomically: true, encoding: .utf8)
        chmod(folder + "/todoscan", 0o755)
        let tools = try PreCommitHook.tools(besides: folder + "/prepush", environment: ["PATH": folder + "/none"])
        #expect(tools == ["todoscan": folder + "/todoscan", "errorlint": ""])
        let error = HookError.toolMissing("todoscan", besides: folder)
        #expect(error.errorDescription != nil && error.failureReason != nil && error.recoverySuggestion != nil)
    }

    @Test("An earlier install's hook in a shared folder is undone: the team's file is back byte for byte")
    func earlierInstallUndone() throws {
        let fixture = try PushFixture()
        let teamHook = "#!/usr/bin/env sh\n. \"$(dirname -- \"$0\")/_/husky.sh\"\n\nnpm test\n"
        try FileManager.default.createDirectory(atPath: fixture.work + "/.husky", withIntermediateDirectories: true)
        try teamHook.write(toFile: fixture.work + "/.husky/pre-push", atomically: true, encoding: .utf8)
        try fixture.git.run(["add", "."])
        try fixture.git.run(["commit", "-q", "-m", "husky"])
        try fixture.git.run(["config", "core.hooksPath", ".husky"])
        // What an earlier prepush install left: its hook in place of the team's, which it chained.
        try FileManager.default.moveItem(
            atPath: fixture.work + "/.husky/pre-push", toPath: fixture.work + "/.husky/pre-push.preflight-chained")
        try HookInstaller.defaultTemplate.write(
            toFile: fixture.work + "/.husky/pre-push", atomically: true, encoding: .utf8)

        let installer = HookInstaller(repository: fixture.work, prepushBinary: "/opt/Preflight/prepush")
        guard case .shared(let folder, restored: true) = try installer.install() else {
            Issue.record("the earlier hook was not undone")
            return
        }
        #expect(folder.manager == "husky" && folder.hookScript == ".husky/pre-push")
        #expect(try String(contentsOfFile: fixture.work + "/.husky/pre-push", encoding: .utf8) == teamHook)
        #expect(try fixture.git.run(["status", "--porcelain", "--ignored"]).outputText == "")
    }

    @Test("Outside a repository: a clear error")
    func notARepository() {
        let error = #expect(throws: HookError.self) {
            try HookInstaller(repository: NSTemporaryDirectory(), prepushBinary: "/x").install()
        }
        #expect(error?.recoverySuggestion != nil)
    }
}
