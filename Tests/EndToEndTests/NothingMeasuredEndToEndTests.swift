import Foundation
import ProcessKit
import Testing

/// The built `prepush` on real packages where something is not measured: a package without test
/// targets, targets no test links, a gate over no measured line, a test step that ran no test.
@Suite("nothing measured end to end", .serialized)
struct NothingMeasuredEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush

    @Test("A package without test targets passes the installed hook with a test row saying so; a gate on it fails")
    func noTestTargets() async throws {
        let repository = try await Repository.make(files: [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Tool", targets: [.target(name: "Core"), .executableTarget(name: "tool", dependencies: ["Core"])])
            """,
            "Sources/Core/Core.swift": "public func greeting() -> String { \"hello\" }\n",
            "Sources/tool/main.swift": "import Core\nprint(greeting())\n",
        ])
        try await repository.run(Self.prepush, ["install"]).checked()
        let push = try await repository.run("git", ["push", "origin", "main"])
        #expect(push.succeeded, "\(push.errorText)")
        let table = push.errorText.split(separator: "\n")
        #expect(table.contains { $0.hasPrefix("test ") && $0.contains("skipped") && $0.hasSuffix("no test targets") })
        #expect(table.contains { $0.hasPrefix("coverage ") && $0.contains("skipped") })
        #expect(!push.errorText.contains("no tests found"))

        let gated = try await repository.run(Self.prepush, ["--min-coverage", "50"])
        #expect(gated.termination == .exited(1), "\(gated.errorText)")
        #expect(gated.errorText.contains("the package has no test targets, so nothing is measured, yet minCoverage 50"))
        #expect(gated.errorText.contains("no test targets to measure"))
    }

    @Test(
        "An executable and a library no test links are in the table at 0 %; a gate over 0 lines and a run of 0 tests fail"
    )
    func unmeasured() async throws {
        let repository = try await Repository.make(files: [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Calc",
                targets: [
                    .target(name: "Calc"), .target(name: "Extra"),
                    .executableTarget(name: "calc-tool", dependencies: ["Calc"]),
                    .testTarget(name: "CalcTests", dependencies: ["Calc"]),
                ])
            """,
            "Sources/Calc/Calc.swift": "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n",
            "Sources/Extra/Extra.swift": "public func triple(_ a: Int) -> Int {\n    let b = a * 3\n    return b\n}\n",
            "Sources/calc-tool/main.swift": "import Calc\nlet sum = add(1, 2)\nif sum > 2 {\n    print(sum)\n}\n",
            "Tests/CalcTests/CalcTests.swift": """
            import Calc
            import XCTest
            final class CalcTests: XCTestCase {
                func testAdds() { XCTAssertEqual(add(1, 2), 3) }
            }
            """,
        ])
        let run = try await repository.run(Self.prepush, ["--coverage-files", "--no-todoscan", "--no-errorlint"])
        #expect(run.succeeded, "\(run.errorText)")
        let rows = run.errorText.split(separator: "\n").map(String.init)
        func row(_ name: String) -> [Substring]? {
            rows.first { $0.hasPrefix(name + " ") }?.split(separator: " ")
        }
        #expect(row("Calc")?.last == "100.00%")
        #expect(row("calc-tool")?.last == "0.00%", "\(run.errorText)")
        #expect(row("Extra")?.last == "0.00%")
        #expect(rows.contains { $0.contains("Sources/calc-tool/main.swift") })
        #expect(run.errorText.contains("1 test passed"))

        // Every file excluded: the gate has not one line to measure.
        let excluded = try await repository.run(
            Self.prepush,
            ["--min-coverage", "10", "--coverage-exclude", "Sources/**", "--no-todoscan", "--no-errorlint"])
        #expect(excluded.termination == .exited(1), "\(excluded.errorText)")
        #expect(
            excluded.errorText.contains(
                "coverage: no line of the package's own sources was measured, so minCoverage 10"))
        #expect(
            excluded.errorText.split(separator: "\n").contains {
                $0.hasPrefix("coverage ") && $0.contains("no line measured")
            })

        // XCTest's parallel runner prints no "Executed" line; its "[1/1] Testing" lines count.
        let parallel = try await repository.run(
            Self.prepush, ["--test-argument", "--parallel", "--no-todoscan", "--no-errorlint"])
        #expect(parallel.succeeded, "\(parallel.errorText)")
        #expect(parallel.errorText.contains("1 test passed"))

        // A filter that matches no test: swift test exits 0 having run nothing.
        let filtered = try await repository.run(
            Self.prepush,
            ["--test-argument", "--filter", "--test-argument", "NoSuchTest", "--no-todoscan", "--no-errorlint"])
        #expect(filtered.termination == .exited(1), "\(filtered.errorText)")
        #expect(filtered.errorText.contains("prepush: error: no test ran"))
        #expect(
            filtered.errorText.split(separator: "\n").contains { $0.hasPrefix("test ") && $0.contains("no test ran") })

        // Test targets that hold no test, pushed through the hook (each test target on its own).
        try repository.write("Tests/CalcTests/CalcTests.swift", "import Calc\nimport XCTest\n")
        try await repository.commit("no tests")
        try await repository.run(Self.prepush, ["install"]).checked()
        let empty = try await repository.run("git", ["push", "origin", "main"])
        #expect(!empty.succeeded, "\(empty.errorText)")
        #expect(empty.errorText.contains("prepush: error: no test ran"))
    }
}
