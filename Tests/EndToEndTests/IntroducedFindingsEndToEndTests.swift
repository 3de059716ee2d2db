import Foundation
import ProcessKit
import Testing

/// The hook shows what the push introduces: todoscan's tags on the lines it adds, errorlint's
/// findings in the files it changes; what was already there is counted in one line and does not
/// stop the push. The built `prepush` as a real hook, real git, real `swift build`/`swift test`.
@Suite("prepush findings the push introduces end to end", .serialized)
struct IntroducedFindingsEndToEndTests {
    static let prepush = PrePushEndToEndTests.prepush

    @Test("todoscan: only new tags; an old ERROR on the remote does not stop a push; --all-findings lists all")
    func todoscan() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try repository.write(
            "Sources/Calc/Old.swift", "// TODO: old one\n// FIXME: old two\npublic func old() -> Int { 0 }\n")
        try await repository.commit("old tags")
        try await repository.run(Self.prepush, ["install"]).checked()

        // The first push of a repository has no base: everything is listed.
        let first = try await repository.run("git", ["push", "origin", "main"])
        #expect(first.succeeded, "\(first.errorText)")
        #expect(first.errorText.contains("Sources/Calc/Old.swift:1:4: warning: TODO: old one"))
        #expect(first.errorText.contains("Sources/Calc/Old.swift:2:4: warning: FIXME: old two"))
        #expect(!first.errorText.contains("already in the code"))
        // A new branch of what the remote has adds nothing: the old tags are only counted.
        let branch = try await repository.run("git", ["push", "origin", "main:refs/heads/fresh", "--no-verify"])
        #expect(branch.succeeded)

        // A push adding one TODO shows only that one.
        try repository.write(
            "Sources/Calc/Calc.swift",
            "public func add(_ a: Int, _ b: Int) -> Int { a + b }\npublic func unused() -> Int { 1 }\n// TODO: new one\n"
        )
        try await repository.commit("a new TODO")
        let one = try await repository.run("git", ["push", "origin", "main"])
        #expect(one.succeeded, "\(one.errorText)")
        #expect(one.errorText.contains("Sources/Calc/Calc.swift:3:4: warning: TODO: new one"))
        #expect(!one.errorText.contains("old one"))
        #expect(one.errorText.contains("prepush: 2 FIXME/TODO already in the code; prepush --all-findings lists them"))
        #expect(one.errorText.contains("1 new, 2 existing"))

        // A push adding an ERROR fails.
        try repository.write("Sources/Calc/Stop.swift", "// ERROR: not this\npublic func stop() {}\n")
        try await repository.commit("an ERROR")
        let stopped = try await repository.run("git", ["push", "origin", "main"])
        #expect(!stopped.succeeded)
        #expect(stopped.errorText.contains("Sources/Calc/Stop.swift:1:4: error: ERROR: not this"))
        #expect(stopped.errorText.contains("prepush: todoscan failed; the push is stopped"))

        // Once the ERROR is on the remote (pushed past the hook), a push that adds no tag passes and
        // says the ERROR was already there.
        try await repository.run("git", ["push", "-q", "origin", "main", "--no-verify"]).checked()
        try repository.write("Sources/Calc/More.swift", "public func more() -> Int { 2 }\n")
        try await repository.commit("no tags")
        let clean = try await repository.run("git", ["push", "origin", "main"])
        #expect(clean.succeeded, "\(clean.errorText)")
        #expect(clean.errorText.contains("prepush: 4 ERROR/FIXME/TODO already in the code (1 error among them"))
        #expect(clean.errorText.contains("0 new, 4 existing"))

