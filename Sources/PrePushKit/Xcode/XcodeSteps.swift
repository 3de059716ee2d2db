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
        return [
            XcodeBuildStep(plan: plan, destinations: destinations),
            XcodeTestStep(plan: plan, destinations: destinations), XcodeCoverageStep(),
        ]
    }

    /// Where the test step writes its result bundle and the coverage step reads it.
    static func resultBundle(in context: StepContext) -> String {
        context.scratchFolder + "/PrePush.xcresult"
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

/// `xcodebuild test-without-building … -resultBundlePath …`; when it fails, the failing tests
/// with their files, lines and messages, read from the result bundle.
struct XcodeTestStep: Step {
    let plan: XcodeBuildPlan
    let destinations: XcodeDestinationResolver
    let name = "test"

    func run(in context: StepContext) async throws -> StepOutcome {
        let clock = StepClock()
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
        var outcome = try await context.command(
            name, plan.testWithoutBuilding(destination: destination.specifier, resultBundle: bundle)
        ) { output, _ in TestCount.figure(output) }
        if outcome.status == .failed, FileManager.default.fileExists(atPath: bundle),
            let figure = try await reportFailures(bundle: bundle, in: context)
        {
            outcome.figure = figure
        }
        return outcome
    }

    /// Lists the bundle's failing tests as compiler-style errors (and annotations in CI mode); the
    /// step's figure, or `nil` when the bundle's tests could not be read (xcodebuild's output
    /// above is then all there is).
    private func reportFailures(bundle: String, in context: StepContext) async throws -> String? {
        let output = context.output
        let failures: XcodeTestFailures
        do {
            failures = try XcodeTestFailures.parse(
                try await XcodeTools.capture(XcodeBuildPlan.testResults(resultBundle: bundle), in: context))
        } catch {
            if let error = error as? ProcessError, case .interrupted = error { throw error }
            output.warning("the failing tests could not be read from the result bundle: \(error.localizedDescription)")
            return nil
        }
        guard !failures.failures.isEmpty else { return nil }
        let located = failures.diagnostics(files: XcodeTestFailures.projectFiles(in: context.packageRoot))
        var text = ""
        for diagnostic in located {
            text += "\(diagnostic.location.path):\(diagnostic.location.line): error: \(diagnostic.message)\n"
        }
        for failure in failures.unlocated { text += "error: \(failure.test): \(failure.message)\n" }
        output.failure(text)
        for diagnostic in located { output.annotation(diagnostic) }
        for failure in failures.unlocated {
            output.annotation(.error, title: "test failed", message: "\(failure.test): \(failure.message)")
        }
        let count = failures.testCount
        return "\(count) test\(count == 1 ? "" : "s") failed"
    }
}

/// Coverage read from the result bundle with `xcrun xccov view --report --json`; with
/// `--min-diff-coverage`, the added lines' coverage from `xccov view --archive --file`.
struct XcodeCoverageStep: Step {
    let name = "coverage"

    func run(in context: StepContext) async throws -> StepOutcome {
        let bundle = XcodeSteps.resultBundle(in: context)
        let argv = XcodeBuildPlan.coverageReport(resultBundle: bundle)
        let output = context.output
        output.beginStep("==> coverage: \(Command(argv[0], Array(argv.dropFirst())).commandLine)")
        let clock = StepClock()
        func outcome(_ status: StepOutcome.Status, _ figure: String, line: String? = nil) -> StepOutcome {
            output.endStep(passed: status == .passed, line: line)
            return StepOutcome(name: name, status: status, seconds: clock.seconds, figure: figure)
        }
        let summary: CoverageSummary
        var lineCoverage: LineCoverage?
        let options = context.options
        do {
            summary = try XccovReport.parse(
                reportJSON: try await XcodeTools.capture(argv, in: context), projectRoot: context.packageRoot
            ).excluding(options.coverageExclusion)
            if options.coverageReports.contains(where: { $0.format.needsLines }) {
                lineCoverage = try await self.lineCoverage(of: summary, added: nil, bundle: bundle, in: context)
            } else if let addedLines = context.addedLines {
                lineCoverage = try await self.lineCoverage(
                    of: summary, added: addedLines, bundle: bundle, in: context)
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

    /// Line counts of the report's files that have added lines (all of them when `added` is
    /// `nil`: an export shows every line), one `xccov view --archive --file` each: the project's
    /// own files of non-test targets, as the report was read.
    private func lineCoverage(
        of summary: CoverageSummary, added: AddedLines?, bundle: String, in context: StepContext
    ) async throws -> LineCoverage {
        let root = PhysicalRoot(context.packageRoot)
        var counts: [String: [Int: Int]] = [:]
        for file in summary.files {
            let path = root.absolute(file.path)
            let written = StandardPath.absolute(file.path, relativeTo: context.packageRoot)
            if let added, !added.files.contains(path), !added.files.contains(written) { continue }
            let data = try await XcodeTools.capture(
                XcodeBuildPlan.lineCoverage(file: path, resultBundle: bundle), in: context)
            counts.merge(try XccovArchive.parse(data).counts) { $1 }
        }
        return LineCoverage(counts: counts)
    }
}
