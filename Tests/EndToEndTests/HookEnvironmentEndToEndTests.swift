import Foundation
import ProcessKit
import TestSupport
import Testing

/// The pre-commit hook where git names the repository through its variables (`GIT_DIR`,
/// `GIT_WORK_TREE`, `GIT_INDEX_FILE`): the bare-repository dotfiles layout (`git --git-dir=D
/// --work-tree=W commit`), and such a repository whose work tree is nested inside another
/// repository's. What is judged is that repository's index against that repository's `HEAD`.
@Suite("the hook environment git gives end to end", .serialized)
struct HookEnvironmentEndToEndTests {
    /// A folder with a repository whose git directory is `git` and work tree `work`, holding
    /// `files` in one commit (made before the hook is installed), with the pre-commit hook
    /// installed into `git/hooks`.
    struct Layout {
        let folder = TemporaryFolder("hook-environment")
        var git: String
        var work: String

        init(git: String, work: String, files: [String: String]) async throws {
            self.git = folder.path + "/" + git
            self.work = folder.path + "/" + work
            try FileManager.default.createDirectory(atPath: self.work, withIntermediateDirectories: true)
            try await run("git", ["init", "-q", "--bare", "-b", "main", self.git], in: folder.path).checked()
            for (path, text) in files { try write(path, text) }
            try await commit("initial", adding: Array(files.keys))
            let install = try await run(PreCommitEndToEndTests.prepush, ["install", "--pre-commit"], in: self.git)
            #expect(install.succeeded, "\(install.errorText)")
        }

        func write(_ path: String, _ text: String) throws {
            try text.write(toFile: work + "/" + path, atomically: true, encoding: .utf8)
        }

        /// `git --git-dir=<git> --work-tree=<work> <arguments>`, from `directory` (the folder).
        func git(_ arguments: [String], in directory: String? = nil) async throws -> ProcessResult {
            try await run("git", ["--git-dir=" + git, "--work-tree=" + work] + arguments, in: directory ?? folder.path)
        }

        /// Adds `paths` and commits them: the hook's verdict.
        @discardableResult
        func commit(
            _ message: String, adding paths: [String], in directory: String? = nil
        ) async throws
            -> ProcessResult
        {
            try await git(["add", "--"] + paths, in: directory).checked()
            return try await git(["commit", "-q", "-m", message], in: directory)
        }

        func run(_ executable: String, _ arguments: [String], in directory: String) async throws -> ProcessResult {
            try await Self.run(executable, arguments, in: directory)
        }

        /// A process run as a user's shell would: none of a calling hook's git variables.
        static func run(
            _ executable: String, _ arguments: [String], in directory: String
        ) async throws
            -> ProcessResult
        {
            var command = Command(executable, arguments, workingDirectory: directory)
            command.environment = .inherit.setting(["PREPUSH_VERBOSE": "1"]).removing(
                "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "PREPUSH_SKIP"
            ).setting([
                "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "Test",
                "GIT_COMMITTER_EMAIL": "t@example.com",
            ])
            return try await command.run()
        }

        func commitCount() async throws -> String {
            try await git(["rev-list", "--count", "HEAD"]).checked().outputText
        }
    }

    func run(_ executable: String, _ arguments: [String], in directory: String) async throws -> ProcessResult {
        try await Layout.run(executable, arguments, in: directory)
    }

    @Test("Dotfiles layout (--git-dir, --work-tree): a clean commit passes, a staged ERROR is stopped")
    func dotfiles() async throws {
        let layout = try await Layout(git: "dotfiles.git", work: "home", files: ["A.swift": "let a = 1\n"])

        try layout.write("B.swift", "let b = 1\n")
        let clean = try await layout.commit("clean", adding: ["B.swift"])
        #expect(clean.termination == .exited(0), "\(clean.errorText)")
        #expect(try await layout.commitCount() == "2\n")

        try layout.write("C.swift", "// ERROR: never committed\n")
        let blocked = try await layout.commit("blocked", adding: ["C.swift"])
        #expect(blocked.termination == .exited(1), "\(blocked.errorText)")
        #expect(blocked.errorText.contains("C.swift:1:4: error: ERROR: never committed"), "\(blocked.errorText)")
        #expect(try await layout.commitCount() == "2\n")

        // `git commit -a`: git's temporary index, in the same layout.
        try layout.write("A.swift", "let a = 1\n// ERROR: through commit -a\n")
        let all = try await layout.git(["commit", "-q", "-a", "-m", "all"])
        #expect(all.termination == .exited(1), "\(all.errorText)")
        #expect(all.errorText.contains("A.swift:2:4: error: ERROR: through commit -a"), "\(all.errorText)")
    }

