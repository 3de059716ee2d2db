import Foundation
import ProcessKit
import Testing

/// `prepush --dry-run` explains each unit (issue 38, item 4): its steps in order with their
/// commands, `affected test targets: …` and which run and why, and what this machine cannot run;
/// built `prepush`, real git, a package of two modules with a test target each, and real `swift
/// package describe` (nothing is built by the dry runs themselves).
@Suite("prepush --dry-run explains", .serialized)
struct DryRunEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush

    static func makeRepository() async throws -> Repository {
        try await Repository.make(files: [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Shapes",
                targets: [
                    .target(name: "Geometry"), .target(name: "Pricing"),
                    .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
                    .testTarget(name: "PricingTests", dependencies: ["Pricing"]),
                ])
            """,
            "Sources/Geometry/Geometry.swift": "public func area(_ w: Int, _ h: Int) -> Int { w * h }\n",
            "Sources/Pricing/Pricing.swift": "public func price(_ units: Int) -> Int { units * 3 }\n",
            "Tests/GeometryTests/GeometryTests.swift":
                "import Geometry\nimport XCTest\nfinal class GeometryTests: XCTestCase {\n    func testArea() { XCTAssertEqual(area(2, 3), 6) }\n}\n",
            "Tests/PricingTests/PricingTests.swift":
                "import Pricing\nimport Testing\n@Test func prices() { #expect(price(2) == 6) }\n",
        ])
    }

    /// `prepush hook origin REMOTE --dry-run` as git's hook would run it for a push of `main` from
    /// `old` to `new`.
    static func hookDryRun(_ repository: Repository, from old: String, to new: String) async throws -> ProcessResult {
        var command = Command(
            prepush, ["hook", "origin", repository.remote, "--dry-run"], workingDirectory: repository.work)
        command.environment = .inherit.removing("GIT_DIR", "GIT_WORK_TREE", "PREPUSH_SKIP", "CI", "GITHUB_STEP_SUMMARY")
            .setting(["PREPUSH_WARM_WORKTREE": "0"])
        command.standardInput = .string("refs/heads/main \(new) refs/heads/main \(old)\n")
        command.timeout = .seconds(600)
        return try await command.run()
    }

    static func head(_ repository: Repository) async throws -> String {
        try await repository.run("git", ["rev-parse", "HEAD"]).checked().outputText
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(
        "After a change to Pricing: the steps with their commands, 'affected test targets: PricingTests', which run and why; after a pass is recorded the unaffected target is skipped with its reason; nothing is built by a dry run"
    )
    func explainsAChange() async throws {
        let repository = try await Self.makeRepository()
        try await repository.run("git", ["push", "-q", "origin", "main"]).checked()
        let old = try await Self.head(repository)
        try repository.write("Sources/Pricing/Pricing.swift", "public func price(_ units: Int) -> Int { units * 4 }\n")
        try repository.write(
            "Tests/PricingTests/PricingTests.swift",
            "import Pricing\nimport Testing\n@Test func prices() { #expect(price(2) == 8) }\n")
        try await repository.commit("Pricing: 4 a unit")
        let new = try await Self.head(repository)

        let first = try await Self.hookDryRun(repository, from: old, to: new)
        #expect(first.termination == .exited(0), "\(first.errorText)")
        let text = first.outputText + first.errorText
        #expect(
            text.contains("would check commit \(new.prefix(12)) (refs/heads/main) in place:\n  package .\n"), "\(text)")
        // The steps in order, each with the command the run builds.
        let steps = [
            "      1. todoscan: in prepush: todoscan of .",
            "      3. build: swift build --build-tests --enable-code-coverage -c debug\n",
            "      4. test:\n           swift test --skip-build --enable-code-coverage -c debug --filter '^GeometryTests\\.'\n"
                + "           swift test --skip-build --enable-code-coverage -c debug --filter '^PricingTests\\.'\n",
            "      5. coverage:\n           llvm-profdata merge -sparse",
        ]
        for step in steps { #expect(text.contains(step), "\(step)\n\(text)") }
        #expect(text.contains("      2. errorlint: "), "\(text)")
        // Only Pricing changed: its test target is the affected one; with no pass recorded, both run.
        #expect(text.contains("    affected test targets: PricingTests\n"), "\(text)")
        #expect(
            text.contains(
                "      (the test targets whose code, dependencies or shared files differ from \(old.prefix(12)) "
                    + "(what the remote has))"), "\(text)")
        #expect(text.contains("    tests: 2 of 2 test targets run, each on its own\n"), "\(text)")
        #expect(
            text.contains(
                "      runs GeometryTests: no pass recorded at its content: no baseline for this package yet"),
            "\(text)")
        #expect(
            text.contains("      runs PricingTests: the change reaches it, and no pass is recorded at its new content"),
            "\(text)")
        // A dry run builds nothing.
        #expect(!FileManager.default.fileExists(atPath: repository.work + "/.build/debug"), "a dry run built")

        // By hand the same change runs every test, in one swift test, and says why.
        let byHand = try await repository.run(Self.prepush, ["--dry-run"])
        #expect(byHand.termination == .exited(0), "\(byHand.errorText)")
        let handText = byHand.outputText + byHand.errorText
        #expect(handText.contains("    affected test targets: PricingTests\n"), "\(handText)")
        #expect(
            handText.contains("      4. test: swift test --skip-build --enable-code-coverage -c debug\n"), "\(handText)"
        )
        #expect(
            handText.contains(
                "    tests: every test in one swift test: a check by hand runs them all (--affected-tests"),
            "\(handText)")

        // A real push records each target's pass; a second change to Pricing then leaves GeometryTests
        // out, its coverage from the recorded run.
        try await repository.run(Self.prepush, ["install"]).checked()
        let pushed = try await repository.run("git", ["push", "-q", "origin", "main"])
        #expect(pushed.succeeded, "\(pushed.errorText)")
        try repository.write(
            "Sources/Pricing/Pricing.swift",
            "public func price(_ units: Int) -> Int { units * 4 }\npublic func free() -> Int { 0 }\n")
        try await repository.commit("Pricing: free")
        let second = try await Self.hookDryRun(repository, from: new, to: try await Self.head(repository))
        #expect(second.termination == .exited(0), "\(second.errorText)")
        let secondText = second.outputText + second.errorText
        #expect(secondText.contains("    affected test targets: PricingTests\n"), "\(secondText)")
        #expect(secondText.contains("    tests: 1 of 2 test targets run, each on its own\n"), "\(secondText)")
        #expect(
            secondText.contains(
                "      skips GeometryTests: passed at this content before (1 tests, on this machine); its coverage "
                    + "comes from that recorded run"), "\(secondText)")
        #expect(secondText.contains("--filter '^PricingTests\\.'"), "\(secondText)")
        #expect(!secondText.contains("--filter '^GeometryTests\\.'"), "\(secondText)")
    }

    @Test(
        "A package whose sources import os, on a machine without it: the dry run says it is not built here and what a Mac runs, and lists its scanners"
    )
    func explainsWhatThisMachineCannotRun() async throws {
        let repository = try await Repository.make(files: [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Log", platforms: [.macOS(.v14), .iOS(.v17)],
                targets: [.target(name: "Log"), .testTarget(name: "LogTests", dependencies: ["Log"])])
            """,
            "Sources/Log/Log.swift": "import os\npublic let logger = Logger()\n",
            "Tests/LogTests/LogTests.swift": "import Log\nimport Testing\n@Test func logs() {}\n",
        ])
        let run = try await repository.run(Self.prepush, ["--dry-run"])
        #expect(run.termination == .exited(0), "\(run.errorText)")
        let text = run.outputText + run.errorText
        #if canImport(Darwin)
        #expect(text.contains("      3. build: swift build --build-tests"), "\(text)")
        #else
        #expect(
            text.contains(
                "    not here: . is not built or tested here: its sources import os (Sources/Log/Log.swift), which "
                    + "Swift on this machine does not have (its scanners still run); on a Mac prepush runs swift build "
                    + "--build-tests and swift test"), "\(text)")
        #expect(text.contains("      1. todoscan: in prepush"), "\(text)")
        #expect(text.contains("      3. build: skipped: . is not built or tested here"), "\(text)")
        #expect(!text.contains("affected test targets"), "\(text)")
        #endif
    }
}
