import Foundation
import ProcessKit
import Testing

/// A package that depends on a local package inside a git submodule (`.package(path:
/// "Vendor/LibX")`), pushed with a dirty work tree: the check moves to prepush's worktree, where
/// the submodule is filled from the user's own clone of it (no network: the submodule's URL is
/// made unreachable before the push) and the push passes. A second push moves the submodule to
/// a new commit; a clone that never initialised the submodule gets a note saying so.
@Suite("Submodules end to end", .serialized)
struct SubmoduleEndToEndTests {
    private typealias Repository = PrePushEndToEndTests.Repository

    @Test("A path dependency in a submodule: the worktree check fills it from the local clone, twice")
    func pathDependencyInSubmodule() async throws {
        let repository = try await Repository.make(files: [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "App", dependencies: [.package(path: "Vendor/LibX")],
                targets: [
                    .target(name: "App", dependencies: [.product(name: "LibX", package: "LibX")]),
                    .testTarget(name: "AppTests", dependencies: ["App"]),
                ])
            """,
            "Sources/App/App.swift": "import LibX\npublic func answer() -> Int { libx() }\n",
            "Tests/AppTests/AppTests.swift":
                "import App\nimport Testing\n@Test func answers() { #expect(answer() == 42) }\n",
            ".preflight.json": #"{ "prepush": { "errorlint": false } }"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        // The library, in a repository of its own, added as a submodule.
        let library = repository.root + "/libx"
        try FileManager.default.createDirectory(atPath: library + "/Sources/LibX", withIntermediateDirectories: true)
        try """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(
            name: "LibX", products: [.library(name: "LibX", targets: ["LibX"])], targets: [.target(name: "LibX")])
        """.write(toFile: library + "/Package.swift", atomically: true, encoding: .utf8)
        try "public func libx() -> Int { 42 }\n".write(
            toFile: library + "/Sources/LibX/LibX.swift", atomically: true, encoding: .utf8)
        try await repository.run("git", ["init", "-q", "-b", "main"], in: library).checked()
        try await repository.run("git", ["add", "-A"], in: library).checked()
        try await repository.run("git", ["commit", "-q", "-m", "libx"], in: library).checked()
        try await repository.run(
            "git", ["-c", "protocol.file.allow=always", "submodule", "add", "-q", library, "Vendor/LibX"]
        ).checked()
        try await repository.commit("LibX as a submodule")
        // The submodule's URL goes nowhere from now on: whatever fills it must be local.
        try FileManager.default.moveItem(atPath: library, toPath: library + "-gone")
        try await repository.run(PrePushEndToEndTests.prepush, ["install"]).checked()
        // Dirty: the work tree is not what is pushed, so the commit is checked in the worktree.
        try repository.write("NOTES.txt", "not committed\n")
        let configBefore = try await repository.run("git", ["config", "--local", "--list"]).outputText

        let push = try await repository.run("git", ["push", "origin", "main"])
        #expect(push.succeeded, "\(push.errorText)")
        #expect(push.errorText.contains("in its own worktree"), "\(push.errorText)")
        #expect(push.errorText.contains("1 test passed"), "\(push.errorText)")
        #expect(!push.errorText.contains("Vendor/LibX/Package.swift"), "\(push.errorText)")
        #expect(try await repository.run("git", ["config", "--local", "--list"]).outputText == configBefore)
        let status = try await repository.run("git", ["status", "--porcelain"]).outputText
        #expect(status == "?? NOTES.txt\n", "\(status)")

        // The submodule moves on (committed in the user's clone of it), and the worktree with it.
        let submodule = repository.work + "/Vendor/LibX"
        try "public func libx() -> Int { 43 }\n".write(
            toFile: submodule + "/Sources/LibX/LibX.swift", atomically: true, encoding: .utf8)
        try await repository.run("git", ["commit", "-q", "-am", "43"], in: submodule).checked()
        try repository.write(
            "Tests/AppTests/AppTests.swift",
            "import App\nimport Testing\n@Test func answers() { #expect(answer() == 43) }\n")
        try await repository.commit("LibX answers 43")
        try repository.write("NOTES.txt", "still not committed\n")
        let second = try await repository.run("git", ["push", "origin", "main"])
        #expect(second.succeeded, "\(second.errorText)")
        #expect(second.errorText.contains("1 test passed"), "\(second.errorText)")

        // A clone that never initialised the submodule: the worktree leaves it empty, as the work
        // tree has it, and says so.
        let clone = repository.root + "/clone"
        try await repository.run("git", ["clone", "-q", "-b", "main", repository.remote, clone], in: repository.root)
            .checked()
        try "dirty\n".write(toFile: clone + "/NOTES.txt", atomically: true, encoding: .utf8)
        let uninitialised = try await repository.run(
            PrePushEndToEndTests.prepush, ["--isolated", "--no-cache"], in: clone)
        #expect(
            uninitialised.errorText.contains(
                "prepush: submodule Vendor/LibX is not initialised in this clone, so the worktree leaves it empty"),
            "\(uninitialised.errorText)")
        #expect(uninitialised.termination == .exited(1), "\(uninitialised.errorText)")
    }
}
