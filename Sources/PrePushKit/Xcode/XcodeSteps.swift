import Foundation
import PreflightCore
import ProcessKit

/// The xcodebuild backend's steps: build for testing, test without building into a result
/// bundle, coverage from `xccov`. The bundle is made in the run's own folder, which is removed
/// however the run ends.
enum XcodeSteps {
    static func steps(_ plan: XcodeBuildPlan) -> [any Step] {
        [XcodeBuildStep(plan: plan), XcodeTestStep(plan: plan), XcodeCoverageStep()]
    }

    /// Where the test step writes its result bundle and the coverage step reads it.
    static func resultBundle(in context: StepContext) -> String {
        (context.temporaryDirectory ?? FileManager.default.temporaryDirectory.path) + "/PrePush.xcresult"
    }
}

/// `xcodebuild build-for-testing …`
struct XcodeBuildStep: Step {
    let plan: XcodeBuildPlan
    let name = "build"

    func run(in context: StepContext) async throws -> StepOutcome {
        try await context.command(name, plan.buildForTesting)
    }
}

/// `xcodebuild test-without-building … -resultBundlePath …`
struct XcodeTestStep: Step {
    let plan: XcodeBuildPlan
    let name = "test"

    func run(in context: StepContext) async throws -> StepOutcome {
        let bundle = XcodeSteps.resultBundle(in: context)
        // xcodebuild refuses a result bundle path that already exists.
        try? FileManager.default.removeItem(atPath: bundle)
        return try await context.command(name, plan.testWithoutBuilding(resultBundle: bundle)) { output, _ in
            TestCount.figure(output)
        }
    }
}

/// Coverage read from the result bundle with `xcrun xccov view --report --json`.
struct XcodeCoverageStep: Step {
    let name = "coverage"

    func run(in context: StepContext) async throws -> StepOutcome {
        let argv = XcodeBuildPlan.coverageReport(resultBundle: XcodeSteps.resultBundle(in: context))
        let output = context.output
        output.beginStep("==> coverage: \(Command(argv[0], Array(argv.dropFirst())).commandLine)")
        let clock = StepClock()
        func outcome(_ status: StepOutcome.Status, _ figure: String, line: String? = nil) -> StepOutcome {
            output.endStep(passed: status == .passed, line: line)
            return StepOutcome(name: name, status: status, seconds: clock.seconds, figure: figure)
        }
        var report = Command(argv[0], Array(argv.dropFirst()), workingDirectory: context.packageRoot)
        report.standardOutput = .capture(limit: 1 << 30)
        report.standardError = .capture(limit: 1 << 20)
        let summary: CoverageSummary
        do {
            let result = try await report.run().checked()
            summary = try XccovReport.parse(
                reportJSON: Data(result.standardOutput?.bytes ?? []), projectRoot: context.packageRoot)
        } catch let error as ProcessError {
            if case .interrupted = error { throw error }
            context.log(ErrorReport.render(error, tool: "prepush"))
            return outcome(.failed, "no data", line: "<== coverage: no data")
        } catch let error as XcodeBackendError {
            context.log(ErrorReport.render(error, tool: "prepush"))
            return outcome(.failed, "no data", line: "<== coverage: no data")
        }
        context.log(summary.table(includingFiles: context.options.showsCoverageFiles))
        if context.options.minimumDiffCoverage != nil {
            context.log("prepush: warning: coverage of added lines is not measured with the xcodebuild backend\n")
        }
        let figure = String(format: "%.2f %% of %d lines", summary.total.percent, summary.total.count)
        let status = CoverageGate.check(summary, minimum: context.options.minimumCoverage, context: context)
        return outcome(status, figure, line: status == .passed ? nil : "<== coverage: failed")
    }
}
