import Foundation
import PreflightCore
import ProcessKit

/// The package's own line coverage from the test step's profile (llvm-cov), the coverage gates,
/// and the coverage of the lines the push adds.
struct CoverageStep: Step {
    let name = "coverage"

    func run(in context: StepContext) async throws -> StepOutcome {
        let output = context.output
        let options = context.options
        output.beginStep("==> coverage")
        let clock = StepClock()
        let binPath: String
        if let built = CoverageCollector.productsFolder(
            scratchPath: context.scratchPath ?? context.packageRoot + "/.build", configuration: options.configuration)
        {
            binPath = built
        } else {
            binPath = try await Command(
                "swift", ["build", "--show-bin-path"] + context.swiftOptions, workingDirectory: context.packageRoot,
                environment: context.environment
            ).output()
        }
        let collector = CoverageCollector(
            packageRoot: context.packageRoot, binPath: binPath, environment: context.runEnvironment)
        let raw: CoverageSummary
        do {
            raw = try await collector.summary()
        } catch let error as CoverageError {
            context.log(ErrorReport.render(error, tool: "prepush"))
            output.endStep(passed: false, line: "<== coverage: no data")
            return StepOutcome(name: name, status: .failed, seconds: clock.seconds, figure: "no data")
        }
        let summary = raw.excluding(options.coverageExclusion)
        let needsLines = context.addedLines != nil || options.coverageReports.contains { $0.format.needsLines }
        let lineCoverage = needsLines ? try await collector.lineCoverage() : nil
        return CoverageGates.conclude(
            summary, lineCoverage: lineCoverage, backend: "swiftpm", context: context, clock: clock)
    }
}
