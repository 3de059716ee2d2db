import Foundation
import PreflightCore

/// The run as Markdown for a CI job's page (`--summary PATH`; under GitHub Actions, appended to
/// `$GITHUB_STEP_SUMMARY` unless `--no-summary`): the verdict, the steps of each check, the
/// coverage per target with its minimum, what failed, and the findings the push introduces. Built
/// from the verdict and the run's results, values only.
enum JobSummary {
    /// At most this many findings are listed; the rest are counted.
    static let findingsShown = 50

    static func markdown(_ verdict: Verdict, results: [CheckRun.Result], coverage: CoverageReport?) -> String {
        let passed = verdict.status == .clean
        var text = "## prepush: \(verdict.skipReason != nil ? "nothing to check" : passed ? "passed" : "failed")\n\n"
        text += "> " + cell(verdict.line) + "\n\n"
        let decisive = results.filter(\.changedMeanwhile.isEmpty)
        let outcomes = decisive.flatMap(\.outcomes)
        if !outcomes.isEmpty {
            let named = outcomes.contains { $0.unit != nil }
            text += (named ? "| package " : "") + "| step | status | time | result |\n"
            text += (named ? "| --- " : "") + "| --- | --- | ---: | --- |\n"
            for outcome in outcomes {
                text +=
                    (named ? "| \(cell(outcome.unit ?? "")) " : "")
                    + "| \(cell(outcome.name)) | \(status(outcome.status)) | "
                    + String(format: "%.1f s", outcome.seconds) + " | \(cell(outcome.figure)) |\n"
            }
            text += "\n"
        }
        if let coverage { text += coverageSection(coverage) }
        if !verdict.failures.isEmpty {
            text += "### Failed\n\n" + verdict.failures.map { "- " + cell($0) + "\n" }.joined() + "\n"
        }
        text += testsSection(outcomes.compactMap(\.testResults).flatMap { $0 })
        let findings = outcomes.flatMap { outcome in outcome.newFindings.map { (outcome.name, $0) } }
        if !findings.isEmpty {
            text += "### Findings this push introduces\n\n"
            for (step, finding) in findings.prefix(findingsShown) {
                let place = "\(finding.location.path):\(finding.location.line)"
                text += "- \(finding.severity.rawValue) (\(step)) `\(code(place))`: \(cell(finding.message))\n"
            }
            if findings.count > findingsShown { text += "- and \(findings.count - findingsShown) more\n" }
            text += "\n"
        }
        return text
    }

    /// The tests that failed, each with its first failure, and those that passed only on a retry.
    private static func testsSection(_ tests: [TestCaseResult]) -> String {
        list("Failing tests", tests.filter { $0.status == .failed }) { test in
            test.failures.first.map { ": " + cell($0.text) } ?? ""
        }
            + list("Flaky tests (passed on a retry; not recorded as verified)", tests.filter(\.isFlaky)) { test in
                test.flakyFailures.first.map { ": failed first with " + cell($0.text) } ?? ""
            }
    }

    /// A heading and one line per test (at most ``findingsShown``, the rest counted); `""` for none.
    private static func list(
        _ title: String, _ tests: [TestCaseResult], why: (TestCaseResult) -> String
    ) -> String {
        guard !tests.isEmpty else { return "" }
        var text = "### \(title)\n\n"
        for test in tests.prefix(findingsShown) { text += "- `\(code(test.identifier))`\(why(test))\n" }
        if tests.count > findingsShown { text += "- and \(tests.count - findingsShown) more\n" }
        return text + "\n"
    }

    /// One table of every package's targets, the minimum each had, and the total.
    private static func coverageSection(_ coverage: CoverageReport) -> String {
        var text =
            "### Coverage\n\n| target | covered | lines | coverage | minimum |\n| --- | ---: | ---: | ---: | ---: |\n"
        for package in coverage.packages {
            for target in package.summary.targets {
                let name = package.path == "." ? target.name : package.path + "/" + target.name
                let minimum = package.gates.targetMinimums[target.name]
                text +=
                    "| \(cell(name)) | \(target.lines.covered) | \(target.lines.count) | "
                    + percent(target.lines.percent) + " | " + gate(minimum, target.lines.percent) + " |\n"
            }
        }
        let total = coverage.total
        let minimum = coverage.packages.count == 1 ? coverage.packages[0].gates.totalMinimum : nil
        text +=
            "| **total** | \(total.covered) | \(total.count) | **\(percent(total.percent))** | "
            + gate(minimum, total.percent) + " |\n\n"
        let diffs = coverage.packages.compactMap(\.diff)
        let added = diffs.flatMap(\.files)
        if !added.isEmpty {
            let coverable = added.reduce(0) { $0 + $1.coverable.count }
            let missing = added.reduce(0) { $0 + $1.missing.count }
            let covered = coverable - missing
            text +=
                "Lines this push adds: \(covered) of \(coverable) covered"
                + (coverable == 0 ? "" : " (" + percent(Double(covered) * 100 / Double(coverable)) + ")") + ".\n\n"
        }
        return text
    }

    private static func percent(_ value: Double) -> String { String(format: "%.2f %%", value) }

    private static func gate(_ minimum: Double?, _ value: Double) -> String {
        guard let minimum else { return "" }
        return String(format: "%.2f %%", minimum) + (value < minimum ? " ❌" : " ✅")
    }

    private static func status(_ status: StepOutcome.Status) -> String {
        switch status {
        case .passed: "✅ passed"
        case .failed: "❌ failed"
        case .skipped: "⏭️ skipped"
        }
    }

    /// Text safe in a table cell: one line, `|` escaped, Markdown's and HTML's specials neutral,
    /// other control characters visible (``VisibleText``).
    static func cell(_ text: String) -> String {
        var result = ""
        let oneLine = String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
        for character in VisibleText.escaped(oneLine) {
            switch character {
            case "|": result += "\\|"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "*", "_", "`", "[", "]", "#", "\\": result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }

    /// Text inside a code span: backticks would end it; control characters visible.
    private static func code(_ text: String) -> String {
        VisibleText.escaped(
            text.replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "\n", with: " "))
    }
}
