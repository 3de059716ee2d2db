import Foundation
import PreflightCore
import ProcessKit

/// `swift test --skip-build --enable-code-coverage`, with the configured test arguments; its
/// figure is the number of tests that ran.
///
/// With test selection (``StepContext/testSelection``), each test target whose content key has no
/// recorded pass runs on its own (`--filter '^Module\.'`, which selects XCTest and Swift Testing
/// tests alike), its coverage profile kept; the others are skipped as unaffected and their recorded
/// profiles stand in for them in the coverage (``AffectedTests``, ``TestSelectionResult``).
struct SwiftTestStep: Step {
    let name = "test"

    func run(in context: StepContext) async throws -> StepOutcome {
        let graph: Result<PackageGraph, DescribedPackage.DescribeFailure>
        do {
            graph = .success(try await context.packageGraph())
        } catch let failure as DescribedPackage.DescribeFailure {
            graph = .failure(failure)
        }
        if case .success(let graph) = graph, graph.testTargets.isEmpty {
            return Self.noTestTargets(in: context)
        }
        if let input = context.testSelection,
            let (plan, selection) = try await AffectedTests.plan(input, graph: graph, in: context)
        {
            return try await runSelected(plan, selection, in: context)
        }
        let tally = Locked(TestCount.Tally())
        let capture = TestResultCapture(context, label: "all")
        var outcome = try await context.command(
            name, Self.argv(context) + capture.swiftTestArguments,
            watching: { line in
                tally.withLock { $0.add(line) }
                capture.add(line)
            },
            figure: { _, _ in TestCount.figure(tally.current.count) },
            failure: { _, _ in
                NothingMeasured.tests(ran: tally.current.count, hint: NothingMeasured.swiftPMTestHint)
            })
        outcome.testsRun = tally.current.count
        outcome.testResults = capture.results()
        if outcome.status == .failed {
            outcome.figure = TestCount.failedFigure(outcome.testResults, fallback: outcome.figure)
        }
        if outcome.status == .failed, let results = outcome.testResults,
            FailedTestRetry.retries(results, cutShort: capture.isCutShort, options: context.options)
        {
            let retry = FailedTestRetry(context: context, name: name, scope: nil)
            let retried = try await retry.run(after: results)
            outcome = try Self.conclude(outcome, retried, in: context)
            if case .passed(_, let profile?, _) = retried {
                // The coverage step reads SwiftPM's profile: now that of passing runs only.
                let binPath = try await CoverageStep.productsFolder(context)
                let target = binPath + "/codecov/default.profdata"
                try? FileManager.default.removeItem(atPath: target)
                try FileManager.default.copyItem(atPath: profile, toPath: target)
            }
        }
        return outcome
    }

    /// The outcome of a run that failed, once its failed tests were retried: passed with the flaky
    /// tests named (failed instead under `"flakyTests": "fail"`), or failed.
    static func conclude(
        _ outcome: StepOutcome, _ retried: FailedTestRetry.Outcome, in context: StepContext
    ) throws -> StepOutcome {
        var outcome = outcome
        switch retried {
        case .failed(let results, let seconds, let figure):
            outcome.seconds += seconds
            outcome.figure = figure
            outcome.testResults = results
            outcome.flakyTests = results.filter(\.isFlaky).map(\.identifier)
        case .passed(let results, _, let seconds):
            outcome.seconds += seconds
            outcome.testResults = results
            let flaky = results.filter(\.isFlaky).map(\.identifier)
            outcome.flakyTests = flaky
            let ran = results.filter { $0.status != .skipped }.count
            let fails = context.options.flakyTests == .fail
            outcome.status = fails ? .failed : .passed
            outcome.testsRun = fails ? nil : (outcome.testsRun ?? ran)
            outcome.figure =
                "\(outcome.testsRun ?? ran) tests passed, \(flaky.count) flaky (passed on a retry)"
                + (fails ? "; flaky tests fail (flakyTests)" : "")
            let named =
                "flaky test\(flaky.count == 1 ? "" : "s") (failed, then passed on a retry): "
                + flaky.joined(separator: ", ")
            if fails {
                context.output.failure("prepush: \(named); \"flakyTests\": \"fail\" makes that a failure\n")
            } else {
                context.output.warning(named + "; the check passes, but this tree is not recorded as verified")
            }
            for test in flaky {
                context.output.annotation(
                    .warning, title: "flaky test", message: "\(test) failed, then passed on a retry")
            }
        }
        return outcome
    }

