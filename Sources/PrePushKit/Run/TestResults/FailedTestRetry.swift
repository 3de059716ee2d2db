import Foundation
import PreflightCore
import ProcessKit

/// `--retry-failed-tests N` for SwiftPM: after a test run that failed, the tests that failed run
/// again by name (`swift test --filter '^Module\.Suite/test\(\)(/|$)'` per test: XCTest matches
/// `Module.Class/test`, Swift Testing its test's ID, which goes on with the source location), up to
/// N times, each retry only the tests still failing. Tests that pass on a retry are flaky.
///
/// The coverage of a flaky pass comes from passing runs only: the failed run's profile also holds
/// what the failing attempt ran, so the tests that passed at first run once more without the flaky
/// ones (`--skip`), and that run's profile is merged with the last retry's, in which every
/// remaining test passed. So the figure is what passing runs of every test measured, as without
/// the retry.
///
/// A run is retried only when its failures are known by name and explain it: a run cut short in a
/// test (a crash) or one whose failed tests were not read is not.
struct FailedTestRetry {
    let context: StepContext
    /// The step's name (`test`, `test CalcTests`).
    let name: String
    /// The `--filter` that chose the run's tests (`^Module\.`), when not every test ran.
    let scope: String?

    enum Outcome {
        /// Every failed test passed on a retry: the results (the flaky ones marked), the merged
        /// profile of passing runs, the retries' time.
        case passed(results: [TestCaseResult], profile: String?, seconds: Double)
        /// A test still failed after the last retry (or the run again of the others failed).
        case failed(results: [TestCaseResult], seconds: Double, figure: String)
    }

    /// Whether a run that failed with `results` (read by `capture`) can be retried.
    static func retries(_ results: [TestCaseResult]?, cutShort: Bool, options: PrePushOptions) -> Bool {
        guard options.retryFailedTests > 0, let results, !cutShort else { return false }
        let failed = results.filter { $0.status == .failed }
        return !failed.isEmpty && failed.allSatisfy { $0.filterName != nil }
    }

    /// Whether `a` and `b` are the same test: XCTest on Linux names a class without its module in
    /// one `swift test` (`ClassicTests/testOnce`) and with it when one target runs
    /// (`CalcTests.ClassicTests/testOnce`).
    static func same(_ a: TestCaseResult, _ b: TestCaseResult) -> Bool {
        let first = a.filterName ?? a.identifier
        let second = b.filterName ?? b.identifier
        return first == second || first.hasSuffix("." + second) || second.hasSuffix("." + first)
    }

    /// The anchored pattern that selects exactly the test `filterName` with `swift test --filter`;
    /// a class XCTest named without its module (Linux, one `swift test`) may have any module.
    static func pattern(_ filterName: String) -> String {
        let first = filterName.prefix { $0 != "/" }
        let module = filterName.contains("/") && !first.contains(".") ? "([^/.]+\\.)?" : ""
        return "^" + module + escaped(filterName) + "(/|$)"
    }

    /// `text` with the characters a regular expression gives meaning to escaped (the same on every
    /// platform, unlike NSRegularExpression's escaping, which escapes `/` on Linux only).
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    func run(after results: [TestCaseResult]) async throws -> Outcome {
        var results = results
        var seconds = 0.0
        let retries = context.options.retryFailedTests
        let binPath = try await CoverageStep.productsFolder(context)
        var lastProfile: String?
        for attempt in 1...retries {
            let failing = results.indices.filter { results[$0].status == .failed }
            if failing.isEmpty { break }
            let capture = TestResultCapture(context, label: "retry-\(attempt)")
            let filters = failing.flatMap { ["--filter", Self.pattern(results[$0].filterName ?? "")] }
            context.output.message(
                "prepush: \(failing.count) test\(failing.count == 1 ? "" : "s") failed; running "
                    + (failing.count == 1 ? "it" : "them") + " again (retry \(attempt) of \(retries)): "
                    + failing.map { results[$0].identifier }.joined(separator: ", ") + "\n")
            let outcome = try await context.command(
                "\(name) (retry \(attempt))", SwiftTestStep.argv(context) + filters + capture.swiftTestArguments,
                watching: { capture.add($0) })
            seconds += outcome.seconds
            let retried = capture.results() ?? []
            for index in failing {
                guard let again = retried.first(where: { Self.same($0, results[index]) }) else { continue }
                if again.status == .passed {
                    var flaky = again
                    flaky.flakyFailures = results[index].failures + results[index].flakyFailures
                    results[index] = flaky
                } else if again.status == .failed {
                    results[index].flakyFailures += results[index].failures
                    results[index].failures = again.failures
                }
            }
            if outcome.status == .passed, !results.contains(where: { $0.status == .failed }) {
                lastProfile = try copy(binPath + "/codecov/default.profdata", label: "retry-\(attempt)")
            }
        }
        let stillFailing = results.filter { $0.status == .failed }
        if !stillFailing.isEmpty {
            let count = stillFailing.count
            return .failed(
                results: results, seconds: seconds,
                figure: "\(count) test\(count == 1 ? "" : "s") failed after \(retries) "
                    + "retr\(retries == 1 ? "y" : "ies")")
        }
        // The tests that passed at first, once more without the flaky ones, for a profile of
        // passing runs only.
        let flaky = results.filter(\.isFlaky)
        guard results.contains(where: { $0.status == .passed && !$0.isFlaky }) else {
            return .passed(results: results, profile: lastProfile, seconds: seconds)
        }
        context.output.message(
            "prepush: the other tests run once more without the flaky ones, so the coverage comes from passing runs "
                + "only\n")
        let skips = flaky.flatMap { ["--skip", Self.pattern($0.filterName ?? $0.identifier)] }
        let capture = TestResultCapture(context, label: "rest")
        let rest = try await context.command(
            "\(name) (coverage of passing runs)",
            SwiftTestStep.argv(context) + (scope.map { ["--filter", $0] } ?? []) + skips
                + capture.swiftTestArguments,
            watching: { capture.add($0) })
        seconds += rest.seconds
        // Tests the failed run never reached (it stopped at its first failing library) ran now.
        for test in capture.results() ?? [] where !results.contains(where: { Self.same($0, test) }) {
            results.append(test)
        }
        guard rest.status == .passed else {
            return .failed(
                results: results, seconds: seconds,
                figure: "tests that had passed failed when run again without the flaky ones")
        }
        let restProfile = try copy(binPath + "/codecov/default.profdata", label: "rest")
        let profiles = [restProfile, lastProfile].compactMap { $0 }
        let merged = profiles.isEmpty ? nil : try await CoverageStep.merge(profiles, in: context)
        return .passed(results: results, profile: merged, seconds: seconds)
    }

    /// A copy of SwiftPM's merged profile of the run just ended, in the run's folder; `nil` when
    /// there is none.
    private func copy(_ profile: String, label: String) throws -> String? {
        guard FileManager.default.fileExists(atPath: profile) else { return nil }
        let kept = context.scratchFolder + "/retry-\(label)-\(UUID().uuidString).profdata"
        try FileManager.default.copyItem(atPath: profile, toPath: kept)
        return kept
    }
}
