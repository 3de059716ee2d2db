import Foundation
import ProcessKit
import TestSupport
import Testing

/// `--retry-failed-tests` with the built `prepush` and the real toolchain: an XCTest and a Swift
/// Testing test that fail once and then pass (their state in files of a folder outside the
/// repository, named by an environment variable, so the work tree never changes during the check)
/// pass with one retry, are named as flaky in the output, the JUnit report and the run record,
/// leave the coverage of passing runs only, and are never recorded as verified: the next push of
/// the same tree is checked again.
@Suite("Flaky tests end to end", .serialized)
struct FlakyTestsEndToEndTests {
    static let prepush = ToolCommandTests.productsDirectory + "/prepush"

    static func makeRepository() async throws -> PrePushEndToEndTests.Repository {
        try await PrePushEndToEndTests.Repository.make(files: [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Calc", targets: [.target(name: "Calc"), .testTarget(name: "CalcTests", dependencies: ["Calc"])])
            """,
            // `failing()` runs only in a failing attempt: a coverage of passing runs leaves it out.
            "Sources/Calc/Calc.swift": """
            public func add(_ a: Int, _ b: Int) -> Int { a + b }
            public func failing() -> Int {
                let value = 41
                return value + 1
            }
            """,
            "Tests/CalcTests/Once.swift": """
            import Foundation
            import Calc

            /// False the first time it is asked for `name` (when FLAKY_STATE names a folder), true after.
            func passesNow(_ name: String) -> Bool {
                guard let folder = ProcessInfo.processInfo.environment["FLAKY_STATE"] else { return true }
                let path = folder + "/" + name
                if FileManager.default.fileExists(atPath: path) { return true }
                FileManager.default.createFile(atPath: path, contents: Data())
                _ = failing()
                return false
            }
            """,
            "Tests/CalcTests/ClassicTests.swift": """
            import Calc
            import XCTest

            final class ClassicTests: XCTestCase {
                func testSteady() { XCTAssertEqual(add(1, 2), 3) }
                func testOnce() { XCTAssertTrue(passesNow("xctest"), "first attempt") }
            }
            """,
            "Tests/CalcTests/ModernTests.swift": """
            import Calc
            import Testing

            @Test func steady() { #expect(add(2, 2) == 4) }
            @Test func once() { #expect(passesNow("swift-testing"), "first attempt") }
            """,
        ])
    }

    /// The `Total` row's covered and coverable lines.
    static func total(_ output: String) -> String? {
        output.split(separator: "\n").last { $0.hasPrefix("Total ") }.map(String.init)
    }

    @Test(
        "Fails once, passes on one retry: flaky in the output, JUnit and run record; coverage of passing runs; never verified"
    )
    func retriedOnce() async throws {
        let repository = try await Self.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        let state = repository.root + "/state"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let junit = repository.root + "/junit.xml"
        let record = repository.root + "/run.json"

        // Without FLAKY_STATE every test passes: the coverage of a clean run.
        let clean = try await repository.run(Self.prepush, ["--no-cache"])
        #expect(clean.succeeded, "\(clean.errorText)")
        let cleanTotal = try #require(Self.total(clean.errorText), "\(clean.errorText)")

        // Without retries the first attempt fails the check.
        let noRetry = try await repository.run(Self.prepush, ["--no-cache"], environment: ["FLAKY_STATE": state])
        #expect(noRetry.termination == .exited(1), "\(noRetry.errorText)")
        for name in ["xctest", "swift-testing"] { try? FileManager.default.removeItem(atPath: state + "/" + name) }

        let retried = try await repository.run(
            Self.prepush,
            ["--retry-failed-tests", "1", "--test-report", "junit=" + junit, "--report", "json=" + record],
            environment: ["FLAKY_STATE": state])
        #expect(retried.succeeded, "\(retried.errorText)")
        let output = retried.errorText
        #expect(output.contains("(retry 1 of 1)"), "\(output)")
        #expect(
            output.contains("flaky tests (failed, then passed on a retry): ClassicTests/testOnce, CalcTests/once()"),
            "\(output)")
        #expect(output.contains("flaky, passed on a retry (not recorded as verified)"), "\(output)")
        // The coverage comes from passing runs only: what the failing attempts ran is not in it.
        #expect(Self.total(output) == cleanTotal, "\(output)")

        let runRecord = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: record)))
        let steps = ((runRecord as? [String: Any])?["checks"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]]
        let test = steps?.first { $0["name"] as? String == "test" }
        #expect(
            test?["flakyTests"] as? [String] == ["ClassicTests/testOnce", "CalcTests/once()"],
            "\(String(describing: test))")

        let parsed = try JUnitParser.read(junit)
        let cases = JUnitParser.cases(parsed)
        let flaky = cases.filter { !($0["flaky"] as? [String] ?? []).isEmpty }.compactMap { $0["name"] as? String }
        #expect(flaky.sorted() == ["once()", "testOnce"], "\(cases)")
        #expect(cases.allSatisfy { $0["result"] as? String == "passed" }, "\(cases)")
        #expect(cases.count == 4)

        // The same tree again: checked, not "already verified" (the tests pass now).
        let again = try await repository.run(Self.prepush, [], environment: ["FLAKY_STATE": state])
        #expect(again.succeeded, "\(again.errorText)")
        #expect(!again.errorText.contains("already verified"), "\(again.errorText)")
        #expect(again.errorText.contains("2 tests passed") || again.errorText.contains("4 tests passed"))
        // That clean pass is recorded: the next run finds it verified.
        let third = try await repository.run(Self.prepush, [], environment: ["FLAKY_STATE": state])
        #expect(third.errorText.contains("already verified"), "\(third.errorText)")
    }

    @Test(
        "In hook runs (each test target on its own): the push passes with one retry, and the next push is checked again; flakyTests fail stops it"
    )
    func hookRuns() async throws {
        let repository = try await Self.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        let state = repository.root + "/state"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try repository.write(".preflight.json", #"{"prepush": {"retryFailedTests": 1}}"#)
        try await repository.commit("retry flaky tests")
        try await repository.run(Self.prepush, ["install"]).checked()

        let first = try await repository.run("git", ["push", "origin", "main"], environment: ["FLAKY_STATE": state])
        #expect(first.succeeded, "\(first.errorText)")
        #expect(first.errorText.contains("flaky, passed on a retry"), "\(first.errorText)")
        #expect(first.errorText.contains("CalcTests.ClassicTests/testOnce"), "\(first.errorText)")

        let second = try await repository.run(
            "git", ["push", "origin", "main:copy"], environment: ["FLAKY_STATE": state])
        #expect(second.succeeded, "\(second.errorText)")
        #expect(!second.errorText.contains("already verified"), "\(second.errorText)")
        #expect(!second.errorText.contains("unaffected: passed at this content before"), "\(second.errorText)")

        // "flakyTests": "fail": the same flaky pass stops the push.
        for name in ["xctest", "swift-testing"] { try? FileManager.default.removeItem(atPath: state + "/" + name) }
        try repository.write(".preflight.json", #"{"prepush": {"retryFailedTests": 1, "flakyTests": "fail"}}"#)
        try await repository.commit("flaky tests fail")
        let stopped = try await repository.run("git", ["push", "origin", "main"], environment: ["FLAKY_STATE": state])
        #expect(!stopped.succeeded, "\(stopped.errorText)")
        #expect(stopped.errorText.contains("\"flakyTests\": \"fail\" makes that a failure"), "\(stopped.errorText)")
    }
}