    /// The row of a package whose description lists no test target: nothing to run, said so (not
    /// `swift test`'s "no tests found" error, which would fail every push of a package without
    /// tests).
    static func noTestTargets(in context: StepContext) -> StepOutcome {
        context.output.message("prepush: test: the package has no test targets (Package.swift declares none)\n")
        return .skipped("test", .noTestTargets, figure: "no test targets")
    }

    static func argv(_ context: StepContext) -> [String] {
        ["swift", "test", "--skip-build", "--enable-code-coverage"] + context.swiftOptions
            + context.options.testArguments
    }

    /// `--filter '^Module\.'`: one test target's tests, XCTest's and Swift Testing's alike.
    static func filter(module: String) -> [String] {
        ["--filter", "^\(module)\\."]
    }

    /// Runs each selected test target on its own, keeping its profile; the first failure ends the
    /// step. Where the tests are a plain executable and no test arguments are configured, the
    /// executable runs directly (``TestExecutable``); elsewhere each target is a `swift test --filter`.
    private func runSelected(
        _ plan: TestSelectionPlan, _ selection: TestSelectionResult, in context: StepContext
    ) async throws -> StepOutcome {
        var selection = selection
        var seconds = 0.0
        var ran = 0
        let binPath = try await CoverageStep.productsFolder(context)
        let runFolder = context.scratchFolder
        var executable: TestExecutable?
        if context.options.testArguments.isEmpty, !plan.run.isEmpty {
            executable = await TestExecutable.load(
                folder: binPath, workingDirectory: context.packageRoot, environment: context.environment,
                profileFolder: runFolder)
        }
        // Whether any run printed how many tests it ran (only then can "none ran" be said).
        var counted = false
        var results: [TestCaseResult]? = context.options.readsTestResults ? [] : nil
        var flaky: [String] = []
        for test in plan.run {
            let kept = runFolder + "/tests-\(test.key).profdata"
            try? FileManager.default.removeItem(atPath: kept)
            var (outcome, cutShort) =
                if let executable {
                    try await runDirectly(
                        test, executable, keeping: kept, profiles: runFolder + "/profiles-\(test.key)", in: context)
                } else {
                    try await runThroughSwiftPM(test, binPath: binPath, keeping: kept, in: context)
                }
            if outcome.status == .failed,
                FailedTestRetry.retries(outcome.testResults, cutShort: cutShort, options: context.options),
                let failedResults = outcome.testResults
            {
                let retry = FailedTestRetry(
                    context: context, name: "\(name) \(test.name)", scope: "^\(test.module)\\.")
                let retried = try await retry.run(after: failedResults)
                outcome = try Self.conclude(outcome, retried, in: context)
                if case .passed(_, let profile?, _) = retried {
                    try? FileManager.default.removeItem(atPath: kept)
                    try FileManager.default.copyItem(atPath: profile, toPath: kept)
                }
            }
            flaky += outcome.flakyTests
            seconds += outcome.seconds
            if let ran = outcome.testResults { results = (results ?? []) + ran }
            if outcome.status == .failed {
                var failed = StepOutcome(
                    name: name, status: .failed, seconds: seconds, figure: "\(test.name): \(outcome.figure)")
                failed.selection = selection
                failed.testResults = results
                failed.flakyTests = flaky
                return failed
            }
            let count = outcome.testsRun
            counted = counted || count != nil
            ran += count ?? 0
            if FileManager.default.fileExists(atPath: kept) {
                // A target that passed only on a retry is measured, never recorded as passed.
                if outcome.flakyTests.isEmpty {
                    selection.add(.init(key: test.key, profile: kept, tests: count ?? 0, target: test.name))
                } else {
                    selection.profiles.append(kept)
                }
            }
        }
        let before = plan.skipped.reduce(0) { $0 + $1.record.tests }
        if let failure = NothingMeasured.tests(
            ran: counted || !plan.skipped.isEmpty ? ran + before : nil, hint: NothingMeasured.swiftPMTestHint)
        {
            NothingMeasured.report(failure, title: name, inStep: false, context: context)
            var failed = StepOutcome(name: name, status: .failed, seconds: seconds, figure: failure.figure)
            failed.selection = selection
            failed.testResults = results
            return failed
        }
        var figure = "\(ran) test\(ran == 1 ? "" : "s") passed"
        if !flaky.isEmpty { figure += ", \(flaky.count) flaky (passed on a retry)" }
        if !plan.skipped.isEmpty {
            figure +=
                " in \(plan.run.count) of \(plan.run.count + plan.skipped.count) test targets "
                + "(\(plan.skipped.count) unaffected, \(before) tests passed at this content before)"
        }
        var passed = StepOutcome(name: name, status: .passed, seconds: seconds, figure: figure)
        passed.testsRun = ran
        passed.selection = selection
        passed.testResults = results
        passed.flakyTests = flaky
        return passed
    }

