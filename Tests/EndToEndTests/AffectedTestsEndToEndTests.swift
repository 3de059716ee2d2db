import Foundation
import ProcessKit
import TestSupport
import Testing

/// A push pays for the tests it can break: the built `prepush` as the installed hook of a package
/// with three modules (Checkout depends on the other two) and a test target each (XCTest and Swift
/// Testing), real `swift test` per
/// test target, real llvm-profdata and llvm-cov merging the recorded profiles. No configuration:
/// selection is on by default in hook runs.
@Suite("prepush affected tests end to end", .serialized)
struct AffectedTestsEndToEndTests {
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
                    .target(name: "Checkout", dependencies: ["Geometry", "Pricing"]),
                    .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
                    .testTarget(name: "PricingTests", dependencies: ["Pricing"]),
                    .testTarget(name: "CheckoutTests", dependencies: ["Checkout"]),
                ])
            """,
            "Sources/Geometry/Geometry.swift":
                "public func area(_ w: Int, _ h: Int) -> Int { w * h }\npublic func perimeter(_ w: Int, _ h: Int) -> Int { 2 * (w + h) }\n",
            "Sources/Pricing/Pricing.swift":
                "public func price(_ units: Int) -> Int { units * 3 }\npublic func discount(_ p: Int) -> Int {\n    p > 100 ? p - 10 : p\n}\n",
            "Sources/Checkout/Checkout.swift":
                "import Geometry\nimport Pricing\npublic func quote(_ w: Int, _ h: Int) -> Int { price(area(w, h)) }\n",
            "Tests/CheckoutTests/CheckoutTests.swift":
                "import Checkout\nimport Testing\n@Test func quotes() { #expect(quote(2, 3) == 18) }\n",
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

    /// Writes `content` to `path`, commits it and pushes through the hook, which must pass and say
    /// `line` followed by `(unaffected: passed at this content before)`.
    static func push(
        _ repository: Repository, _ path: String, _ content: String, saying line: String
    ) async throws -> ProcessResult {
        try repository.write(path, content)
        try await repository.commit("change " + path)
        let pushed = try await repository.run("git", ["push", "-q", "origin", "main"])
        #expect(pushed.succeeded, "\(pushed.errorText)")
        #expect(
            pushed.errorText.contains(line + " (unaffected: passed at this content before)"), "\(pushed.errorText)")
        return pushed
    }

    @Test(
        "Only the test targets a change can affect run, each on its own; the merged coverage equals a full run's; a failure in an affected target stops the push"
    )
    func selection() async throws {
        let repository = try await Self.makeRepository()
        try await repository.run(Self.prepush, ["install"]).checked()

        // The first push: no baseline, so every test target runs, each on its own.
        let first = try await repository.run("git", ["push", "-q", "origin", "main"])
        #expect(first.succeeded, "\(first.errorText)")
        #expect(
            first.errorText.contains("all 3 test targets run, each on its own: no cached baseline"),
            "\(first.errorText)")
        #expect(first.errorText.contains("--filter '^GeometryTests\\.'"))
        #expect(first.errorText.contains("--filter '^PricingTests\\.'"))
        #expect(first.errorText.contains("--filter '^CheckoutTests\\.'"))
        // Where the tests are one executable (Linux) it runs directly, once per testing library;
        // where they are a bundle (macOS) each target is a `swift test --filter` of its own.
        let product = TestProduct(package: "Shapes", in: repository.work + "/.build/debug")
        if product.runsDirectly {
            #expect(first.errorText.contains("==> test GeometryTests (XCTest): "), "\(first.errorText)")
            #expect(first.errorText.contains("GeometryTests.GeometryTests\n"), "\(first.errorText)")
            #expect(first.errorText.contains("==> test PricingTests (Swift Testing): "))
            #expect(!first.errorText.contains("==> test PricingTests (XCTest)"))
        } else {
            #expect(product.isBundle, "no test product at \(product.path)")
            #expect(first.errorText.contains("==> test GeometryTests: swift test "), "\(first.errorText)")
            #expect(!first.errorText.contains("(XCTest)"), "\(first.errorText)")
        }

        // A change in Pricing: PricingTests and CheckoutTests (whose closure holds Pricing) run;
        // Geometry's recorded profile stands in for GeometryTests.
        let selected = try await Self.push(
            repository, "Sources/Pricing/Pricing.swift",
            "public func price(_ units: Int) -> Int { units * 3 }\npublic func discount(_ p: Int) -> Int {\n    p > 100 ? p - 10 : p\n}\npublic func free() -> Int { 0 }\n",
            saying: "running CheckoutTests, PricingTests (affected by the change); skipping GeometryTests")
        #expect(!selected.errorText.contains("--filter '^GeometryTests\\.'"))
        #expect(selected.errorText.contains("2 tests passed in 2 of 3 test targets"), "\(selected.errorText)")

        // A change at the top (Checkout): its own test target alone.
        let top = try await Self.push(
            repository, "Sources/Checkout/Checkout.swift",
            "import Geometry\nimport Pricing\npublic func quote(_ w: Int, _ h: Int) -> Int { price(area(w, h)) }\npublic func none() -> Int { 0 }\n",
            saying: "running CheckoutTests (affected by the change); skipping GeometryTests, PricingTests")
        let selectedTotal = try #require(Self.total(top.errorText), "\(top.errorText)")

        // The same commit, every test in one run: the same total, to the hundredth. A check by hand
        // runs every test unless asked; --print-config says when selection is on.
        let full = try await repository.run(Self.prepush, ["--no-cache"])
        #expect(full.succeeded, "\(full.errorText)")
        #expect(!full.errorText.contains("--filter"))
        #expect(!full.errorText.contains("running PricingTests"))
        #expect(Self.total(full.errorText) == selectedTotal, "\(full.errorText)")
        let config = try await repository.run(Self.prepush, ["--print-config", "--json"])
        #expect(config.outputText.contains(#""affectedTests" : "hook""#), "\(config.outputText)")

        // A failing test in the affected module stops the push; PricingTests is not run.
        try repository.write(
            "Sources/Geometry/Geometry.swift",
            "public func area(_ w: Int, _ h: Int) -> Int { w + h }\npublic func perimeter(_ w: Int, _ h: Int) -> Int { 2 * (w + h) }\n"
        )
        try await repository.commit("planted failure")
        let broken = try await repository.run("git", ["push", "-q", "origin", "main"])
        #expect(!broken.succeeded)
        #expect(broken.errorText.contains("running CheckoutTests, GeometryTests"), "\(broken.errorText)")
        #expect(!broken.errorText.contains("--filter '^PricingTests\\.'"))
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

        // `"affectedTests": false` turns it off in hook runs too.
        try repository.write(".preflight.json", #"{ "prepush": { "affectedTests": false } }"# + "\n")
        try repository.write(
            "Sources/Pricing/Pricing.swift",
            "public func price(_ units: Int) -> Int { units * 3 }\npublic func discount(_ p: Int) -> Int {\n    p > 100 ? p - 10 : p\n}\npublic func free() -> Int { 0 }\n"
        )
        try await repository.commit("every test again")
        let off = try await repository.run("git", ["push", "-q", "origin", "main"])
        #expect(off.succeeded, "\(off.errorText)")
        #expect(!off.errorText.contains("--filter"), "\(off.errorText)")
    }
}