        // --all-findings lists everything, and the old ERROR fails again.
        let all = try await repository.run(Self.prepush, ["--all-findings", "--no-cache"])
        #expect(all.termination == .exited(1))
        #expect(all.errorText.contains("old one") && all.errorText.contains("ERROR: not this"))
    }

    @Test("errorlint: a new LocalizedError without errorDescription fails; an old one in an untouched file is counted")
    func errorlint() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try await repository.run("git", ["push", "-q", "origin", "main"]).checked()
        try await repository.run("git", ["branch", "-u", "origin/main"]).checked()
        try await repository.run(Self.prepush, ["install"]).checked()
        let error = """
            import Foundation
            public enum CalcError: LocalizedError {
                case overflow
                public var failureReason: String? { "Too large." }
                public var recoverySuggestion: String? { "Use smaller numbers." }
            }

            """
        try repository.write("Sources/Calc/CalcError.swift", error)
        try await repository.commit("an error type")
        let failed = try await repository.run("git", ["push", "origin", "main"])
        #expect(!failed.succeeded)
        #expect(failed.errorText.contains("Sources/Calc/CalcError.swift:2:13: error: "))
        #expect(failed.errorText.contains("prepush: errorlint failed; the push is stopped"))

        try await repository.run("git", ["push", "-q", "origin", "main", "--no-verify"]).checked()
        try repository.write("Sources/Calc/More.swift", "public func more() -> Int { 2 }\n")
        try await repository.commit("untouched error file")
        let counted = try await repository.run("git", ["push", "origin", "main"])
        #expect(counted.succeeded, "\(counted.errorText)")
        #expect(!counted.errorText.contains("CalcError.swift:2:13"))
        // CalcError's missing errorDescription, in a file this push does not touch (its English
        // literals are not reported: the package has no string catalog, so it is not localized).
        #expect(counted.errorText.contains("prepush: 1 errorlint finding already in the code (1 error among them"))
        #expect(counted.errorText.contains("errorlint  passed") && counted.errorText.contains("0 new, 1 existing"))
    }

    @Test("A new branch that merged the remote's main does not introduce what main already had")
    func newBranchWithMerge() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try await repository.run("git", ["push", "-q", "origin", "main", "--no-verify"]).checked()
        try await repository.run("git", ["checkout", "-q", "-b", "feature"]).checked()
        try repository.write("Sources/Calc/Feature.swift", "public func feature() -> Int { 5 }\n")
        try await repository.commit("feature work")
        // Meanwhile main gets an ERROR (pushed past any hook), and the feature branch merges main.
        try await repository.run("git", ["checkout", "-q", "main"]).checked()
        try repository.write("Sources/Calc/Stop.swift", "// ERROR: main's own\npublic func stop() {}\n")
        try await repository.commit("an ERROR on main")
        try await repository.run("git", ["push", "-q", "origin", "main", "--no-verify"]).checked()
        try await repository.run("git", ["checkout", "-q", "feature"]).checked()
        try await repository.run("git", ["merge", "-q", "--no-edit", "main"]).checked()
        try await repository.run(Self.prepush, ["install"]).checked()
        let push = try await repository.run("git", ["push", "origin", "feature"])
        #expect(push.succeeded, "\(push.errorText)")
        #expect(!push.errorText.contains("Stop.swift:1:4: error"))
        #expect(push.errorText.contains("1 ERROR already in the code (1 error among them"))
    }

    @Test("A branch stacked on a pushed branch is compared with that branch: its parent's ERROR does not stop it")
    func stackedBranch() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try await repository.run("git", ["push", "-q", "origin", "main", "--no-verify"]).checked()
        try await repository.run("git", ["checkout", "-q", "-b", "feat"]).checked()
        try repository.write("Sources/Calc/Stop.swift", "// ERROR: feat's own\npublic func stop() {}\n")
        try await repository.commit("feat: an ERROR")
        try await repository.run("git", ["push", "-q", "origin", "feat", "--no-verify"]).checked()
        try await repository.run("git", ["checkout", "-q", "-b", "feat2"]).checked()
        try repository.write("Sources/Calc/Two.swift", "public func two() -> Int { 2 }\n// TODO: feat2's own\n")
        try await repository.commit("feat2, on feat")
        try await repository.run(Self.prepush, ["install"]).checked()
        let push = try await repository.run("git", ["push", "origin", "feat2"])
        #expect(push.succeeded, "\(push.errorText)")
        #expect(push.errorText.contains("Sources/Calc/Two.swift:2:4: warning: TODO: feat2's own"))
        #expect(!push.errorText.contains("Stop.swift:1:4: error"))
        #expect(push.errorText.contains("1 new, 1 existing"), "\(push.errorText)")
    }

    @Test("A force push lists as new only what the remote's version of the branch did not have")
    func forcePush() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try await repository.run("git", ["push", "-q", "origin", "main", "--no-verify"]).checked()
        try await repository.run("git", ["checkout", "-q", "-b", "topic"]).checked()
        try repository.write("Sources/Calc/Old.swift", "// TODO: already pushed\npublic func old() -> Int { 0 }\n")
        try await repository.commit("topic: a TODO")
        try repository.write("Sources/Calc/More.swift", "public func more() -> Int { 1 }\n")
        try await repository.commit("topic: more")
        try await repository.run("git", ["push", "-q", "origin", "topic", "--no-verify"]).checked()
        // Rewritten: the two commits squashed into one with a new TODO; the old one is on the remote.
        try await repository.run("git", ["reset", "-q", "--soft", "main"]).checked()
        try repository.write(
            "Sources/Calc/More.swift", "public func more() -> Int { 1 }\n// TODO: new after the rewrite\n")
        try await repository.commit("topic, squashed")
        try await repository.run(Self.prepush, ["install"]).checked()
        let push = try await repository.run("git", ["push", "--force", "origin", "topic"])
        #expect(push.succeeded, "\(push.errorText)")
        #expect(push.errorText.contains("Sources/Calc/More.swift:2:4: warning: TODO: new after the rewrite"))
        #expect(!push.errorText.contains("warning: TODO: already pushed"), "\(push.errorText)")
        #expect(push.errorText.contains("1 new, 1 existing"))
    }
}
