import Foundation
import ProcessKit
import Testing

/// A hooks folder the team shares through the work tree (husky) is never written to: the built
/// `prepush install` leaves the committed `.husky/pre-push` byte for byte and the work tree clean,
/// records this clone's binary in `.git/config`, and the one line the team commits runs it with
/// git's arguments and stdin. Real git, real husky 9 runner (fixture), real `swift build`/`swift test`.
@Suite("prepush with a shared hooks folder (husky) end to end", .serialized)
struct SharedHooksEndToEndTests {
    static let prepush = PrePushEndToEndTests.prepush

    /// husky 9's runner, as its install copies it into `.husky/_/h` (source beside it).
    static let huskyRunner = ScriptTests.packageRoot + "/Tests/PrePushKitTests/Fixtures/husky-9.1.7-h"

    enum Layout: String, CaseIterable, Sendable {
        /// husky 9: `core.hooksPath` = `.husky/_`, generated and ignored; `.husky/pre-push` committed.
        case husky9
        /// husky 4–8 and committed hook folders: `core.hooksPath` = `.husky`, `.husky/pre-push` committed.
        case huskyFolder
    }

    /// What husky 9's install writes (index.js at v9.1.7), or for the older layout nothing but the
    /// configuration.
    static func installHusky(_ layout: Layout, in repository: PrePushEndToEndTests.Repository) async throws {
        switch layout {
        case .husky9:
            try repository.write(".husky/_/.gitignore", "*")
            try repository.write(".husky/_/pre-push", "#!/usr/bin/env sh\n. \"$(dirname \"$0\")/h\"")
            try repository.write(".husky/_/h", try String(contentsOfFile: huskyRunner, encoding: .utf8))
            for file in ["pre-push", "h"] {
                try FileManager.default.setAttributes(
                    [.posixPermissions: 0o755], ofItemAtPath: repository.work + "/.husky/_/" + file)
            }
            try await repository.run("git", ["config", "core.hooksPath", ".husky/_"]).checked()
        case .huskyFolder:
            try await repository.run("git", ["config", "core.hooksPath", ".husky"]).checked()
        }
    }

    @Test(
        "install leaves the committed .husky/pre-push byte-identical and git status clean; the team's line checks pushes",
        arguments: Layout.allCases)
    func husky(layout: Layout) async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        let teamScript = "#!/usr/bin/env sh\necho \"husky: the team's pre-push ran\" >&2\n"
        // The team's hook script, committed executable as husky's are.
        func writeTeamScript(_ text: String) throws {
            try repository.write(".husky/pre-push", text)
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: repository.work + "/.husky/pre-push")
        }
        try writeTeamScript(teamScript)
        try await repository.commit("husky")
        try await Self.installHusky(layout, in: repository)
        try await repository.run("git", ["push", "-q", "origin", "main", "--no-verify"]).checked()
        func committedScript() throws -> Data {
            try Data(contentsOf: URL(fileURLWithPath: repository.work + "/.husky/pre-push"))
        }
        func status() async throws -> String { try await repository.run("git", ["status", "--porcelain"]).outputText }
        let huskyFiles = try FileManager.default.contentsOfDirectory(atPath: repository.work + "/.husky").sorted()

        // Before the team's line: nothing written, the line to add is printed.
        let install = try await repository.run(Self.prepush, ["install"])
        #expect(install.succeeded, "\(install.errorText)")
        #expect(install.errorText.contains("prepush writes nothing there"), "\(install.errorText)")
        #expect(install.errorText.contains("pushes are NOT checked yet: add this to .husky/pre-push"))
        #expect(install.errorText.contains("\n    \"$(git config preflight.prepush || echo prepush)\" hook \"$@\"\n"))
        #expect(try committedScript() == Data(teamScript.utf8))
        #expect(try await status() == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: repository.work + "/.husky").sorted() == huskyFiles)
        if layout == .husky9 {
            let generated = try String(contentsOfFile: repository.work + "/.husky/_/pre-push", encoding: .utf8)
            #expect(generated == "#!/usr/bin/env sh\n. \"$(dirname \"$0\")/h\"")
        }
        let recorded = try await repository.run("git", ["config", "--local", "preflight.prepush"])
        #expect(recorded.outputText.trimmingCharacters(in: .newlines).hasSuffix("/prepush"))

        // The team commits the line; install now says pushes are checked.
        let withLine = teamScript + "\"$(git config preflight.prepush || echo prepush)\" hook \"$@\"\n"
        try writeTeamScript(withLine)
        try await repository.commit("the team runs prepush on every push")
        let again = try await repository.run(Self.prepush, ["install"])
        #expect(again.errorText.contains(".husky/pre-push runs prepush: every push from this clone is checked"))

        // A push is checked in place (the work tree is the commit), and nothing of husky's changes.
        try repository.write(
            "Sources/Calc/Calc.swift",
            "public func add(_ a: Int, _ b: Int) -> Int { a + b }\npublic func unused() -> Int { 1 }\n// TODO: later\n")
        try await repository.commit("a change")
        let push = try await repository.run("git", ["push", "origin", "main"])
        #expect(push.succeeded, "\(push.errorText)")
        #expect(push.errorText.contains("husky: the team's pre-push ran"))
        #expect(push.errorText.contains("prepush: passed ("), "\(push.errorText)")
        #expect(push.errorText.contains("Sources/Calc/Calc.swift:3:4: warning: TODO: later"))
        #expect(!push.errorText.contains("the work tree differs"))
        #expect(
            try await repository.remoteHead("main")
                == (try await repository.run("git", ["rev-parse", "HEAD"])).outputText)
        #expect(try committedScript() == Data(withLine.utf8))
        #expect(try await status() == "")

        // A failing check stops the push through husky.
        try repository.write("Sources/Calc/Stop.swift", "// ERROR: not this\npublic func stop() {}\n")
        try await repository.commit("an ERROR")
        let stopped = try await repository.run("git", ["push", "origin", "main"])
        #expect(!stopped.succeeded)
        #expect(stopped.errorText.contains("Sources/Calc/Stop.swift:1:4: error: ERROR: not this"))

        // uninstall forgets this clone's binary and says the team's line is still there.
        let uninstall = try await repository.run(Self.prepush, ["uninstall"])
        #expect(uninstall.succeeded)
        #expect(uninstall.errorText.contains("no longer records a prepush binary"))
        #expect(uninstall.errorText.contains(".husky/pre-push still runs prepush"))
        #expect(!(try await repository.run("git", ["config", "--local", "preflight.prepush"])).succeeded)
        #expect(try committedScript() == Data(withLine.utf8))
        #expect(try await status() == "")
    }
}