    /// `swift test --skip-build --enable-code-coverage --filter '^Module\.'`; SwiftPM merges the
    /// run's profiles into `codecov/default.profdata`, which is kept as `kept`.
    private func runThroughSwiftPM(
        _ test: TestSelectionPlan.Target, binPath: String, keeping kept: String, in context: StepContext
    ) async throws -> (StepOutcome, cutShort: Bool) {
        let capture = TestResultCapture(context, label: test.key, module: test.module)
        let argv = Self.argv(context) + Self.filter(module: test.module) + capture.swiftTestArguments
        let tally = Locked(TestCount.Tally())
        var outcome = try await context.command(
            "\(name) \(test.name)", argv,
            watching: { line in
                tally.withLock { $0.add(line) }
                capture.add(line)
            }
        ) { _, _ in TestCount.figure(tally.current.count) }
        outcome.testsRun = tally.current.count
        outcome.testResults = capture.results()
        if outcome.status == .failed {
            outcome.figure = TestCount.failedFigure(outcome.testResults, fallback: outcome.figure)
        }
        if outcome.status == .passed {
            try? FileManager.default.copyItem(atPath: binPath + "/codecov/default.profdata", toPath: kept)
        }
        return (outcome, capture.isCutShort)
    }

    /// The test executable itself, once per testing library, each run writing its own profile into
    /// the folder `profiles`; the profiles merged into `kept`.
    private func runDirectly(
        _ test: TestSelectionPlan.Target, _ executable: TestExecutable, keeping kept: String,
        profiles folder: String, in context: StepContext
    ) async throws -> (StepOutcome, cutShort: Bool) {
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let variables = executable.variables(profileFolder: folder, environment: context.runEnvironment)
        var seconds = 0.0
        var count: Int?
        var results: [TestCaseResult]?
        var failure: (figure: String, cutShort: Bool)?
        for (index, run) in executable.runs(module: test.module).enumerated() {
            let tally = Locked(TestCount.Tally())
            let capture = TestResultCapture(context, label: "\(test.key)-\(index)", module: test.module)
            let outcome = try await context.command(
                "\(name) \(test.name) (\(run.library))",
                run.argv + (run.library == TestExecutable.swiftTesting ? capture.swiftTestingArguments : []),
                variables: variables, alsoPassing: [.exited(TestExecutable.noTestsFound)],
                watching: { line in
                    tally.withLock { $0.add(line) }
                    capture.add(line)
                }
            ) { _, _ in TestCount.figure(tally.current.count) }
            seconds += outcome.seconds
            if let ran = capture.results() { results = (results ?? []) + ran }
            // The other library's tests still run, so that every failure is known (and retried).
            if outcome.status == .failed, failure == nil { failure = (outcome.figure, capture.isCutShort) }
            if let ran = tally.current.count { count = (count ?? 0) + ran }
        }
        if let failure {
            var failed = StepOutcome(
                name: name, status: .failed, seconds: seconds,
                figure: TestCount.failedFigure(results, fallback: failure.figure))
            failed.testResults = results
            failed.testsRun = count
            return (failed, failure.cutShort)
        }
        let profiles = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".profraw") }.sorted().map { folder + "/" + $0 }
        if !profiles.isEmpty {
            _ = try await CoverageStep.merge(profiles, into: kept, in: context)
        }
        var passed = StepOutcome(name: name, status: .passed, seconds: seconds, figure: TestCount.figure(count))
        passed.testsRun = count
        passed.testResults = results
        return (passed, false)
    }
}

