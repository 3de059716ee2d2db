import Foundation
import PreflightCore
import ProcessKit

/// The xcodebuild backend's steps: build for testing, test without building into a result
/// bundle, coverage from `xccov`. The destination is resolved once, by the build step
/// (``XcodeDestinationResolver``); the bundle is made in the run's own folder, which is removed
/// however the run ends.
enum XcodeSteps {
    static func steps(_ plan: XcodeBuildPlan) -> [any Step] {
        let destinations = XcodeDestinationResolver(plan: plan)
        let passingRuns = Locked<[String]?>(nil)
        return [
            XcodeBuildStep(plan: plan, destinations: destinations),
            XcodeTestStep(plan: plan, destinations: destinations, passingRuns: passingRuns),
            XcodeCoverageStep(passingRuns: passingRuns),
        ]
    }

    /// Where the test step writes its result bundle and the coverage step reads it.
    static func resultBundle(in context: StepContext) -> String {
        context.scratchFolder + "/PrePush.xcresult"
    }

    /// XCTest's grand total in xcodebuild's output (`Executed 12 tests, with 0 failures …`, the
    /// last such line), or `nil` when there is none: xcodebuild prints none with parallel testing
    /// (cpisciotta/xcbeautify#4, #319).
    static func executedCount(_ lines: [String]) -> Int? {
        lines.lazy.compactMap(executedCount(in:)).last
    }

    /// The count one line of xcodebuild's output states, if it is XCTest's `Executed N tests` line.
    static func executedCount(in line: String) -> Int? {
        guard line.hasPrefix("\t Executed ") || line.hasPrefix("Executed "), let range = line.range(of: "Executed ")
        else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    /// A step that could not start its command: the error under the step's header, a failed
    /// outcome. An interrupt is rethrown.
    static func failed(
        _ name: String, header: String, error: any Error, figure: String, in context: StepContext, clock: StepClock
    ) throws -> StepOutcome {
        if let error = error as? ProcessError, case .interrupted = error { throw error }
        context.output.beginStep("==> \(name): \(header)")
        context.log(ErrorReport.render(error, tool: "prepush"))
        context.output.endStep(passed: false, line: "<== \(name): \(figure)")
        return StepOutcome(name: name, status: .failed, seconds: clock.seconds, figure: figure)
    }
}

/// `xcodebuild build-for-testing …`, after resolving the destination (and saying which one).
struct XcodeBuildStep: Step {
    let plan: XcodeBuildPlan
    let destinations: XcodeDestinationResolver
    let name = "build"

    func run(in context: StepContext) async throws -> StepOutcome {
        let clock = StepClock()
        let destination: XcodeDestination
        let plan: XcodeBuildPlan
        do {
            let (resolvedPlan, resolved, isNew) = try await destinations.destination(in: context)
            if isNew, let line = resolved.line { context.output.message(line) }
            destination = resolved
            plan = resolvedPlan
        } catch {
            return try XcodeSteps.failed(
                name, header: "destination", error: error, figure: "no destination", in: context, clock: clock)
        }
        return try await context.command(name, plan.buildForTesting(destination: destination.specifier))
    }
}

/// `xcodebuild test-without-building … -resultBundlePath …`, then the result bundle's tests
/// (``XcodeTestFailures``): the failing ones with their files, lines and messages, the flaky ones
/// as warnings, and how many ran. xcodebuild exits 0 when a test plan or `-only-testing` filter
/// matches no test, and with parallel testing prints no `Executed N tests` line, so the count
/// comes from the bundle, and none run is a failure. After a pass with flaky tests, the tests run
/// again without retries for coverage of passing runs only (``XcodePassingRuns``), whose bundles
/// the coverage step then reads (`passingRuns`).
struct XcodeTestStep: Step {
    let plan: XcodeBuildPlan
    let destinations: XcodeDestinationResolver
    /// The result bundles of the runs again after a flaky pass, for the coverage step; `nil` when
    /// the test run's own bundle holds the coverage.
    let passingRuns: Locked<[String]?>
    let name = "test"

