import Foundation
import ProcessKit
import Testing

/// A push pays for the tests it can break: the built `prepush` as the installed hook of a package
/// with two modules and a test target each (one XCTest, one Swift Testing), real `swift test` per
/// test target, real llvm-profdata and llvm-cov merging the recorded profiles.
@Suite("prepush affected tests end to end", .serialized)
struct AffectedTestsEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush

    static func makeRepository() async throws -> Repository {
        try await Repository.make(files: [
            // Off by default: the team turns it on for every clone.
            ".preflight.json": #"{ "prepush": { "affectedTests": true } }"# + "\n",
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
            "Sources/Geometry/Geometry.swift":
                "public func area(_ w: Int, _ h: Int) -> Int { w * h }\npublic func perimeter(_ w: Int, _ h: Int) -> Int { 2 * (w + h) }\n",
            "Sources/Pricing/Pricing.swift":
                "public func price(_ units: Int) -> Int { units * 3 }\npublic func discount(_ p: Int) -> Int {\n    p > 100 ? p - 10 : p\n}\n",
            "Tests/GeometryTests/GeometryTests.swift":
                "import Geometry\nimport XCTest\nfinal class GeometryTests: XCTestCase {\n    func testArea() { XCTAssertEqual(area(2, 3), 6) }\n}\n",
            "Tests/PricingTests/PricingTests.swift":
                "import Pricing\nimport Testing\n@Test func prices() { #expect(price(2) == 6) }\n",
        ])
    }

    /// The total coverage line's figure (`Total … 71.43 %`): the summary row of the table.
    static func total(_ text: String) -> String? {
        text.split(separator: "\n").first { $0.contains("coverage") && $0.contains("% of") }
            .flatMap { line in
                line.range(of: #"[0-9.]+ % of [0-9]+ lines"#, options: .regularExpression).map { String(line[$0]) }
            }
    }

    @Test(
        "Only the test targets a change can affect run, each on its own; the merged coverage equals a full run's; a failure in an affected target stops the push"
    )
    func selection() async throws {
        let repository = try await Self.makeRepository()
        try await repository.run(Self.prepush, ["install"]).checked()

        // The first push: no baseline, so both test targets run, each on its own.
        let first = try await repository.run("git", ["push", "-q", "origin", "main"])
        #expect(first.succeeded, "\(first.errorText)")
        #expect(
            first.errorText.contains("all 2 test targets run, each on its own: no cached baseline"),
            "\(first.errorText)")
        #expect(first.errorText.contains("--filter '^GeometryTests\\.'"))
        #expect(first.errorText.contains("--filter '^PricingTests\\.'"))

        // A change in Pricing: only PricingTests runs; Geometry's recorded profile stands in.
        try repository.write(
            "Sources/Pricing/Pricing.swift",
            "public func price(_ units: Int) -> Int { units * 3 }\npublic func discount(_ p: Int) -> Int {\n    p > 100 ? p - 10 : p\n}\npublic func free() -> Int { 0 }\n"
        )
        try await repository.commit("pricing")
        let selected = try await repository.run("git", ["push", "-q", "origin", "main"])
        #expect(selected.succeeded, "\(selected.errorText)")
        #expect(
            selected.errorText.contains(
                "running PricingTests (affected by the change); skipping GeometryTests (unaffected: passed at this content before)"
            ),
            "\(selected.errorText)")
        #expect(!selected.errorText.contains("--filter '^GeometryTests\\.'"))
        #expect(selected.errorText.contains("1 test passed in 1 of 2 test targets"))
        let selectedTotal = try #require(Self.total(selected.errorText), "\(selected.errorText)")

        // The same commit, every test in one run: the same total, to the hundredth.
        let full = try await repository.run(Self.prepush, ["--all-tests", "--no-cache"])
        #expect(full.succeeded, "\(full.errorText)")
        #expect(!full.errorText.contains("--filter"))
        #expect(Self.total(full.errorText) == selectedTotal, "\(full.errorText)")

        // A failing test in the affected module stops the push; Pricing is not run.
        try repository.write(
            "Sources/Geometry/Geometry.swift",
            "public func area(_ w: Int, _ h: Int) -> Int { w + h }\npublic func perimeter(_ w: Int, _ h: Int) -> Int { 2 * (w + h) }\n"
        )
        try await repository.commit("planted failure")
        let broken = try await repository.run("git", ["push", "-q", "origin", "main"])
        #expect(!broken.succeeded)
        #expect(broken.errorText.contains("running GeometryTests"), "\(broken.errorText)")
        #expect(broken.errorText.contains("test failed"))
        try await repository.run("git", ["reset", "-q", "--hard", "HEAD~1"]).checked()

        // Diff coverage under selection: an added line no test runs fails the gate, as in a full run.
        try repository.write(
            "Sources/Pricing/Pricing.swift",
            "public func price(_ units: Int) -> Int { units * 3 }\npublic func discount(_ p: Int) -> Int {\n    p > 100 ? p - 10 : p\n}\npublic func free() -> Int { 0 }\npublic func gift() -> Int { 1 }\n"
        )
        try await repository.commit("gift")
        let gate = try await repository.run(
            "git", ["push", "-q", "origin", "main"], environment: [:])
        #expect(gate.succeeded, "\(gate.errorText)")
        let diff = try await repository.run(
            Self.prepush, ["--affected-tests", "--no-cache", "--min-diff-coverage", "90", "--diff-base", "HEAD~1"])
        #expect(diff.termination == .exited(1), "\(diff.errorText)")
        #expect(diff.errorText.contains("Sources/Pricing/Pricing.swift:6"), "\(diff.errorText)")
        let diffFull = try await repository.run(
            Self.prepush, ["--all-tests", "--no-cache", "--min-diff-coverage", "90", "--diff-base", "HEAD~1"])
        #expect(diffFull.termination == .exited(1))
    }
}
