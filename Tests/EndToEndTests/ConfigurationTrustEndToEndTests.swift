import Foundation
import ProcessKit
import Testing

/// Which configuration a check reads: the pushed tree's own `.preflight.json` and the flags, the
/// same in place and in prepush's worktree. A file the tree does not hold — one in a folder above
/// the repository (anyone who can write there could inject steps), or one git ignores — never
/// steers a check. The built `prepush` as the installed hook, real git and real `swift`.
@Suite("Configuration a check trusts end to end", .serialized)
struct ConfigurationTrustEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush
    static let errorTag = "// ERROR" + ": remove before release\n"

    /// A `.preflight.json` in the folder above the repository that adds a step leaving a marker
    /// and turns todoscan off.
    static func plantAbove(_ repository: Repository) throws -> String {
        let marker = repository.root + "/injected-step-ran"
        let file = """
            {"prepush": {"todoscan": false, "errorlint": false,
              "steps": [{"name": "injected", "run": ["touch", "\(marker)"]}]}}
            """
        try file.write(toFile: repository.root + "/.preflight.json", atomically: true, encoding: .utf8)
        return marker
    }

    @Test(
        "A .preflight.json above the repository: its steps never run and its settings never apply, in place, in the worktree and by hand"
    )
    func fileAboveTheRepository() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        let marker = try Self.plantAbove(repository)
        try await repository.run(Self.prepush, ["install"]).checked()
        try repository.write(
            "Sources/Calc/Calc.swift", "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n" + Self.errorTag)
        try await repository.commit("error tag")

        // In place: the ERROR stops the push, as the tree's (absent) configuration says.
        let inPlace = try await repository.run("git", ["push", "-q", "origin", "main"])
        #expect(!inPlace.succeeded, "\(inPlace.errorText)")
        #expect(inPlace.errorText.contains("ERROR: remove before release"))
        #expect(!inPlace.errorText.contains("injected"))
        #expect(!FileManager.default.fileExists(atPath: marker))

        // In the worktree (an uncommitted edit elsewhere): the same verdict.
        try repository.write("Notes.txt", "not committed\n")
        let worktree = try await repository.run("git", ["push", "-q", "origin", "main"])
        #expect(!worktree.succeeded, "\(worktree.errorText)")
        #expect(worktree.errorText.contains("prepush-worktree") || worktree.errorText.contains("work tree"))
        #expect(worktree.errorText.contains("ERROR: remove before release"))
        #expect(!FileManager.default.fileExists(atPath: marker))

        // By hand: the file above is not read either.
        let byHand = try await repository.run(Self.prepush, ["--no-cache"])
        #expect(!byHand.succeeded, "\(byHand.errorText)")
        #expect(!FileManager.default.fileExists(atPath: marker))
        let printed = try await repository.run(Self.prepush, ["--print-config", "--json"])
        #expect(!printed.outputText.contains("injected"), "\(printed.outputText)")
    }

    @Test(
        "An ignored .preflight.json that turns todoscan off: the push is checked with the tree's settings, and the ERROR stops it; a tracked one is obeyed"
    )
    func ignoredFile() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        try repository.write(".gitignore", ".build/\n.preflight.json\n")
        try repository.write(
            "Sources/Calc/Calc.swift", "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n" + Self.errorTag)
        try await repository.commit("error tag, configuration ignored")
        try repository.write(".preflight.json", #"{"prepush": {"todoscan": false, "errorlint": false}}"# + "\n")
        try await repository.run(Self.prepush, ["install"]).checked()

        let ignored = try await repository.run("git", ["push", "-q", "origin", "main"])
        #expect(!ignored.succeeded, "\(ignored.errorText)")
        #expect(ignored.errorText.contains("ERROR: remove before release"), "\(ignored.errorText)")

        // The same settings, tracked: part of what is pushed, so obeyed.
        try repository.write(".gitignore", ".build/\n")
        try await repository.commit("configuration tracked")
        let tracked = try await repository.run("git", ["push", "-q", "origin", "main"])
        #expect(tracked.succeeded, "\(tracked.errorText)")
        #expect(!tracked.errorText.contains("==> todoscan"))
    }

    @Test(
        "A manifest that reads FIX_STRICT: the tree verified without it is checked again with it set (and stopped), still verified without it"
    )
    func environmentAManifestReads() async throws {
        let repository = try await Repository.make(files: [
            "Package.swift": """
            // swift-tools-version: 6.0
            import Foundation
            import PackageDescription
            let strict = ProcessInfo.processInfo.environment["FIX_STRICT"] != nil
            let package = Package(
                name: "Calc",
                targets: [
                    .target(name: "Calc", swiftSettings: strict ? [.define("STRICT")] : []),
                    .testTarget(name: "CalcTests", dependencies: ["Calc"]),
                ])
            """,
            "Sources/Calc/Calc.swift": """
            public func add(_ a: Int, _ b: Int) -> Int { a + b }
            #if STRICT
            #error("strict builds refuse this package")
            #endif

            """,
            "Tests/CalcTests/CalcTests.swift":
                "import Calc\nimport Testing\n@Test func adds() { #expect(add(1, 2) == 3) }\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        let plain = try await repository.run(Self.prepush, [])
        #expect(plain.succeeded, "\(plain.errorText)")
        let again = try await repository.run(Self.prepush, [])
        #expect(again.errorText.contains("already verified"), "\(again.errorText)")

        // With FIX_STRICT set the manifest defines STRICT: not the build that was verified.
        let strict = try await repository.run(Self.prepush, [], environment: ["FIX_STRICT": "1"])
        #expect(!strict.succeeded, "\(strict.errorText)")
        #expect(!strict.errorText.contains("already verified"))
        #expect(strict.errorText.contains("strict builds refuse this package"), "\(strict.errorText)")
        // The pass without it still counts without it.
        let plainAgain = try await repository.run(Self.prepush, [])
        #expect(plainAgain.errorText.contains("already verified"), "\(plainAgain.errorText)")
    }
}