    func run(in context: StepContext) async throws -> StepOutcome {
        let clock = StepClock()
        passingRuns.withLock { $0 = nil }
        let bundle = XcodeSteps.resultBundle(in: context)
        // xcodebuild refuses a result bundle path that already exists.
        try? FileManager.default.removeItem(atPath: bundle)
        let destination: XcodeDestination
        let plan: XcodeBuildPlan
        do {
            (plan, destination, _) = try await destinations.destination(in: context)
        } catch {
            return try XcodeSteps.failed(
                name, header: "destination", error: error, figure: "no destination", in: context, clock: clock)
        }
        if let input = context.testSelection,
            let selection = try await XcodeSelectedRuns.selection(input, plan: plan, in: context)
        {
            let runs = XcodeSelectedRuns(step: self, plan: plan, destination: destination, context: context)
            return try await runs.run(selection)
        }
        let (outcome, bundles) = try await runOnce(
            plan, destination: destination, bundle: bundle, name: name, bundlePrefix: "PrePush", in: context)
        passingRuns.withLock { $0 = bundles }
        return outcome
    }

    /// One `test-without-building` of `plan` into `bundle` (with the configured retries), its
    /// tests read and reported; after a flaky pass, the runs again for coverage of passing runs
    /// (their bundles named from `bundlePrefix`). The outcome, and the bundles of those runs again
    /// (`nil`: the coverage is `bundle`'s).
    func runOnce(
        _ plan: XcodeBuildPlan, destination: XcodeDestination, bundle: String, name: String,
        bundlePrefix: String, in context: StepContext
    ) async throws -> (StepOutcome, [String]?) {
        // xcodebuild refuses a result bundle path that already exists.
        try? FileManager.default.removeItem(atPath: bundle)
        let process: StepProcess
        // XCTest's count, read as the lines pass: more may follow it than a step keeps.
        let executed = Locked<Int?>(nil)
        switch try await context.launch(
            name,
            plan.testWithoutBuilding(destination: destination.specifier, resultBundle: bundle)
                + XcodeBuildPlan.retryArguments(context.options.retryFailedTests),
            watching: { line in
                if let count = XcodeSteps.executedCount(in: line) { executed.withLock { $0 = count } }
            })
        {
        case .couldNotRun(let outcome): return (outcome, nil)
        case .ran(let ran): process = ran
        }
        let results =
            FileManager.default.fileExists(atPath: bundle) ? try await readResults(bundle: bundle, in: context) : nil
        let passed = process.result.succeeded
        var status: StepOutcome.Status = passed ? .passed : .failed
        var figure: String
        var line: String
        let seconds = String(format: "%.1f", process.clock.seconds)
        if !passed {
            figure = "\(process.result.termination)"
            line = "<== \(name): failed with \(process.result.termination) in \(seconds) s"
            if let results, !results.failures.isEmpty {
                report(results, in: context)
                let count = results.testCount
                figure = "\(count) test\(count == 1 ? "" : "s") failed"
            }
        } else if let results {
            if results.testsRun == 0 {
                status = .failed
                figure = "no tests ran"
                line = "<== \(name): no tests ran"
                let skipped = results.count("Skipped")
                context.output.failure(
                    "prepush: no tests ran: xcodebuild succeeded, but its result bundle holds no test that ran"
                        + (skipped > 0 ? " (\(skipped) skipped)" : "") + ". A test plan, -only-testing or "
                        + "-skip-testing that matches no test, or a scheme without test targets, does this; "
                        + "check --test-plan, --only-testing and --skip-testing.\n")
                context.output.annotation(.error, title: "test", message: "no tests ran")
            } else {
                let count = results.testsRun
                figure = "\(count) test\(count == 1 ? "" : "s") passed"
                line = "<== \(name): passed in \(seconds) s"
            }
            if !results.flaky.isEmpty {
                report(results, in: context)
                figure += ", \(results.flaky.count) flaky"
                if context.options.flakyTests == .fail {
                    status = .failed
                    figure += "; flaky tests fail (flakyTests)"
                    line = "<== \(name): failed: flaky tests"
                    context.output.failure("prepush: flaky tests fail the check (\"flakyTests\": \"fail\")\n")
                }
            }
        } else if let count = executed.current {
            // No readable bundle (Xcode before 16): XCTest's own count, where it printed one.
            status = count > 0 ? .passed : .failed
            figure = count > 0 ? "\(count) test\(count == 1 ? "" : "s") passed" : "no tests ran"
            line = count > 0 ? "<== \(name): passed in \(seconds) s" : "<== \(name): no tests ran"
            if count == 0 { context.output.failure("prepush: no tests ran: xcodebuild executed 0 tests.\n") }
        } else {
            figure = "passed, tests not counted"
            line = "<== \(name): passed in \(seconds) s"
            context.output.warning(
                "the number of tests that ran could not be read: the result bundle's tests could not be read, "
                    + "and xcodebuild printed no count (it prints none with parallel testing)")
        }
        context.output.endStep(passed: status == .passed, line: line)
        var outcome = StepOutcome(name: name, status: status, seconds: process.clock.seconds, figure: figure)
        outcome.testsRun = passed ? results?.testsRun ?? executed.current : nil
        outcome.testResults = results?.cases
        // A pass with a flaky test is never recorded as verified.
        outcome.flakyTests = results?.flaky.map(\.test) ?? []
        var passingBundles: [String]?
        if status == .passed, let results, !results.flaky.isEmpty {
            var again = XcodePassingRuns(step: self, plan: plan, destination: destination, context: context)
            again.bundlePrefix = bundlePrefix
            switch try await again.run(after: results) {
            case .passed(let bundles, let seconds):
                outcome.seconds += seconds
                passingBundles = bundles
            case .failed(let figure, let cases, let seconds):
                outcome.seconds += seconds
                outcome.status = .failed
                outcome.figure = figure
                outcome.testsRun = nil
                outcome.testResults = cases
                context.output.annotation(.error, title: name, message: figure)
            }
        }
        return (outcome, passingBundles)
    }

