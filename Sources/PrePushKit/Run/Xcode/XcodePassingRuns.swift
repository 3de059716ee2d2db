import Foundation
import PreflightCore
import ProcessKit

/// `--retry-failed-tests N` with xcodebuild, after a flaky pass: the coverage of passing runs only.
///
/// xcodebuild's `-retry-tests-on-failure` keeps one coverage for all the runs of a bundle, the
/// failed attempts' included, so a line only a failing attempt ran would count as covered. After a
/// pass with flaky tests, two more `test-without-building` runs, with the first run's destination,
/// test plan, selection and arguments but no retry: the flaky tests alone (`-only-testing:` each,
/// tried up to N times, the first pass kept), then every other test (`-skip-testing:` each flaky
/// one). Both must pass, and between them every test that ran at first must have passed again;
/// the coverage step then merges their bundles line by line (``XccovMerge``). So the figure is
/// what passing runs of every test measured, as without the retry, for one more run of the tests.
struct XcodePassingRuns {
    let step: XcodeTestStep
    let plan: XcodeBuildPlan
    let destination: XcodeDestination
    let context: StepContext
    /// What the runs' bundles are named from (`PrePush-flaky-1.xcresult`, `PrePush-others.xcresult`).
    var bundlePrefix = "PrePush"

    enum Outcome {
        /// The bundles whose coverage counts, and the runs' time.
        case passed(bundles: [String], seconds: Double)
        /// A run failed, or a test did not run again: the figure says which; the failed tests'
        /// results replace theirs in `cases`.
        case failed(figure: String, cases: [TestCaseResult], seconds: Double)
    }

