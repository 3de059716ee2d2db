import Foundation
import ProcessKit
import TestSupport
import Testing

/// `--test-argument --parallel` with the built `prepush` and the real toolchain: SwiftPM then runs
/// each XCTest test in its own process and prints none of XCTest's per-test lines for the tests
/// that passed, so prepush reads SwiftPM's xUnit file (and has it print every test's lines with
/// -v). The JUnit report holds every test once, the XCTest ones named `Module.Class`, with their
/// failures' `file:line` and skips (read back by junitparser, validated by xmllint), both ways the
/// tests run; and a flaky XCTest test is retried by name and marked flaky.
@Suite("Parallel tests end to end", .serialized)
struct ParallelTestsEndToEndTests {
    static let prepush = ToolCommandTests.productsDirectory + "/prepush"

    @Test(
        "--parallel: the JUnit report holds each XCTest and Swift Testing test once, with file:line, skips and arguments; per target too"
    )
    func junitInParallel() async throws {
        let repository = try await TestReportEndToEndTests.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        let path = repository.root + "/reports/junit.xml"
        let summary = repository.root + "/summary.md"

        let whole = try await TestReportEndToEndTests.reportOfRun(
            repository, ["--no-cache", "--test-argument", "--parallel", "--summary", summary], path: path)
        #expect(whole.run.termination == .exited(1), "\(whole.run.errorText)")
        // The job summary names the failing XCTest test with its file:line.
        let markdown = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(
            markdown.contains("- `CalcTests.ClassicTests/testWrong`: Tests/CalcTests/ClassicTests.swift:6: "),
            "\(markdown)")
        #expect(markdown.contains("- `CalcTests.Adding/positive(value:)`: "), "\(markdown)")
        #expect(whole.run.errorText.contains(" -v --xunit-output "), "\(whole.run.errorText)")
        #expect(whole.run.errorText.contains("[3/3] Testing CalcTests.ClassicTests/"), "\(whole.run.errorText)")
        TestReportEndToEndTests.expectCases(whole.cases, classPrefix: "CalcTests.")

        let each = try await TestReportEndToEndTests.reportOfRun(
            repository, ["--no-cache", "--affected-tests", "--test-argument", "--parallel"], path: path)
        #expect(each.run.termination == .exited(1), "\(each.run.errorText)")
        #expect(each.run.errorText.contains(#"--filter '^CalcTests\.'"#), "\(each.run.errorText)")
        TestReportEndToEndTests.expectCases(each.cases, classPrefix: "CalcTests.")
    }

    @Test("--parallel: an XCTest and a Swift Testing test that fail once pass on one retry by name, named flaky")
    func retriedInParallel() async throws {
        let repository = try await FlakyTestsEndToEndTests.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        // A test whose process crashes the first time: with --parallel only its own process ends.
        try repository.write(
            "Tests/CalcTests/CrashOnceTests.swift",
            """
            import XCTest

            final class CrashOnceTests: XCTestCase {
                func testCrashOnce() { if !passesNow("crash") { fatalError("first attempt crashes") } }
            }
            """)
        try await repository.commit("a test that crashes once")
        let state = repository.root + "/state"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let junit = repository.root + "/junit.xml"
        let record = repository.root + "/run.json"

        let retried = try await repository.run(
            Self.prepush,
            [
                "--test-argument", "--parallel", "--retry-failed-tests", "1", "--test-report", "junit=" + junit,
                "--report", "json=" + record,
            ],
            environment: ["FLAKY_STATE": state])
        #expect(retried.succeeded, "\(retried.errorText)")
        let output = retried.errorText
        #expect(output.contains("(retry 1 of 1)"), "\(output)")
        #expect(output.contains(#"--filter '^CalcTests\.ClassicTests/testOnce(/|$)'"#), "\(output)")
        #expect(output.contains(#"--filter '^CalcTests\.CrashOnceTests/testCrashOnce(/|$)'"#), "\(output)")
        #expect(
            output.contains(
                "flaky tests (failed, then passed on a retry): CalcTests.ClassicTests/testOnce, "
                    + "CalcTests.CrashOnceTests/testCrashOnce, CalcTests/once()"),
            "\(output)")

        let runRecord = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: record)))
        let steps = ((runRecord as? [String: Any])?["checks"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]]
        let test = steps?.first { $0["name"] as? String == "test" }
        #expect(
            test?["flakyTests"] as? [String] == [
                "CalcTests.ClassicTests/testOnce", "CalcTests.CrashOnceTests/testCrashOnce", "CalcTests/once()",
            ],
            "\(String(describing: test))")

        let parsed = try JUnitParser.read(junit)
        let cases = JUnitParser.cases(parsed)
        let flaky = cases.filter { !($0["flaky"] as? [String] ?? []).isEmpty }.compactMap { $0["name"] as? String }
        #expect(flaky.sorted() == ["once()", "testCrashOnce", "testOnce"], "\(cases)")
        #expect(cases.allSatisfy { $0["result"] as? String == "passed" }, "\(cases)")
        #expect(cases.count == 5, "\(cases)")
        // The crash's own words when swift test relays the worker's last output (it does not always
        // under load: CI's run at b80a5fb got none), else the run's own account of the crash.
        let crashed = cases.first { $0["name"] as? String == "testCrashOnce" }
        let crash = (crashed?["flaky"] as? [String])?.first ?? ""
        #expect(
            crash.contains("Fatal error: first attempt crashes")
                || crash == "crashed (its process ended before the test did)",
            "\(String(describing: crashed))")
    }
}
