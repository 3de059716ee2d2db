import Foundation
import ProcessKit
import TestSupport
import Testing

/// The built `prepush` installed as it is for a user, then used as a git client that is not a
/// terminal uses it, then removed: a push under the short `PATH` Xcode, Fork or Tower give hooks
/// finds swift where `prepush install` found it; uninstalling leaves no worktree in git's list and
/// no `.git/preflight`.
@Suite("install, a GUI client's PATH, uninstall, end to end", .serialized)
struct InstallPathEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush
    /// The `PATH` a GUI git client starts hooks with, as the issue tried it (`env -i PATH=/usr/bin:/bin`).
    static let shortPath = "/usr/bin:/bin"

    /// `git arguments` in the work tree with only `PATH` (and `HOME`, which a client also sets).
    func gitWithShortPath(_ repository: Repository, _ arguments: [String]) async throws -> ProcessResult {
        var command = Command("/usr/bin/env", ["git"] + arguments, workingDirectory: repository.work)
        command.environment = .custom([
            "PATH": Self.shortPath, "HOME": ProcessInfo.processInfo.environment["HOME"] ?? repository.root,
            "PREPUSH_WARM_WORKTREE": "0",
        ])
        command.timeout = .seconds(600)
        return try await command.run()
    }

    @Test("A push with PATH=/usr/bin:/bin finds swift as recorded at install; without the record, one line says why")
    func pushWithShortPath() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try await repository.run("git", ["config", "user.name", "Test"]).checked()
        try await repository.run("git", ["config", "user.email", "t@example.com"]).checked()
        try await repository.run(Self.prepush, ["install"]).checked()
        try await repository.run(Self.prepush, ["install", "--pre-commit"]).checked()
        let hook = repository.work + "/.git/hooks/pre-push"
        let script = try String(contentsOfFile: hook, encoding: .utf8)
        let swift = try #require(Command.locate("swift", searchPath: ProcessInfo.processInfo.environment["PATH"]))
        let swiftFolder = (swift as NSString).deletingLastPathComponent
        #expect(script.contains("installed_swift='\(swiftFolder)'\n"), "\(script)")

        // A commit through the pre-commit hook, with the short PATH too.
        try repository.write("Sources/Calc/More.swift", "public func twice(_ a: Int) -> Int { add(a, a) }\n")
        try await gitWithShortPath(repository, ["add", "-A"]).checked()
        let commit = try await gitWithShortPath(repository, ["commit", "-q", "-m", "more"])
        #expect(commit.termination == .exited(0), "\(commit.errorText)")

        let push = try await gitWithShortPath(repository, ["push", "-u", "origin", "main"])
        #expect(push.termination == .exited(0), "\(push.errorText)")
        #expect(push.errorText.contains("prepush: passed"), "\(push.errorText)")
        #expect(!push.errorText.contains("could not run"), "\(push.errorText)")
        let head = try await repository.run("git", ["rev-parse", "HEAD"]).checked().outputText
        #expect(try await repository.remoteHead("main") == head)

        // Where the short PATH has no swift (this machine's is outside /usr/bin and /bin), a hook
        // without the record says so in one line naming the PATH it got.
        guard Command.locate("swift", searchPath: Self.shortPath) == nil else { return }
        let unrecorded = script.replacingOccurrences(
            of: "installed_swift='\(swiftFolder)'\n", with: "installed_swift=''\n"
        )
        .replacingOccurrences(of: #"installed_path='[^'\n]*'"#, with: "installed_path=''", options: .regularExpression)
        try unrecorded.write(toFile: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
        try repository.write("Sources/Calc/Third.swift", "public func thrice(_ a: Int) -> Int { a * 3 }\n")
        try await repository.commit("third")
        let stopped = try await gitWithShortPath(repository, ["push"])
        #expect(stopped.termination != .exited(0), "\(stopped.errorText)")
        // git puts its own folder first (/usr/lib/git-core:/usr/bin:/bin): the line names what the hook got.
        let line = stopped.errorText.components(separatedBy: "\n").first {
            $0.hasPrefix("prepush: no swift on the PATH git gave this hook (")
        }
        #expect(
            line?.contains("\(Self.shortPath)) nor where prepush install found it (nowhere)") == true,
            "\(stopped.errorText)")
        #expect(try await repository.remoteHead("main") == head)
    }

    @Test("While errorlint is built in the background, both hooks say so and run without it; then that it ended")
    func errorlintStillBuilding() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        // prepush and todoscan where install-hooks.sh would have built them, errorlint still to come.
        let folder = TemporaryFolder("install-path-tools")
        for tool in ["prepush", "todoscan"] {
            try FileManager.default.copyItem(
                atPath: ToolCommandTests.productsDirectory + "/" + tool, toPath: folder.path + "/" + tool)
        }
        let prepush = folder.path + "/prepush"
        // A live process stands for the build (the hooks ask kill -0 of the id in errorlint.building):
        // this one; then one that has ended and been waited for.
        let building = ProcessInfo.processInfo.processIdentifier
        try "\(building) /somewhere/errorlint-build.log\n".write(
            toFile: folder.path + "/errorlint.building", atomically: true, encoding: .utf8)
        try await repository.run(prepush, ["install"]).checked()
        try await repository.run(prepush, ["install", "--pre-commit"]).checked()
        let pending =
            "prepush: errorlint is still being built in the background (log: /somewhere/errorlint-build.log); "
            + "checking without it until it is there"

        try repository.write("README.md", "Calc\n")
        try await repository.run("git", ["add", "README.md"]).checked()
        let commit = try await repository.run("git", ["commit", "-q", "-m", "readme"])
        #expect(commit.termination == .exited(0), "\(commit.errorText)")
        #expect(commit.errorText.contains(pending), "\(commit.errorText)")
        // A push of documentation alone is not checked, but the hook says it first.
        let push = try await repository.run("git", ["push", "-u", "origin", "main"])
        #expect(push.termination == .exited(0), "\(push.errorText)")
        #expect(push.errorText.contains(pending), "\(push.errorText)")

        let ended = try await Command("/bin/sh", ["-c", "exit 0"]).run().checked().processID
        try "\(ended) /somewhere/errorlint-build.log\n".write(
            toFile: folder.path + "/errorlint.building", atomically: true, encoding: .utf8)
        try repository.write("README.md", "Calc, again\n")
        try await repository.run("git", ["add", "README.md"]).checked()
        let after = try await repository.run("git", ["commit", "-q", "-m", "readme again"])
        #expect(after.termination == .exited(0), "\(after.errorText)")
        #expect(
            after.errorText.contains("prepush: errorlint's background build ended without an errorlint"),
            "\(after.errorText)")
    }

    @Test(
        "Uninstall removes the hooks, prepush's worktree from git's list and .git/preflight (--keep-records keeps it)")
    func uninstallLeavesNothing() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try await repository.run(Self.prepush, ["install"]).checked()
        try await repository.run(Self.prepush, ["install", "--pre-commit"]).checked()
        // A check in prepush's own worktree: the worktree, its build folder and the records.
        let check = try await repository.run(Self.prepush, ["--isolated", "--no-errorlint"])
        #expect(check.termination == .exited(0), "\(check.errorText)")
        let before = try await repository.run("git", ["worktree", "list", "--porcelain"]).checked().outputText
        #expect(before.contains("/.build/prepush-worktree\n"), "\(before)")
        let records = repository.work + "/.git/preflight"
        #expect(FileManager.default.fileExists(atPath: records))

        let kept = try await repository.run(Self.prepush, ["uninstall", "--keep-records"])
        #expect(kept.termination == .exited(0), "\(kept.errorText)")
        #expect(kept.errorText.contains("prepush: removed its worktree"), "\(kept.errorText)")
        #expect(kept.errorText.contains("prepush: kept its records"), "\(kept.errorText)")
        let after = try await repository.run("git", ["worktree", "list", "--porcelain"]).checked().outputText
        #expect(after.components(separatedBy: "\n").filter { $0.hasPrefix("worktree ") }.count == 1, "\(after)")
        for leftover in [".git/hooks/pre-push", ".git/hooks/pre-commit", ".build/prepush-worktree"] {
            #expect(!FileManager.default.fileExists(atPath: repository.work + "/" + leftover), "\(leftover)")
        }
        let build = (try? FileManager.default.contentsOfDirectory(atPath: repository.work + "/.build")) ?? []
        #expect(!build.contains { $0.hasPrefix("prepush-isolated") }, "\(build)")
        #expect(FileManager.default.fileExists(atPath: records))

        let removed = try await repository.run(Self.prepush, ["uninstall"])
        #expect(removed.termination == .exited(0), "\(removed.errorText)")
        #expect(removed.errorText.contains("prepush: removed its records"), "\(removed.errorText)")
        #expect(!FileManager.default.fileExists(atPath: records))
    }
}
