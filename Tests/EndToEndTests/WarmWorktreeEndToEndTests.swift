import Foundation
import ProcessKit
import Testing

/// The worktree warmed after an in-place pass (`warmWorktree`): the built `prepush` as the
/// installed hook of a real repository with a bare remote, real `swift build`/`swift test` on a
/// small package. What the warm-up built never stands in for what is pushed: a broken commit
/// pushed from a dirty work tree still fails, a changed one is built and tested, and nothing of
/// the user's (work tree, index, stash, the in-place `.build`) changes.
@Suite("prepush warm worktree end to end", .serialized)
struct WarmWorktreeEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush
    /// The helper's repositories switch the warm-up off; these pushes leave it to the setting.
    static let asUsers: [String: String] = ["PREPUSH_WARM_WORKTREE": ""]

    static let test = "import Calc\nimport Testing\n@Test func adds() { #expect(add(1, 2) == 3) }\n"
    static let calc = "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n"

    /// Waits for the background build the last push started; returns its log.
    func waitForWarmUp(_ repository: Repository) async throws -> String {
        let log = repository.work + "/.git/preflight/warm-worktree.log"
        for _ in 0..<1200 {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if text.contains("the worktree is warm at") || text.contains("build failed") { return text }
            try await Task.sleep(for: .milliseconds(250))
        }
        Issue.record("the warm-up did not finish in 5 minutes")
        return (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    }

    /// Every file of the user's under `folder` (not `.git`, not prepush's own folders in `.build`),
    /// with its size, time stamp and content's hash: what prepush must leave as it is.
    func files(under folder: String) throws -> [String: String] {
        var listed: [String: String] = [:]
        let manager = FileManager.default
        guard let walker = manager.enumerator(atPath: folder) else { return [:] }
        while let path = walker.nextObject() as? String {
            if path == ".git" || path.hasPrefix(".build/prepush-") {
                walker.skipDescendants()
                continue
            }
            let attributes = try manager.attributesOfItem(atPath: folder + "/" + path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            let data = manager.contents(atPath: folder + "/" + path) ?? Data()
            listed[path] =
                "\(data.count) \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) \(data.hashValue)"
        }
        return listed
    }

    func userState(_ repository: Repository) async throws -> [String] {
        [
            try await repository.run("git", ["status", "--porcelain=v1", "--untracked-files=all"]).outputText,
            try await repository.run("git", ["diff", "--cached"]).outputText,
            try await repository.run("git", ["diff"]).outputText,
            try await repository.run("git", ["stash", "list"]).outputText,
            try await repository.run("git", ["rev-parse", "HEAD"]).outputText,
        ]
    }

    @Test("Warmed after an in-place pass; dirty pushes are checked exactly in it; the user's files untouched")
    func warmedThenExact() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository(test: Self.test)
        try repository.write("Sources/Calc/Notes.swift", "// notes\n")
        try await repository.commit("notes")
        try await repository.run(Self.prepush, ["install"]).checked()

        // 1. A clean push: checked in place, then the worktree is built at it in the background.
        let clean = try await repository.run("git", ["push", "origin", "main"], environment: Self.asUsers)
        #expect(clean.succeeded, "\(clean.errorText)")
        #expect(!clean.errorText.contains("in its own worktree"))
        #expect(clean.errorText.contains("in the background"), "\(clean.errorText)")
        let warmUp = try await waitForWarmUp(repository)
        #expect(warmUp.contains("the worktree is warm at"), "\(warmUp)")
        let head = try await repository.run("git", ["rev-parse", "HEAD"]).outputText
        let worktreeHead = try await repository.run(
            "git", ["rev-parse", "HEAD"], in: repository.work + "/.build/prepush-worktree"
        ).outputText
        #expect(worktreeHead == head)
        #expect(FileManager.default.fileExists(atPath: repository.work + "/.build/prepush-isolated/debug"))

        // 2. A broken commit pushed with an unrelated uncommitted edit: checked in the worktree,
        // which the warm-up built from a passing commit; the test fails and the push stops.
        try repository.write("Sources/Calc/Notes.swift", "// notes, edited and not committed\n")
        try repository.write("Sources/Calc/Calc.swift", "public func add(_ a: Int, _ b: Int) -> Int { a - b }\n")
        try await repository.run("git", ["commit", "-q", "-m", "broken", "--", "Sources/Calc/Calc.swift"]).checked()
        var state = try await userState(repository)
        var userFiles = try files(under: repository.work)
        let broken = try await repository.run("git", ["push", "origin", "main"], environment: Self.asUsers)
        #expect(!broken.succeeded, "\(broken.errorText)")
        #expect(broken.errorText.contains("in its own worktree"), "\(broken.errorText)")
        #expect(broken.errorText.contains("Sources/Calc/Notes.swift (modified)"))
        #expect(broken.errorText.contains("prepush: test failed; the push is stopped"), "\(broken.errorText)")
        // Only an in-place pass warms the worktree.
        #expect(!broken.errorText.contains("in the background"))
        #expect(try await userState(repository) == state)
        #expect(try files(under: repository.work) == userFiles)

        // 3. Fixed, with a new function and its test, still pushed from the dirty work tree: the
        // change is built and tested in the worktree.
        try repository.write(
            "Sources/Calc/Calc.swift", Self.calc + "public func triple(_ a: Int) -> Int { a * 3 }\n")
        try repository.write(
            "Tests/CalcTests/CalcTests.swift", Self.test + "@Test func triples() { #expect(triple(2) == 6) }\n")
        try await repository.run(
            "git", ["commit", "-q", "-m", "triple", "--", "Sources/Calc/Calc.swift", "Tests/CalcTests/CalcTests.swift"]
        ).checked()
        state = try await userState(repository)
        userFiles = try files(under: repository.work)
        let fixed = try await repository.run("git", ["push", "origin", "main"], environment: Self.asUsers)
        #expect(fixed.succeeded, "\(fixed.errorText)")
        #expect(fixed.errorText.contains("in its own worktree"))
        #expect(fixed.errorText.contains("2 tests passed"), "\(fixed.errorText)")
        #expect(try await userState(repository) == state)
        #expect(try files(under: repository.work) == userFiles)
        #expect(
            try String(contentsOfFile: repository.work + "/Sources/Calc/Notes.swift", encoding: .utf8)
                == "// notes, edited and not committed\n")

        // 4. A clean push starts a warm-up; a broken commit pushed from a dirty tree right after it
        // does not wait for it (it is stopped if still running) and still fails.
        try await repository.commit("notes edited")
        let again = try await repository.run("git", ["push", "origin", "main"], environment: Self.asUsers)
        #expect(again.succeeded, "\(again.errorText)")
        #expect(again.errorText.contains("in the background"))
        try repository.write("Sources/Calc/Notes.swift", "// notes, edited again\n")
        try repository.write(
            "Sources/Calc/Calc.swift",
            "public func add(_ a: Int, _ b: Int) -> Int { a * b }\npublic func triple(_ a: Int) -> Int { a * 3 }\n")
        try await repository.run("git", ["commit", "-q", "-m", "broken again", "--", "Sources/Calc/Calc.swift"])
            .checked()
        let brokenAgain = try await repository.run("git", ["push", "origin", "main"], environment: Self.asUsers)
        #expect(!brokenAgain.succeeded, "\(brokenAgain.errorText)")
        #expect(brokenAgain.errorText.contains("prepush: test failed; the push is stopped"), "\(brokenAgain.errorText)")
        #expect(!brokenAgain.errorText.contains("waiting for"))
    }

    @Test("No warm-up under CI, with PREPUSH_WARM_WORKTREE=0, or with \"warmWorktree\": false")
    func switchedOff() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository(test: Self.test)
        try await repository.run(Self.prepush, ["install"]).checked()
        let underCI = try await repository.run(
            "git", ["push", "origin", "main"], environment: ["CI": "true", "PREPUSH_WARM_WORKTREE": ""])
        #expect(underCI.succeeded, "\(underCI.errorText)")
        #expect(!underCI.errorText.contains("in the background"))

        try repository.write("Sources/Calc/More.swift", "public func twice(_ a: Int) -> Int { add(a, a) }\n")
        try await repository.commit("more")
        let byVariable = try await repository.run(
            "git", ["push", "origin", "main"], environment: ["PREPUSH_WARM_WORKTREE": "0"])
        #expect(byVariable.succeeded, "\(byVariable.errorText)")
        #expect(!byVariable.errorText.contains("in the background"))

        try repository.write(".preflight.json", #"{ "prepush": { "warmWorktree": false } }"# + "\n")
        try await repository.commit("settings")
        let bySetting = try await repository.run("git", ["push", "origin", "main"], environment: Self.asUsers)
        #expect(bySetting.succeeded, "\(bySetting.errorText)")
        #expect(!bySetting.errorText.contains("in the background"))
        #expect(!FileManager.default.fileExists(atPath: repository.work + "/.build/prepush-worktree"))
        #expect(!FileManager.default.fileExists(atPath: repository.work + "/.git/preflight/warm-worktree.log"))
    }
}