    /// The bundle's tests, or `nil` when they could not be read (Xcode before 16 has no
    /// `xcresulttool get test-results`); a warning says so.
    func readResults(bundle: String, in context: StepContext) async throws -> XcodeTestFailures? {
        do {
            return try XcodeTestFailures.parse(
                try await XcodeTools.capture(XcodeBuildPlan.testResults(resultBundle: bundle), in: context))
        } catch {
            if let error = error as? ProcessError, case .interrupted = error { throw error }
            context.output.warning(
                "the tests could not be read from the result bundle: \(error.localizedDescription)")
            return nil
        }
    }

    /// Lists the failing tests as compiler-style errors and the flaky ones as warnings (and
    /// annotations in CI mode). A message's further lines are indented under its first.
    func report(_ results: XcodeTestFailures, in context: StepContext) {
        let output = context.output
        let located = results.diagnostics(files: XcodeTestFailures.projectFiles(in: context.packageRoot))
        var text = ""
        for diagnostic in located {
            text += XcodeTestFailures.textLines(
                "\(diagnostic.location.path):\(diagnostic.location.line): error: ", diagnostic.message)
        }
        for failure in results.unlocated {
            text += XcodeTestFailures.textLines("error: \(failure.subject): ", failure.message)
        }
        if !text.isEmpty { output.failure(text) }
        for diagnostic in located { output.annotation(diagnostic) }
        for failure in results.unlocated {
            output.annotation(.error, title: "test failed", message: "\(failure.subject): \(failure.message)")
        }
        for flaky in results.flaky {
            let message =
                "\(flaky.test) is flaky: it failed in \(flaky.failedRuns) of \(flaky.runs) runs, then passed"
                + (flaky.message.map { ": \($0)" } ?? "")
            output.warning(message.replacingOccurrences(of: "\n", with: "\n    "))
            output.annotation(.warning, title: "flaky test", message: message)
        }
    }
}

/// Coverage read from the result bundle with `xcrun xccov view --report --json`; for diff
/// coverage and the line-level exports, every file's line counts from one `xccov view --archive
/// --json`. After a flaky pass, the bundles of the runs again in which every test passed
/// (``XcodePassingRuns``) are read instead, each's report and archive, and merged line by line
/// (``XccovMerge``). Under a coverage gate, a report that measures no line of the project fails: a
/// gate that passes on nothing proves nothing.
struct XcodeCoverageStep: Step {
    /// The test step's bundles of passing runs, when it made them.
    let passingRuns: Locked<[String]?>
    let name = "coverage"