    @Test("A repository whose work tree is nested in another's: its index against its own HEAD")
    func nestedInAnotherWorkTree() async throws {
        // The outer repository's work tree holds the inner one's (its git directory beside it):
        // an ERROR committed in the inner one earlier is no new line of this commit.
        let layout = try await Layout(
            git: "outer/inner.git", work: "outer/inner",
            files: ["A.swift": "let a = 1\n// ERROR: committed before the hook\n"])
        let outer = layout.folder.path + "/outer"
        try await run("git", ["init", "-q", "-b", "main"], in: outer).checked()
        try "let o = 1\n".write(toFile: outer + "/O.swift", atomically: true, encoding: .utf8)
        try await run("git", ["add", "O.swift"], in: outer).checked()
        try await run("git", ["commit", "-q", "-m", "outer"], in: outer).checked()

        try layout.write("A.swift", "let a = 1\n// ERROR: committed before the hook\nlet b = 2\n")
        let clean = try await layout.commit("clean", adding: ["A.swift"], in: outer)
        #expect(clean.termination == .exited(0), "\(clean.errorText)")
        #expect(try await layout.commitCount() == "2\n")

        try layout.write("A.swift", "let a = 1\n// ERROR: committed before the hook\nlet b = 2\n// ERROR: new\n")
        let blocked = try await layout.commit("blocked", adding: ["A.swift"], in: outer)
        #expect(blocked.termination == .exited(1), "\(blocked.errorText)")
        #expect(blocked.errorText.contains("A.swift:4:4: error: ERROR: new"), "\(blocked.errorText)")
        #expect(!blocked.errorText.contains("A.swift:2:4"), "\(blocked.errorText)")
        #expect(try await layout.commitCount() == "2\n")
    }

    @Test("A repository with its own .git nested in another's work tree: the inner index against the inner HEAD")
    func nestedWithItsOwnGitDirectory() async throws {
        let folder = TemporaryFolder("hook-environment-nested")
        let outer = folder.path
        let inner = outer + "/inner"
        try await run("git", ["init", "-q", "-b", "main"], in: outer).checked()
        try "let o = 1\n// ERROR: the outer repository's\n".write(
            toFile: outer + "/A.swift", atomically: true, encoding: .utf8)
        try await run("git", ["add", "A.swift"], in: outer).checked()
        try await run("git", ["commit", "-q", "-m", "outer"], in: outer).checked()
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
        try await run("git", ["init", "-q", "-b", "main"], in: inner).checked()
        try "let a = 1\n".write(toFile: inner + "/A.swift", atomically: true, encoding: .utf8)
        try await run("git", ["add", "A.swift"], in: inner).checked()
        try await run("git", ["commit", "-q", "-m", "inner"], in: inner).checked()
        #expect(try await run(PreCommitEndToEndTests.prepush, ["install", "--pre-commit"], in: inner).succeeded)

        try "let a = 1\nlet b = 2\n".write(toFile: inner + "/A.swift", atomically: true, encoding: .utf8)
        let clean = try await run("git", ["commit", "-q", "-a", "-m", "clean"], in: inner)
        #expect(clean.termination == .exited(0), "\(clean.errorText)")
        try "let a = 1\nlet b = 2\n// ERROR: inner\n".write(
            toFile: inner + "/A.swift", atomically: true, encoding: .utf8)
        try await run("git", ["add", "A.swift"], in: inner).checked()
        let blocked = try await run("git", ["-C", inner, "commit", "-q", "-m", "blocked"], in: outer)
        #expect(blocked.termination == .exited(1), "\(blocked.errorText)")
        #expect(blocked.errorText.contains("A.swift:3:4: error: ERROR: inner"), "\(blocked.errorText)")
    }
}
