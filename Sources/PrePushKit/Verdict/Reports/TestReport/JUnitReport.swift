import Foundation

/// The run's tests as JUnit XML (`--test-report junit=PATH`), the format Jenkins, GitLab, Azure
/// Pipelines, CircleCI, Buildkite and GitHub's test-report actions read: a `<testsuite>` per test
/// suite (a package's suites named with its folder in `package`, in a repository of several), a
/// `<testcase>` per test with its time, `<failure>` with `file:line: message` for a failure,
/// `<skipped>` for a skipped test, and `<flakyFailure>` (Maven Surefire's rerun element, which
/// Jenkins shows as flaky) for each failure of a test that passed on a retry.
///
/// Written from the test steps' typed results (``StepOutcome/testResults``). Valid against
/// Jenkins' junit-10.xsd (the xunit plugin's), which is why `file` and `line` are in the failure's
/// text rather than attributes of their own.
enum JUnitReport {
    /// One suite's tests, of one package.
    struct Suite {
        var package: String?
        var name: String
        var cases: [TestCaseResult]
    }

    /// The suites of `results`' test steps, in the order the tests ran: of each package, the last
    /// check's tests (a push of several commits checks a package more than once, and the report,
    /// like the coverage, is of the last); a check voided by a change meanwhile is left out (its
    /// tree was checked again).
    static func suites(of results: [CheckRun.Result]) -> [Suite] {
        var packages: [String] = []
        var tests: [String: [TestCaseResult]] = [:]
        for result in results where result.changedMeanwhile.isEmpty {
            for unit in result.units {
                let ran = unit.outcomes.compactMap(\.testResults)
                guard !ran.isEmpty else { continue }
                let folder = unit.unit.unit.path
                if tests[folder] == nil { packages.append(folder) }
                tests[folder] = ran.flatMap { $0 }
            }
        }
        var suites: [Suite] = []
        for folder in packages {
            var index: [String: Int] = [:]
            for test in tests[folder] ?? [] {
                if let position = index[test.suite] {
                    suites[position].cases.append(test)
                } else {
                    index[test.suite] = suites.count
                    suites.append(Suite(package: folder.isEmpty ? nil : folder, name: test.suite, cases: [test]))
                }
            }
        }
        return suites
    }

    /// The XML of `suites`; `timestamp` is when the run started.
    static func render(_ suites: [Suite], timestamp: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let stamp = formatter.string(from: timestamp)
        let all = suites.flatMap(\.cases)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"prepush\" tests=\"\(all.count)\" failures=\"\(count(all, .failed))\" errors=\"0\" "
            + "time=\"\(time(all))\">\n"
        for suite in suites {
            xml += "  <testsuite name=\"\(escape(suite.name.isEmpty ? "tests" : suite.name))\""
            if let package = suite.package { xml += " package=\"\(escape(package))\"" }
            xml +=
                " tests=\"\(suite.cases.count)\" failures=\"\(count(suite.cases, .failed))\" errors=\"0\" "
                + "skipped=\"\(count(suite.cases, .skipped))\" time=\"\(time(suite.cases))\" timestamp=\"\(stamp)\">\n"
            for test in suite.cases {
                xml +=
                    "    <testcase name=\"\(escape(test.name))\" classname=\"\(escape(test.suite))\""
                    + (test.seconds.map { " time=\"\(seconds($0))\"" } ?? "")
                let body = elements(test)
                xml += body.isEmpty ? "/>\n" : ">\n" + body + "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// A test case's children: its failure, skip or flaky runs.
    private static func elements(_ test: TestCaseResult) -> String {
        var text = ""
        switch test.status {
        case .failed:
            let issues = test.failures.isEmpty ? [TestIssue(message: "failed")] : test.failures
            text +=
                "      <failure message=\"\(escape(firstLine(issues[0].text)))\" type=\"failure\">"
                + escape(issues.map(\.text).joined(separator: "\n")) + "</failure>\n"
        case .skipped:
            text += test.skipMessage.map { "      <skipped message=\"\(escape($0))\"/>\n" } ?? "      <skipped/>\n"
        case .passed:
            break
        }
        for issue in test.flakyFailures {
            text +=
                "      <flakyFailure message=\"\(escape(firstLine(issue.text)))\" type=\"flaky\">"
                + escape(issue.text) + "</flakyFailure>\n"
        }
        return text
    }

    private static func count(_ cases: [TestCaseResult], _ status: TestCaseResult.Status) -> Int {
        cases.filter { $0.status == status }.count
    }

    private static func time(_ cases: [TestCaseResult]) -> String {
        seconds(cases.compactMap(\.seconds).reduce(0, +))
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.3f", max(0, value)) }

    private static func firstLine(_ text: String) -> String {
        String(text.prefix { $0 != "\n" })
    }

    /// `text` for an attribute (line breaks kept as character references).
    static func escape(_ text: String) -> String { XMLText.escape(text, attribute: true) }
}