    func run(in context: StepContext) async throws -> StepOutcome {
        let bundles = passingRuns.current ?? [XcodeSteps.resultBundle(in: context)]
        let argv = XcodeBuildPlan.coverageReport(resultBundle: bundles[0])
        let output = context.output
        // With affected-test selection: each target's run's coverage, fresh or recorded at its key.
        let selected = context.selection?.profiles
        if let selected {
            let recorded = context.selection?.reused.count ?? 0
            output.beginStep(
                "==> coverage: \(selected.count) test target run\(selected.count == 1 ? "" : "s")' xccov reports, "
                    + "merged line by line (\(recorded) recorded at this content before)")
        } else {
            output.beginStep(
                "==> coverage: \(Command(argv[0], Array(argv.dropFirst())).commandLine)"
                    + (bundles.count > 1
                        ? " (and \(bundles.count - 1) more bundle\(bundles.count == 2 ? "" : "s"), "
                            + "merged line by line: the runs in which every test passed)" : ""))
        }
        let clock = StepClock()
        func outcome(_ status: StepOutcome.Status, _ figure: String, line: String? = nil) -> StepOutcome {
            output.endStep(passed: status == .passed, line: line)
            return StepOutcome(name: name, status: status, seconds: clock.seconds, figure: figure)
        }
        var summary: CoverageSummary
        var lineCoverage: LineCoverage?
        let options = context.options
        do {
            if let selected {
                let merged = try XccovMerge.merge(
                    try selected.map { try XcodeRecordedCoverage.load($0, root: context.packageRoot) },
                    projectRoot: context.packageRoot)
                summary = merged.summary
                lineCoverage = merged.lines
            } else if bundles.count == 1 {
                summary = try XccovReport.parse(
                    reportJSON: try await XcodeTools.capture(argv, in: context), projectRoot: context.packageRoot)
            } else {
                let merged = try await merge(bundles, in: context)
                summary = merged.summary
                lineCoverage = merged.lines
            }
            summary = summary.excluding(options.coverageExclusion)
            let gated = !options.coverageMinimums.isEmpty || options.minimumDiffCoverage != nil
            if gated, summary.total.count == 0 {
                context.log(summary.table(includingFiles: options.showsCoverageFiles))
                let message =
                    "coverage measured 0 lines of the project's own targets, so the coverage gates have nothing "
                    + "to check. Check that the scheme gathers coverage for the app's targets (Edit Scheme > Test > "
                    + "Options > Code Coverage), that its tests run code of this repository, and that "
                    + "coverageExclude does not leave out every file."
                output.failure("prepush: \(message)\n")
                output.annotation(.error, title: "coverage", message: message)
                return outcome(.failed, "0 lines measured", line: "<== coverage: 0 lines measured")
            }
            if options.coverageReports.contains(where: { $0.format.needsLines }) || context.addedLines != nil {
                let archive: LineCoverage
                if let lineCoverage {
                    archive = lineCoverage
                } else {
                    archive = try XccovArchive.parse(
                        try await XcodeTools.capture(
                            XcodeBuildPlan.lineCoverage(resultBundle: bundles[0]), in: context))
                }
                lineCoverage = Self.lines(of: summary, in: archive, root: context.packageRoot)
            } else {
                lineCoverage = nil
            }
        } catch let error as ProcessError {
            if case .interrupted = error { throw error }
            context.log(ErrorReport.render(error, tool: "prepush"))
            return outcome(.failed, "no data", line: "<== coverage: no data")
        } catch let error as XcodeBackendError {
            context.log(ErrorReport.render(error, tool: "prepush"))
            return outcome(.failed, "no data", line: "<== coverage: no data")
        }
        return CoverageGates.conclude(
            summary, lineCoverage: lineCoverage, backend: "xcodebuild", context: context, clock: clock)
    }

    /// The bundles' coverage as one: each bundle's report and archive (two xccov calls each, the
    /// archive holding every file's lines in one process), merged line by line.
    private func merge(
        _ bundles: [String], in context: StepContext
    ) async throws -> (summary: CoverageSummary, lines: LineCoverage) {
        var read: [XccovMerge.Bundle] = []
        for bundle in bundles {
            let report = try XccovReport.files(
                reportJSON: try await XcodeTools.capture(
                    XcodeBuildPlan.coverageReport(resultBundle: bundle), in: context),
                projectRoot: context.packageRoot)
            let archive = try XccovArchive.parse(
                try await XcodeTools.capture(XcodeBuildPlan.lineCoverage(resultBundle: bundle), in: context))
            read.append(XccovMerge.Bundle(report: report, archive: archive))
        }
        return try XccovMerge.merge(read, projectRoot: context.packageRoot)
    }

    /// The archive's line counts of the summary's files (the project's own files of non-test
    /// targets, as the report was read): not the test bundles' nor the dependencies' the archive
    /// also holds.
    static func lines(of summary: CoverageSummary, in archive: LineCoverage, root: String) -> LineCoverage {
        let root = PhysicalRoot(root)
        let wanted = Set(summary.files.map { root.absolute($0.path) })
        return LineCoverage(
            counts: archive.counts.filter { path, _ in
                root.relative(path).map { wanted.contains(root.absolute($0)) } ?? false
            })
    }
}
