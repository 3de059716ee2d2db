import PreflightCore
import Testing

@testable import PrePushKit

/// The job summary from values: the verdict, the steps, the coverage with its minimums, the failures
/// and the new findings, as Markdown a CI page shows.
@Suite("Job summary")
struct JobSummaryTests {
    private func result(_ outcomes: [StepOutcome]) -> CheckRun.Result {
        let check = PlannedCheck(commit: nil, tree: "tree", place: .inPlace)
        return CheckRun.Result(
            check: check, units: [CheckRun.UnitResult(unit: check.units[0], outcomes: outcomes, cacheKey: nil)])
    }

    @Test("A failed check: the line, a row per step, the coverage with its minimums, the failures, the findings")
    func failed() {
        var todoscan = StepOutcome(name: "todoscan", status: .failed, seconds: 0.2, figure: "1 error | new")
        todoscan.newFindings = [
            Diagnostic(
                location: SourceLocation(path: "Sources/A.swift", line: 3, column: 4), severity: .error,
                message: "ERROR: fix <this> | now", ruleID: "error")
        ]
        let results = [
            result([
                StepOutcome(name: "build", status: .passed, seconds: 2, figure: ""),
                StepOutcome(name: "coverage", status: .passed, seconds: 1, figure: "63.64 % of 11 lines"), todoscan,
            ])
        ]
        let verdict = Verdict.make(results, isHook: true)
        let coverage = CoverageExportTests.report()
        let text = JobSummary.markdown(verdict, results: results, coverage: coverage)
        #expect(text.hasPrefix("## prepush: failed\n\n> prepush: todoscan failed; the push is stopped"))
        #expect(text.contains("| step | status | time | result |\n| --- | --- | ---: | --- |\n"))
        #expect(text.contains("| todoscan | ❌ failed | 0.2 s | 1 error \\| new |\n"))
        #expect(text.contains("| Core | 5 | 6 | 83.33 % | 80.00 % ✅ |\n"))
        #expect(text.contains("| Legacy | 2 | 5 | 40.00 % |  |\n"))
        #expect(text.contains("| **total** | 7 | 11 | **63.64 %** |  |\n"))
        #expect(text.contains("Lines this push adds: 1 of 2 covered (50.00 %)."))
        #expect(text.contains("### Failed\n\n- todoscan failed: 1 error \\| new\n"))
        #expect(
            text.contains(
                "### Findings this push introduces\n\n- error (todoscan) `Sources/A.swift:3`: ERROR: fix &lt;this&gt; \\| now\n"
            ))
    }

    @Test("Failing tests with their first failure, flaky tests with the failure they recovered from")
    func tests() {
        var test = StepOutcome(name: "test", status: .failed, seconds: 1, figure: "1 test failed")
        test.testResults = [
            TestCaseResult(
                suite: "CalcTests.MathTests", name: "adds()", status: .failed,
                failures: [
                    TestIssue(message: "Expectation failed: 1 == 2", file: "Tests/CalcTests/MathTests.swift", line: 7)
                ]),
            TestCaseResult(
                suite: "CalcTests", name: "testRetry", status: .passed,
                flakyFailures: [TestIssue(message: "XCTAssertTrue failed", file: "Tests/CalcTests/R.swift", line: 3)]),
            TestCaseResult(suite: "CalcTests", name: "testFine", status: .passed),
        ]
        let results = [result([test])]
        let text = JobSummary.markdown(Verdict.make(results, isHook: true), results: results, coverage: nil)
        #expect(
            text.contains(
                "### Failing tests\n\n- `CalcTests.MathTests/adds()`: Tests/CalcTests/MathTests.swift:7: Expectation failed: 1 == 2\n"
            ))
        #expect(
            text.contains(
                "### Flaky tests (passed on a retry; not recorded as verified)\n\n"
                    + "- `CalcTests/testRetry`: failed first with Tests/CalcTests/R.swift:3: XCTAssertTrue failed\n"))
        #expect(!text.contains("testFine"))
    }

    @Test("A tool's line quoted in a figure, a finding's file and message: no control character reaches the page")
    func controlsVisible() {
        let failed = StepOutcome(name: "test", status: .failed, seconds: 1, figure: "\u{1B}[2Kok\u{1B}[8m")
        #expect(failed.figure == "\\u{1B}[2Kok\\u{1B}[8m")
        var scan = StepOutcome(name: "todoscan", status: .failed, seconds: 0, figure: "1 error")
        scan.newFindings = [
            Diagnostic(
                location: SourceLocation(path: "a\u{1B}]8;;x\u{7}.swift", line: 1, column: 1), severity: .error,
                message: "ERROR: \u{202E}x\r\ny", ruleID: "error")
        ]
        let results = [result([failed, scan])]
        let text = JobSummary.markdown(Verdict.make(results, isHook: true), results: results, coverage: nil)
        #expect(!text.unicodeScalars.contains { VisibleText.needsEscaping($0) && $0 != "\n" })
        #expect(text.contains("\\\\u{1B}\\[2Kok\\\\u{1B}\\[8m"))
        #expect(text.contains("`a\\u{1B}]8;;x\\u{7}.swift:1`: ERROR: \\\\u{202E}x y"))
    }

    @Test("Nothing to check: the heading says so; many findings are listed up to a limit, the rest counted")
    func skippedAndLimited() {
        let skipped = JobSummary.markdown(.skipped("skipped (PREPUSH_SKIP=1)"), results: [], coverage: nil)
        #expect(skipped == "## prepush: nothing to check\n\n> prepush: skipped (PREPUSH\\_SKIP=1)\n\n")
        var scan = StepOutcome(name: "todoscan", status: .passed, seconds: 0, figure: "")
        scan.newFindings = (1...60).map {
            Diagnostic(
                location: SourceLocation(path: "A.swift", line: $0, column: 1), severity: .warning,
                message: "TODO: \($0)",
                ruleID: "todo")
        }
        let results = [result([scan])]
        let text = JobSummary.markdown(Verdict.make(results, isHook: true), results: results, coverage: nil)
        #expect(text.components(separatedBy: "\n- warning (todoscan)").count - 1 == JobSummary.findingsShown)
        #expect(text.contains("- and 10 more\n"))
    }
}
