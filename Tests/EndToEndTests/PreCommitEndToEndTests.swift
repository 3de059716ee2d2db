import Foundation
import ProcessKit
import Testing

/// The pre-commit hook `prepush install --pre-commit` writes, and `todoscan --staged` /
/// `errorlint --staged` by hand: the built tools in real repositories, with staged and unstaged
/// content that differ. What is checked is the index; the work tree, the index and the stash are
/// byte for byte what they were.
@Suite("pre-commit hook over what is staged end to end", .serialized)
struct PreCommitEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = ToolCommandTests.productsDirectory + "/prepush"
    static let todoscan = ToolCommandTests.productsDirectory + "/todoscan"
    static let errorlint = ToolCommandTests.productsDirectory + "/errorlint"

    /// The committed `A.swift`: six lines.
    static let lines = "let a = 1\nlet b = 2\nlet c = 3\nlet d = 4\nlet e = 5\nlet f = 6\n"

    /// Everything of the user's a hook could touch, as text: the status, both diffs, the stash
    /// list, and the bytes of `files`.
    struct UserState: Equatable {
        var status: String
        var unstaged: String
        var staged: String
        var stashes: String
        var bytes: [String: Data]

        static func of(_ repository: Repository, files: [String]) async throws -> UserState {
            func git(_ arguments: [String]) async throws -> String {
                try await repository.run("git", arguments).checked().outputText
            }
            var bytes: [String: Data] = [:]
            for file in files {
                bytes[file] = FileManager.default.contents(atPath: repository.work + "/" + file)
            }
            return UserState(
                status: try await git(["status", "--porcelain=v2", "--untracked-files=all"]),
                unstaged: try await git(["diff", "--binary"]), staged: try await git(["diff", "--cached", "--binary"]),
                stashes: try await git(["stash", "list", "--format=%H %gs"]), bytes: bytes)
        }
    }

    /// A repository with one committed Swift file, a stash entry, and the pre-commit hook installed.
    func makeRepository() async throws -> Repository {
        let repository = try await Repository.make(files: [
            "Sources/App/A.swift": Self.lines,
            "Sources/App/B.swift": "let x = 1\n",
        ])
        // A stash the user keeps: it must still be there, unchanged, after every hook run.
        try repository.write("Sources/App/B.swift", "let x = 2 // stashed work\n")
        try await repository.run("git", ["stash", "push", "-q", "-m", "kept"]).checked()
        let install = try await repository.run(Self.prepush, ["install", "--pre-commit"])
        #expect(install.succeeded, "\(install.errorText)")
        #expect(install.errorText.contains("every commit from now on is checked"))
        return repository
    }

    @Test("An ERROR only in the index blocks the commit; one only in the work tree does not; nothing is touched")
    func stagedAndUnstagedDiffer() async throws {
        let repository = try await makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        let files = ["Sources/App/A.swift", "Sources/App/B.swift", "Notes.swift"]

        // Staged: an ERROR on a new line 2. Work tree: that line gone again, three lines added on
        // top, and an untracked file with an ERROR of its own.
        try repository.write("Sources/App/A.swift", "let a = 1\n// ERROR: staged only\nlet b = 2\nlet c = 3\n")
        try await repository.run("git", ["add", "Sources/App/A.swift"]).checked()
        try repository.write("Sources/App/A.swift", "// one\n// two\n// three\nlet a = 1\nlet b = 2\nlet c = 3\n")
        try repository.write("Notes.swift", "// ERROR: untracked, never committed\n")

        let before = try await UserState.of(repository, files: files)
        let commit = try await repository.run("git", ["commit", "-m", "blocked"])
        #expect(commit.termination == .exited(1), "\(commit.errorText)")
        #expect(commit.errorText.contains("Sources/App/A.swift:2:4: error: ERROR: staged only"))
        // Each tool's summary line says whose it is.
        #expect(commit.errorText.contains("\ntodoscan: 1 error in 1 file\n"), "\(commit.errorText)")
        #expect(commit.errorText.contains("\nerrorlint: no findings in 2 files"), "\(commit.errorText)")
        #expect(!commit.errorText.contains("Notes.swift"))
        #expect(try await UserState.of(repository, files: files) == before)
        #expect(try await repository.run("git", ["rev-list", "--count", "HEAD"]).outputText == "1\n")

        // By hand, from a subfolder: the same finding, the path from the repository's root.
        let byHand = try await repository.run(Self.todoscan, ["--staged"], in: repository.work + "/Sources")
        #expect(byHand.termination == .exited(1))
        #expect(byHand.outputText.contains("App/A.swift:2:4: error: ERROR: staged only"))
        #expect(try await UserState.of(repository, files: files) == before)

        // Now the ERROR is only in the work tree: the staged content is clean, and the commit goes in.
        try repository.write("Sources/App/A.swift", "let a = 1\nlet b = 2\n")
        try await repository.run("git", ["add", "Sources/App/A.swift"]).checked()
        try repository.write("Sources/App/A.swift", "let a = 1\n// ERROR: unstaged only\nlet b = 2\n")
        let workTree = try await UserState.of(repository, files: files)
        let passing = try await repository.run("git", ["commit", "-m", "clean staged content"])
        #expect(passing.succeeded, "\(passing.errorText)")
        #expect(passing.errorText.hasPrefix("todoscan: no findings in 1 file\n"), "\(passing.errorText)")
        #expect(!passing.errorText.contains("unstaged only"))
        let after = try await UserState.of(repository, files: files)
        #expect(after.bytes == workTree.bytes)
        #expect(after.unstaged == workTree.unstaged)
        #expect(after.stashes == workTree.stashes)
        #expect(after.staged.isEmpty)

        // `git commit -a` records the work tree through a temporary index (GIT_INDEX_FILE in the
        // hook's environment): that is what is checked, and it stops the commit.
        let all = try await repository.run("git", ["commit", "-a", "-m", "everything"])
        #expect(all.termination == .exited(1), "\(all.errorText)")
        #expect(all.errorText.contains("Sources/App/A.swift:2:4: error: ERROR: unstaged only"))
        #expect(try await UserState.of(repository, files: files) == after)

        // The work-tree scan does see it: what differs is only what is read.
        let whole = try await repository.run(Self.todoscan, ["Sources"])
        #expect(whole.termination == .exited(1))
    }

    @Test("A partially staged file: the staged hunk is checked at its index line, the unstaged hunk is not")
    func partiallyStaged() async throws {
        let repository = try await makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        let files = ["Sources/App/A.swift", "Sources/App/B.swift"]
        // Two hunks in the work tree: an ERROR at the top, a TODO at the bottom. Stage only the
        // bottom one (git apply --cached of that hunk, as `git add -p` does).
        try repository.write(
            "Sources/App/A.swift",
            "// ERROR: top, unstaged\n" + Self.lines + "// TODO: bottom, staged\n")
        let patch = """
            diff --git a/Sources/App/A.swift b/Sources/App/A.swift
            --- a/Sources/App/A.swift
            +++ b/Sources/App/A.swift
            @@ -6,0 +7 @@ let f = 6
            +// TODO: bottom, staged

            """
        try patch.write(toFile: repository.root + "/bottom.patch", atomically: true, encoding: .utf8)
        try await repository.run("git", ["apply", "--cached", "--unidiff-zero", repository.root + "/bottom.patch"])
            .checked()
        let before = try await UserState.of(repository, files: files)
        #expect(before.staged.contains("+// TODO: bottom, staged") && before.unstaged.contains("+// ERROR: top"))

        let staged = try await repository.run(Self.todoscan, ["--staged"])
        #expect(staged.termination == .exited(0), "\(staged.errorText)")
        // Line 7 of the staged file (line 8 in the work tree).
        #expect(staged.outputText == "Sources/App/A.swift:7:4: warning: TODO: bottom, staged\n")
        let commit = try await repository.run("git", ["commit", "-m", "bottom hunk"])
        #expect(commit.succeeded, "\(commit.errorText)")
        let after = try await UserState.of(repository, files: files)
        #expect(after.bytes == before.bytes)
        #expect(after.unstaged == before.unstaged)
        #expect(after.stashes == before.stashes)

        // The other way round: the ERROR hunk staged, the rest not; the commit is stopped.
        try await repository.run("git", ["add", "Sources/App/A.swift"]).checked()
        try repository.write(
            "Sources/App/A.swift", Self.lines + "// TODO: bottom, staged\n// FIXME: more, unstaged\n")
        let mixed = try await UserState.of(repository, files: files)
        let stopped = try await repository.run("git", ["commit", "-m", "top hunk"])
        #expect(stopped.termination == .exited(1))
        #expect(stopped.errorText.contains("Sources/App/A.swift:1:4: error: ERROR: top, unstaged"))
        #expect(!stopped.errorText.contains("FIXME"))
        #expect(try await UserState.of(repository, files: files) == mixed)
    }

    @Test("errorlint --staged reads the Swift sources and the string catalog from the index")
    func errorlintReadsTheIndex() async throws {
        let repository = try await makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        let catalog = { (keys: String) in
            """
            { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
            \(keys)
            } }
            """
        }
        let entry = """
              "login.expired" : { "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Your session expired." } } } }
            """
        try repository.write("Sources/App/Localizable.xcstrings", catalog(""))
        try await repository.commit("catalog")
        // Staged: an error type whose key the staged catalog lacks. Work tree: the key is there.
        try repository.write(
            "Sources/App/LoginError.swift",
            """
            import Foundation

            enum LoginError: LocalizedError {
                case expired
                var errorDescription: String? { String(localized: "login.expired") }
            }

            """)
        try await repository.run("git", ["add", "-A"]).checked()
        try repository.write("Sources/App/Localizable.xcstrings", catalog(entry))
        let files = ["Sources/App/LoginError.swift", "Sources/App/Localizable.xcstrings"]
        let before = try await UserState.of(repository, files: files)

        let workTree = try await repository.run(Self.errorlint, ["-q"])
        #expect(workTree.termination == .exited(0), "\(workTree.outputText)\(workTree.errorText)")
        let staged = try await repository.run(Self.errorlint, ["--staged", "-q"])
        #expect(staged.termination == .exited(1), "\(staged.outputText)\(staged.errorText)")
        #expect(staged.outputText.contains("Sources/App/LoginError.swift:"))
        #expect(staged.outputText.contains("login.expired") && staged.outputText.contains("[missing-key]"))
        let commit = try await repository.run("git", ["commit", "-m", "login error"])
        #expect(commit.termination == .exited(1))
        #expect(commit.errorText.contains("[missing-key]"))
        #expect(try await UserState.of(repository, files: files) == before)

        // Staging the catalog too lets the commit in.
        try await repository.run("git", ["add", "-A"]).checked()
        let passing = try await repository.run("git", ["commit", "-m", "login error and its text"])
        #expect(passing.succeeded, "\(passing.outputText)\(passing.errorText)")
    }

    @Test("A pre-commit hook that was there runs first and comes back on uninstall; usage errors exit 2")
    func chainingAndUninstall() async throws {
        let repository = try await Repository.make(files: ["A.swift": "let a = 1\n"])
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        let hook = repository.work + "/.git/hooks/pre-commit"
        let theirs = "#!/bin/sh\necho theirs ran >&2\n"
        try theirs.write(toFile: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)

        let install = try await repository.run(Self.prepush, ["install", "--pre-commit"])
        #expect(install.succeeded, "\(install.errorText)")
        #expect(install.errorText.contains("the hook that was there runs first"))
        try repository.write("A.swift", "let a = 1\n// TODO: later\n")
        try await repository.run("git", ["add", "A.swift"]).checked()
        let commit = try await repository.run("git", ["commit", "-m", "todo"])
        #expect(commit.succeeded, "\(commit.errorText)")
        #expect(commit.errorText.contains("theirs ran"))
        #expect(commit.errorText.contains("A.swift:2:4: warning: TODO: later"))

        // PREPUSH_SKIP names one step: that one is skipped, said in one line.
        try repository.write("A.swift", "let a = 1\n// TODO: later\n// ERROR: skipped\n")
        try await repository.run("git", ["add", "A.swift"]).checked()
        let skipped = try await repository.run(
            "git", ["commit", "-m", "skip"], environment: ["PREPUSH_SKIP": "todoscan"])
        #expect(skipped.succeeded, "\(skipped.errorText)")
        #expect(skipped.errorText.contains("prepush: todoscan skipped (PREPUSH_SKIP)"))

        let usage = try await repository.run(Self.todoscan, ["--staged", "--since", "HEAD"])
        #expect(usage.termination == .exited(2))
        let outside = try await repository.run(Self.todoscan, ["--staged"], in: repository.root)
        #expect(outside.termination == .exited(2))
        #expect(outside.errorText.contains("not"))

        let uninstall = try await repository.run(Self.prepush, ["uninstall", "--pre-commit"])
        #expect(uninstall.succeeded, "\(uninstall.errorText)")
        #expect(try String(contentsOfFile: hook, encoding: .utf8) == theirs)
        let again = try await repository.run(Self.prepush, ["uninstall"])
        #expect(again.errorText.contains("no prepush pre-push hook is installed"))

        // Plain `uninstall` removes both of prepush's hooks, each putting back what was there.
        try await repository.run(Self.prepush, ["install", "--pre-commit"]).checked()
        try await repository.run(Self.prepush, ["install"]).checked()
        let both = try await repository.run(Self.prepush, ["uninstall"])
        #expect(both.errorText.contains("uninstalled the pre-push hook"), "\(both.errorText)")
        #expect(both.errorText.contains("uninstalled the pre-commit hook"))
        #expect(try String(contentsOfFile: hook, encoding: .utf8) == theirs)
        #expect(!FileManager.default.fileExists(atPath: repository.work + "/.git/hooks/pre-push"))
    }
}
