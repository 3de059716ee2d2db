import Foundation
import ProcessKit
import Testing

/// What passes is exactly what is pushed: the built `prepush` as the installed hook of a real
/// repository with a bare remote, real `swift build`/`swift test` on a small package, and a work
/// tree that is not what is pushed in every way people have one.
@Suite("prepush exact push end to end", .serialized)
struct ExactPushEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush

    static let passing = "import Calc\nimport Testing\n@Test func adds() { #expect(add(1, 2) == 3) }\n"
    static let failing = "import Calc\nimport Testing\n@Test func adds() { #expect(add(1, 2) == 4) }\n"

    /// The user's state that prepush must never change: status, index and stash.
    func userState(_ repository: Repository) async throws -> [String] {
        [
            try await repository.run("git", ["status", "--porcelain=v1", "--untracked-files=all"]).outputText,
            try await repository.run("git", ["diff", "--cached"]).outputText,
            try await repository.run("git", ["stash", "list"]).outputText,
            try await repository.run("git", ["rev-parse", "HEAD"]).outputText,
        ]
    }

    func verifiedTrees(_ repository: Repository) -> String {
        (try? String(contentsOfFile: repository.work + "/.git/preflight/verified", encoding: .utf8)) ?? ""
    }

    func tree(_ repository: Repository, _ revision: String) async throws -> String {
        try await repository.run("git", ["rev-parse", revision + "^{tree}"]).outputText
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("Untracked file the build needs, staged change, a commit other than HEAD, several refs: the pushed content")
    func pushedContent() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try await repository.run(Self.prepush, ["install"]).checked()

        // 1. The commit calls a function only an untracked file defines: the pushed commit does
        // not build, whatever the work tree would.
        try repository.write("Sources/Calc/Twice.swift", "public func twice(_ a: Int) -> Int { helper(a) }\n")
        try await repository.run("git", ["add", "Sources/Calc/Twice.swift"]).checked()
        try await repository.run("git", ["commit", "-q", "-m", "twice"]).checked()
        try repository.write("Sources/Calc/Helper.swift", "func helper(_ a: Int) -> Int { a + a }\n")
        var before = try await userState(repository)
        let untracked = try await repository.run("git", ["push", "origin", "main"])
        #expect(!untracked.succeeded, "\(untracked.errorText)")
        #expect(untracked.errorText.contains("in its own worktree"))
        #expect(untracked.errorText.contains("Sources/Calc/Helper.swift (added)"))
        #expect(untracked.errorText.contains("prepush: build failed; the push is stopped"))
        #expect(try await userState(repository) == before)
        #expect(!verifiedTrees(repository).contains(try await tree(repository, "HEAD")))

        // Committed: the same content is now in place and passes, and is cached.
        try await repository.commit("helper")
        let committed = try await repository.run("git", ["push", "origin", "main"])
        #expect(committed.succeeded, "\(committed.errorText)")
        #expect(!committed.errorText.contains("in its own worktree"))
        #expect(verifiedTrees(repository).contains(try await tree(repository, "HEAD")))

        // 2. A staged, uncommitted change that breaks the build: the commit is what is checked.
        try repository.write(
            "Tests/CalcTests/CalcTests.swift", Self.passing + "@Test func twice2() { #expect(twice(2) == 4) }\n")
        try await repository.commit("a test of twice")
        try repository.write("Sources/Calc/Calc.swift", "public func add(_ a: Int, _ b: Int) -> Int { a + }\n")
        try await repository.run("git", ["add", "Sources/Calc/Calc.swift"]).checked()
        before = try await userState(repository)
        let staged = try await repository.run("git", ["push", "origin", "main"])
        #expect(staged.succeeded, "\(staged.errorText)")
        #expect(staged.errorText.contains("Sources/Calc/Calc.swift (modified)"))
        #expect(staged.errorText.contains("2 tests passed"))
        #expect(try await userState(repository) == before)
        try await repository.run("git", ["reset", "-q", "--hard"]).checked()

        // 3. A commit other than HEAD: an older, broken commit pushed from a clean, good HEAD.
        try repository.write("Tests/CalcTests/CalcTests.swift", Self.failing)
        try await repository.commit("broken")
        let broken = try await repository.run("git", ["rev-parse", "HEAD"]).outputText
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try repository.write("Tests/CalcTests/CalcTests.swift", Self.passing)
        try await repository.commit("fixed")
        let other = try await repository.run("git", ["push", "origin", "\(broken):refs/heads/old"])
        #expect(!other.succeeded, "\(other.errorText)")
        #expect(other.errorText.contains("(HEAD), not at the pushed commit"))
        #expect(other.errorText.contains("prepush: test failed; the push is stopped"))
        #expect(!verifiedTrees(repository).contains(try await tree(repository, broken)))

        // 4. Several refs in one push: the good HEAD in place, the broken one in the worktree.
        let several = try await repository.run("git", ["push", "origin", "main", "\(broken):refs/heads/old"])
        #expect(!several.succeeded)
        #expect(several.errorText.contains("prepush: test failed; the push is stopped"))
        #expect(verifiedTrees(repository).contains(try await tree(repository, "HEAD")))
        #expect(
            try await repository.remoteHead("main")
                != (try await repository.run("git", ["rev-parse", "HEAD"]).outputText))
        // The good one alone is already verified: the re-push costs no build.
        let good = try await repository.run("git", ["push", "origin", "main"])
        #expect(good.succeeded)
        #expect(good.errorText.contains("already verified"))
    }

    @Test("A failing commit pushed while the work tree is edited during the build: voided, checked exactly, stopped")
    func editDuringTheBuild() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try await repository.run(Self.prepush, ["install"]).checked()
        try repository.write("Tests/CalcTests/CalcTests.swift", Self.failing)
        try await repository.commit("a failing test")
        let pushed = try await tree(repository, "HEAD")

        // The person fixes the test in the work tree (not committed) as soon as the build starts.
        let edited = Locked(false)
        var push = Command("git", ["push", "origin", "main"], workingDirectory: repository.work)
        push.environment = .inherit.setting(["PREPUSH_VERBOSE": "1"]).removing(
            "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "PREPUSH_SKIP", "CI", "GITHUB_STEP_SUMMARY")
        push.timeout = .seconds(600)
        let log = Locked("")
        push.standardError = .lines { line in
            log.withLock { $0 += line.text + "\n" }
            if line.text.hasPrefix("==> build"), !edited.withLock({ $0 }) {
                try? repository.write("Tests/CalcTests/CalcTests.swift", Self.passing)
                edited.withLock { $0 = true }
            }
        }
        let result = try await push.run()
        let text = log.current
        #expect(edited.current)
        #expect(!result.succeeded, "\(text)")
        #expect(text.contains("the work tree changed while the check ran (Tests/CalcTests/CalcTests.swift (modified))"))
        #expect(text.contains("checking") && text.contains("again, exactly, in its own worktree"))
        #expect(text.contains("prepush: test failed; the push is stopped"))
        #expect(!verifiedTrees(repository).contains(pushed))
        // The edit is the person's and stays.
        #expect(
            try String(contentsOfFile: repository.work + "/Tests/CalcTests/CalcTests.swift", encoding: .utf8)
                == Self.passing)
        // By hand on the broken commit afterwards: checked, not "already verified".
        try await repository.run("git", ["checkout", "--", "."]).checked()
        let byHand = try await repository.run(Self.prepush, [])
        #expect(byHand.termination == .exited(1))
        #expect(!byHand.errorText.contains("already verified"))
    }

    @Test("--work-tree checks the disk as it is, labelled, never cached")
    func workTreeMode() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try repository.write("Sources/Calc/Extra.swift", "public func three() -> Int { 3 }\n")
        let result = try await repository.run(Self.prepush, ["--work-tree", "--no-errorlint"])
        #expect(result.succeeded, "\(result.errorText)")
        #expect(result.errorText.contains("checking the work tree as it is on disk (--work-tree)"))
        #expect(result.errorText.contains("prepush: passed (the work tree as it is on disk)"))
        #expect(verifiedTrees(repository).isEmpty)
    }

    @Test("The pushed commit's .preflight.json applies to its check, not the work tree's uncommitted one")
    func pushedConfiguration() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try await repository.run(Self.prepush, ["install"]).checked()
        try repository.write(
            ".preflight.json",
            #"{ "prepush": { "todoscan": false, "errorlint": false, "steps": [{ "name": "refuse", "run": ["false"] }] } }"#
        )
        try repository.write("Sources/Calc/More.swift", "public func four() -> Int { 4 }\n")
        try await repository.commit("a refusing step")
        try repository.write(".preflight.json", #"{ "prepush": { "todoscan": false, "errorlint": false } }"#)
        let push = try await repository.run("git", ["push", "origin", "main"])
        #expect(!push.succeeded, "\(push.errorText)")
        #expect(push.errorText.contains(".preflight.json (modified)"))
        #expect(push.errorText.contains("prepush: refuse failed; the push is stopped"))
    }

    @Test("Hidden edits (assume-unchanged), the user's worktrees, and base-dependent passes are never trusted")
    func hiddenEditsAndBases() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try await repository.run(Self.prepush, ["install"]).checked()
        try repository.write(".preflight.json", #"{ "prepush": { "minDiffCoverage": 50 } }"#)
        try repository.write("Sources/Calc/More.swift", "public func more() -> Int { 2 }\n")
        try await repository.commit("more")

        // A user's own worktree whose folder is moved away: prepush must not prune it.
        let own = repository.root + "/own-worktree"
        try await repository.run("git", ["worktree", "add", "-q", "--detach", own, "HEAD"]).checked()
        try FileManager.default.moveItem(atPath: own, toPath: own + "-moved")

        // An edit git is told to ignore (assume-unchanged) breaks the build: it is content all the
        // same, so the commit is checked in the worktree, and passes there.
        try await repository.run("git", ["update-index", "--assume-unchanged", "Sources/Calc/Calc.swift"]).checked()
        try repository.write("Sources/Calc/Calc.swift", "public func add(_ a: Int, _ b: Int) -> Int { a + }\n")
        #expect(try await repository.run("git", ["status", "--porcelain"]).outputText.isEmpty)
        let push = try await repository.run("git", ["push", "origin", "main"])
        #expect(push.succeeded, "\(push.errorText)")
        #expect(push.errorText.contains("Sources/Calc/Calc.swift (modified)"))
        #expect(push.errorText.contains("in its own worktree"))
        // The user's index still says assume-unchanged; their worktree is still registered.
        #expect(
            try await repository.run("git", ["ls-files", "-v", "Sources/Calc/Calc.swift"]).outputText.hasPrefix("h "))
        #expect(try await repository.run("git", ["worktree", "list"]).outputText.contains("own-worktree"))
        try await repository.run("git", ["update-index", "--no-assume-unchanged", "Sources/Calc/Calc.swift"]).checked()
        try await repository.run("git", ["checkout", "--", "."]).checked()

        // By hand with a diff-coverage gate measured against HEAD (no added lines): it passes, but
        // that says nothing about the tree, so the push checks again.
        try repository.write("Sources/Calc/Four.swift", "public func four() -> Int { 4 }\n")
        try await repository.commit("four")
        let byHand = try await repository.run(Self.prepush, ["--diff-base", "HEAD"])
        #expect(byHand.succeeded, "\(byHand.errorText)")
        let again = try await repository.run("git", ["push", "origin", "main"])
        #expect(!again.errorText.contains("already verified"), "\(again.errorText)")
        // A base given by name that does not resolve is an error, not a quiet fallback.
        let typo = try await repository.run(Self.prepush, ["--diff-base", "no-such-branch", "--no-cache"])
        #expect(typo.termination == .exited(2))
        #expect(typo.errorText.contains("no-such-branch"))
    }
}
