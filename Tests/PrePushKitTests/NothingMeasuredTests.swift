import Foundation
import Testing

@testable import PrePushKit

/// How many tests a run's lines say ran, and the rule that nothing measured is no pass. The lines
/// are `swift test`'s (Swift 6.3.1, Linux), captured from runs of a small package.
@Suite("Nothing measured")
struct NothingMeasuredTests {
    @Test("Serial XCTest, parallel XCTest, Swift Testing, and no count line at all")
    func testCount() {
        let serial = [
            "Test Suite 'Selected tests' started at 2026-11-24 08:00:31.945",
            "\t Executed 0 tests, with 0 failures (0 unexpected) in 0.0 (0.0) seconds",
            "✔ Test run with 0 tests in 0 suites passed after 0.006 seconds.",
        ]
        #expect(TestCount.count(serial) == 0)
        let suites = [
            "\t Executed 2 tests, with 0 failures (0 unexpected) in 0.0 (0.0) seconds",
            "\t Executed 3 tests, with 0 failures (0 unexpected) in 0.0 (0.0) seconds",
            "\t Executed 5 tests, with 0 failures (0 unexpected) in 0.0 (0.0) seconds",
            "✔ Test run with 4 tests in 2 suites passed after 0.006 seconds.",
        ]
        #expect(TestCount.count(suites) == 9)
        // `--parallel`: no "Executed" line, one "[i/N] Testing" line per test.
        let parallel = [
            "[1/2] Testing LibTests.LibTests/testOne", "[2/2] Testing LibTests.LibTests/testTwo",
            "✔ Test run with 0 tests in 0 suites passed after 0.001 seconds.",
        ]
        #expect(TestCount.count(parallel) == 2)
        #expect(TestCount.figure(parallel) == "2 tests passed")
        #expect(TestCount.count(["warning: No matching test cases were run"]) == nil)
        #expect(TestCount.figure(nil) == "passed (no test count printed)")
    }

    @Test("No test ran fails; an unknown count claims nothing")
    func tests() {
        #expect(NothingMeasured.tests(ran: 0, hint: "h")?.figure == "no test ran")
        #expect(NothingMeasured.tests(ran: 0, hint: "h")?.message.hasSuffix("(h)") == true)
        #expect(NothingMeasured.tests(ran: 1, hint: "h") == nil)
        #expect(NothingMeasured.tests(ran: nil, hint: "h") == nil)
    }

    @Test("A gate over no measured line fails; without a gate, or with lines, nothing is said")
    func coverage() {
        let empty = CoverageSummary(files: [])
        let measured = CoverageSummary(files: [
            FileCoverage(
                path: "Sources/A/a.swift", target: "A", lines: CoverageCount(count: 4, covered: 0),
                functions: CoverageCount(count: 1, covered: 0), regions: CoverageCount(count: 1, covered: 0))
        ])
        var options = PrePushOptions()
        #expect(NothingMeasured.coverage(empty, options: options) == nil)
        #expect(NothingMeasured.noTestTargets(options: options) == nil)
        options.minimumDiffCoverage = 90
        #expect(NothingMeasured.coverage(empty, options: options)?.message.contains("minDiffCoverage 90") == true)
        options.minimumDiffCoverage = nil
        options.coverageMinimums = CoverageMinimums(keyed: ["total": 80, "Core": 70, "Sources/Old/**": 10])
        #expect(NothingMeasured.gates(options) == ["minCoverage 80", "minCoverage for Core, Sources/Old/**"])
        #expect(NothingMeasured.coverage(measured, options: options) == nil)
        #expect(NothingMeasured.coverage(empty, options: options)?.figure == "no line measured")
        #expect(NothingMeasured.noTestTargets(options: options)?.figure == "no test targets to measure")
    }
}