/// How many tests ran, read from XCTest's and Swift Testing's closing lines.
enum TestCount {
    /// The figure: `5 tests passed`, or `passed` when no line said how many ran.
    static func figure(_ lines: [String]) -> String {
        figure(count(lines))
    }

    static func figure(_ count: Int?) -> String {
        guard let count else { return "passed (no test count printed)" }
        return "\(count) test\(count == 1 ? "" : "s") passed"
    }

    /// A failed run's figure from its parsed results (`1 of 60 tests failed`); `fallback` (how the
    /// process ended) when none were read or none of them failed.
    static func failedFigure(_ results: [TestCaseResult]?, fallback: String) -> String {
        let ran = (results ?? []).filter { $0.status != .skipped }
        let failed = ran.filter { $0.status == .failed }.count
        guard failed > 0 else { return fallback }
        return "\(failed) of \(ran.count) test\(ran.count == 1 ? "" : "s") failed"
    }

    /// The number of tests the lines say ran; `nil` when no line says (then nothing is known).
    static func count(_ lines: [String]) -> Int? {
        var tally = Tally()
        for line in lines { tally.add(line) }
        return tally.count
    }

    /// The count read line by line, as a step's output streams past (a test run may print more
    /// than is kept of it).
    ///
    /// - Swift Testing: `✔ Test run with 5 tests in 2 suites passed after …` (one per run).
    /// - XCTest: `Executed 12 tests, with 0 failures …`, once per suite, the largest being the
    ///   grand total; with `--parallel`, `[3/12] Testing Module.Class/test` (the lines it prints of a
    ///   test, with `Executed 1 test`, are of that test alone).
    struct Tally: Sendable {
        private var swiftTesting: Int?
        private var executed: Int?
        private var parallel: Int?

        /// The number of tests the lines so far say ran; `nil` when none said.
        var count: Int? {
            let xctest = parallel ?? executed
            if swiftTesting == nil, xctest == nil { return nil }
            return (swiftTesting ?? 0) + (xctest ?? 0)
        }

        mutating func add(_ line: String) {
            if let count = TestCount.number(after: "Test run with ", in: line) {
                swiftTesting = (swiftTesting ?? 0) + count
            }
            if line.hasPrefix("\t Executed ") || line.hasPrefix("Executed "),
                let count = TestCount.number(after: "Executed ", in: line)
            {
                executed = max(executed ?? 0, count)
            }
            if line.hasPrefix("["), let slash = line.firstIndex(of: "/"), let close = line.firstIndex(of: "]"),
                slash < close, line[close...].hasPrefix("] Testing "),
                let count = Int(line[line.index(after: slash)..<close])
            {
                parallel = max(parallel ?? 0, count)
            }
        }
    }

    fileprivate static func number(after prefix: String, in line: String) -> Int? {
        guard let range = line.range(of: prefix) else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
}