    /// Runs them after the first run, whose tests are `results`.
    func run(after results: XcodeTestFailures) async throws -> Outcome {
        var seconds = 0.0
        var cases = results.cases
        let flaky = results.flaky.map(\.identifier)
        let retries = max(1, context.options.retryFailedTests)
        let others = results.identifiers.filter { $0.value != "Skipped" && !flaky.contains($0.key) }
        let one = flaky.count == 1
        context.output.message(
            "prepush: coverage of passing runs only: the flaky test\(one ? " runs" : "s run") again alone"
                + (others.isEmpty ? "" : ", then the other tests without \(one ? "it" : "them")")
                + ", without retries\n")
        var alone = plan
        alone.tests.onlyTesting = flaky
        alone.tests.skipTesting = []
        var passedAlone: (bundle: String, results: XcodeTestFailures)?
        var ranNone = false
        for attempt in 1...retries {
            let bundle = context.scratchFolder + "/\(bundlePrefix)-flaky-\(attempt).xcresult"
            let label = retries == 1 ? "" : " \(attempt) of \(retries)"
            let ran = try await run(alone, bundle: bundle, name: "\(step.name) (flaky tests alone\(label))")
            seconds += ran.seconds
            // A test plan that retries failed tests itself retries here too: a pass after a failed
            // attempt is no passing run.
            if ran.succeeded, let tests = ran.results, tests.testsRun > 0, tests.failures.isEmpty, tests.flaky.isEmpty {
                passedAlone = (bundle, tests)
                break
            }
            if let tests = ran.results { cases = Self.replacingFailed(cases, with: tests) }
            // No test matched, or the tests could not be read: another try would not differ.
            ranNone = ran.results.map { $0.testsRun == 0 } ?? true
            if ranNone { break }
        }
        guard let passedAlone else {
            let count = flaky.count
            let tests = "\(count) flaky test\(count == 1 ? "" : "s")"
            return .failed(
                figure: ranNone
                    ? "\(tests) did not run when selected alone (coverage of passing runs)"
                    : "\(tests) failed again when run alone (\(retries) run\(retries == 1 ? "" : "s"), "
                        + "coverage of passing runs)",
                cases: cases, seconds: seconds)
        }
        var bundles = [passedAlone.bundle]
        var passing = passedAlone.results.identifiers.filter { $0.value != "Failed" && $0.value != "Skipped" }
        if !others.isEmpty {
            var rest = plan
            rest.tests.skipTesting += flaky
            let bundle = context.scratchFolder + "/\(bundlePrefix)-others.xcresult"
            let ran = try await run(rest, bundle: bundle, name: "\(step.name) (others without the flaky tests)")
            seconds += ran.seconds
            guard ran.succeeded, let tests = ran.results, tests.failures.isEmpty, tests.flaky.isEmpty else {
                if let tests = ran.results { cases = Self.replacingFailed(cases, with: tests) }
                let figure =
                    if ran.results == nil {
                        "the tests run again without the flaky ones could not be read"
                    } else if ran.succeeded, ran.results?.failures.isEmpty == true {
                        "tests that had passed were flaky when run again without the flaky ones"
                    } else {
                        "tests that had passed failed when run again without the flaky ones"
                    }
                return .failed(figure: figure, cases: cases, seconds: seconds)
            }
            bundles.append(bundle)
            passing.merge(tests.identifiers.filter { $0.value != "Failed" && $0.value != "Skipped" }) { $1 }
        }
        // xcodebuild ignores an identifier that matches no test, and has taken a method's
        // -skip-testing of a Swift Testing suite for the whole suite: a test that ran at first and
        // in neither run now would be missing from the coverage.
        let missing = results.identifiers.keys.filter { results.identifiers[$0] != "Skipped" && passing[$0] == nil }
            .sorted()
        guard missing.isEmpty else {
            context.output.failure(
                "prepush: \(missing.count) test\(missing.count == 1 ? "" : "s") that ran at first did not run "
                    + "again for the coverage of passing runs, so it cannot be measured exactly: "
                    + missing.joined(separator: ", ") + ". xcodebuild ignores a -only-testing or -skip-testing "
                    + "identifier that matches no test, and Xcode versions differ in how they match Swift Testing "
                    + "methods; fix the flaky test\(flaky.count == 1 ? "" : "s") ("
                    + flaky.joined(separator: ", ") + "), or run without --retry-failed-tests.\n")
            return .failed(
                figure: "\(missing.count) test\(missing.count == 1 ? "" : "s") did not run again "
                    + "(coverage of passing runs)", cases: cases, seconds: seconds)
        }
        return .passed(bundles: bundles, seconds: seconds)
    }

    /// One `test-without-building` of `plan` into a fresh `bundle`, its tests read and its
    /// failures reported: whether xcodebuild succeeded, the tests (`nil` when they could not be
    /// read), the time.
    private func run(
        _ plan: XcodeBuildPlan, bundle: String, name: String
    ) async throws -> (succeeded: Bool, results: XcodeTestFailures?, seconds: Double) {
        // xcodebuild refuses a result bundle path that already exists.
        try? FileManager.default.removeItem(atPath: bundle)
        let outcome = try await context.command(
            name, plan.testWithoutBuilding(destination: destination.specifier, resultBundle: bundle))
        let results =
            FileManager.default.fileExists(atPath: bundle)
            ? try await step.readResults(bundle: bundle, in: context) : nil
        if let results, !results.failures.isEmpty || !results.flaky.isEmpty { step.report(results, in: context) }
        if outcome.status == .passed, results?.testsRun == 0 { context.output.warning("\(name): no tests ran") }
        return (outcome.status == .passed, results, outcome.seconds)
    }

    /// `cases` with each test that failed in `again` given that result, its earlier flaky
    /// failures kept.
    static func replacingFailed(_ cases: [TestCaseResult], with again: XcodeTestFailures) -> [TestCaseResult] {
        var cases = cases
        for failed in again.cases where failed.status == .failed {
            guard let index = cases.firstIndex(where: { $0.suite == failed.suite && $0.name == failed.name })
            else { continue }
            var result = failed
            result.flakyFailures = cases[index].flakyFailures
            cases[index] = result
        }
        return cases
    }
}
