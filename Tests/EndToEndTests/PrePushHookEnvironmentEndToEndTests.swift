import Foundation
import ProcessKit
import TestSupport
import Testing

/// prepush's pre-push hook where git names the repository through its variables: `git
/// --git-dir=D --work-tree=W push` (the bare-repository dotfiles layout) gives the hook `GIT_DIR`
/// and `GIT_WORK_TREE`, as typed, and runs it in the folder git was started in. The built
/// `prepush`, installed into `D/hooks`, checks that repository's pushed commit: in place, and in
/// its own worktree (added from the bare git directory); and for such a work tree nested in
/// another repository's, the inner repository's commit, not the outer one's.
@Suite("prepush hook environment end to end", .serialized)
struct PrePushHookEnvironmentEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush

    /// A repository whose git directory `git` and work tree `work` are folders of `repository`
    /// (relative), holding the small Calc package in one commit, with the bare remote `origin`
    /// (pushed to without the hook) and prepush's hook installed into the git directory.
    struct Layout {
        let repository: Repository
        var git: String
        var work: String

        init(git: String, work: String) async throws {
            repository = try Repository()
            self.git = git
            self.work = work
            let root = repository.root
            try FileManager.default.createDirectory(atPath: root + "/" + work, withIntermediateDirectories: true)
            try repository.fixture.makeBareRemote()
            try await repository.run("git", ["init", "-q", "--bare", "-b", "main", git], in: root).checked()
            try write(".gitignore", ".build/\n")
            try write(
                "Package.swift",
                """
                // swift-tools-version: 6.0
                import PackageDescription
                let package = Package(name: "Calc", targets: [.target(name: "Calc"), .testTarget(name: "CalcTests", dependencies: ["Calc"])])
                """)
            try write("Sources/Calc/Calc.swift", "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n")
            try write(
                "Tests/CalcTests/CalcTests.swift",
                "import Calc\nimport Testing\n@Test func adds() { #expect(add(1, 2) == 3) }\n")
            try await commit("initial")
            try await self.git(["remote", "add", "origin", repository.remote]).checked()
            try await self.git(["push", "-q", "--no-verify", "origin", "main"]).checked()
            try await repository.run(PrePushHookEnvironmentEndToEndTests.prepush, ["install"], in: root + "/" + git)
                .checked()
        }

        func write(_ path: String, _ text: String) throws {
            let full = repository.root + "/" + work + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }

        /// `git --git-dir=<git> --work-tree=<work> <arguments>` as typed in `folder` (a folder of the
        /// repository's that holds both), the paths relative to it: git gives the hook them so.
        @discardableResult
        func git(_ arguments: [String], from folder: String = "") async throws -> ProcessResult {
            let prefix = folder.isEmpty ? "" : folder + "/"
            return try await repository.run(
                "git",
                ["--git-dir=" + git.dropFirst(prefix.count), "--work-tree=" + work.dropFirst(prefix.count)] + arguments,
                in: repository.root + "/" + folder)
        }

        func commit(_ message: String) async throws {
            try await git(["add", "-A"]).checked()
            try await git(["commit", "-q", "-m", message]).checked()
        }
    }

    @Test("Dotfiles layout: a passing commit goes through after a check in the worktree; an ERROR is stopped")
    func dotfiles() async throws {
        let layout = try await Layout(git: "dotfiles.git", work: "home")
        try layout.write("Sources/Calc/More.swift", "public func twice(_ a: Int) -> Int { add(a, a) }\n")
        try await layout.commit("more")
        let passing = try await layout.git(["push", "origin", "main"])
        #expect(passing.termination == .exited(0), "\(passing.errorText)")
        #expect(passing.errorText.contains("prepush: passed (todoscan"), "\(passing.errorText)")
        #expect(passing.errorText.contains("build, test"), "\(passing.errorText)")
        // No tool run in `home` would find the repository from its folder: the worktree, added
        // from the bare git directory, is where the check runs.
        #expect(passing.errorText.contains("in its own worktree"), "\(passing.errorText)")
        #expect(passing.errorText.contains("belongs to no repository"), "\(passing.errorText)")
        let head = try await layout.git(["rev-parse", "HEAD"]).checked().outputText
        #expect(try await layout.repository.remoteHead("main") == head)
        let worktrees = try await layout.git(["worktree", "list", "--porcelain"]).checked().outputText
        #expect(worktrees.contains("/home/.build/prepush-worktree\n"), "\(worktrees)")

        try layout.write("Sources/Calc/More.swift", "public func twice(_ a: Int) -> Int { add(a, a) }\n// ERROR: x\n")
        try await layout.commit("error")
        let blocked = try await layout.git(["push", "origin", "main"])
        #expect(blocked.termination != .exited(0), "\(blocked.errorText)")
        #expect(blocked.errorText.contains("More.swift:2:4: error: ERROR: x"), "\(blocked.errorText)")
        #expect(blocked.errorText.contains("prepush: todoscan failed; the push is stopped"), "\(blocked.errorText)")
        #expect(try await layout.repository.remoteHead("main") == head)

        // By hand, a stray GIT_DIR in the shell names no repository: the folder does, as before.
        let root = layout.repository.root
        let byHand = try await layout.repository.run(
            PrePushHookEnvironmentEndToEndTests.prepush, ["--dry-run"], in: root + "/home",
            environment: ["GIT_DIR": root + "/dotfiles.git", "GIT_WORK_TREE": root + "/home"])
        #expect(byHand.termination == .exited(2), "\(byHand.errorText)")
        #expect(byHand.errorText.contains("is not inside a git work tree"), "\(byHand.errorText)")
    }

    @Test("A --git-dir work tree nested in another repository's: the inner repository's commit is checked")
    func nestedInAnotherWorkTree() async throws {
        let layout = try await Layout(git: "outer/inner.git", work: "outer/inner")
        // The outer repository's work tree holds the inner one's and ignores it; its own commit is
        // clean. (Run in place, the scanners would ask the outer one for the files: none.)
        let outer = layout.repository.root + "/outer"
        try await layout.repository.run("git", ["init", "-q", "-b", "main"], in: outer).checked()
        try "inner/\ninner.git/\n".write(toFile: outer + "/.gitignore", atomically: true, encoding: .utf8)
        try await layout.repository.run("git", ["add", ".gitignore"], in: outer).checked()
        try await layout.repository.run("git", ["commit", "-q", "-m", "outer"], in: outer).checked()

        try layout.write(
            "Sources/Calc/More.swift", "public func twice(_ a: Int) -> Int { add(a, a) }\n// ERROR: inner\n")
        try await layout.commit("inner error")
        let head = try await layout.git(["rev-parse", "HEAD"]).checked().outputText
        let remoteBefore = try await layout.repository.remoteHead("main")
        let blocked = try await layout.git(["push", "origin", "main"], from: "outer")
        #expect(blocked.termination != .exited(0), "\(blocked.errorText)")
        #expect(!blocked.errorText.contains("nothing to check"), "\(blocked.errorText)")
        #expect(blocked.errorText.contains("belongs to the repository at"), "\(blocked.errorText)")
        #expect(blocked.errorText.contains("More.swift:2:4: error: ERROR: inner"), "\(blocked.errorText)")
        #expect(blocked.errorText.contains("prepush: todoscan failed; the push is stopped"), "\(blocked.errorText)")
        #expect(try await layout.repository.remoteHead("main") == remoteBefore)
        #expect(remoteBefore != head)
    }
}
