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
        let binPath = try await Self.productsFolder(context)
        var collector = CoverageCollector(
            packageRoot: context.packageRoot, binPath: binPath, environment: context.runEnvironment)
        if context.testState.selected {
            // The fresh profiles of the test targets that ran and the recorded ones of those
            // skipped: merged, the coverage a run of every test gives.
            do {
                collector.profileDataPath = try await Self.merge(context.testState.profiles, in: context)
            } catch {
                if let error = error as? ProcessError, case .interrupted = error { throw error }
                context.log(ErrorReport.render(error, tool: "prepush"))
                output.endStep(passed: false, line: "<== coverage: the profiles could not be merged")
                return StepOutcome(name: name, status: .failed, seconds: clock.seconds, figure: "no data")
            }
        }
        let raw: CoverageSummary
        do {
            raw = try await collector.summary()
        } catch let error as CoverageError {
            context.log(ErrorReport.render(error, tool: "prepush"))
            output.endStep(passed: false, line: "<== coverage: no data")
            return StepOutcome(name: name, status: .failed, seconds: clock.seconds, figure: "no data")
        }
        let summary = raw.excluding(
            options.coverageExclusion, packagePath: context.unitPath.isEmpty ? "." : context.unitPath)
        let needsLines = context.addedLines != nil || options.coverageReports.contains { $0.format.needsLines }
        let lineCoverage = needsLines ? try await collector.lineCoverage() : nil
        return CoverageGates.conclude(
            summary, lineCoverage: lineCoverage, backend: "swiftpm", context: context, clock: clock)
    }
}

extension CoverageStep {
    /// SwiftPM's products folder for the check's configuration and scratch path.
    static func productsFolder(_ context: StepContext) async throws -> String {
        if let built = CoverageCollector.productsFolder(
            scratchPath: context.scratchPath ?? context.packageRoot + "/.build",
            configuration: context.options.configuration)
        {
            return built
        }
        return try await Command(
            "swift", ["build", "--show-bin-path"] + context.swiftOptions, workingDirectory: context.packageRoot,
            environment: context.environment
        ).output()
    }

    /// `llvm-profdata merge` of `profiles` into one file (`into`, or a new one in the run's folder).
    static func merge(_ profiles: [String], into path: String? = nil, in context: StepContext) async throws -> String {
        let merged =
            path ?? context.scratchFolder + "/merged-\(UUID().uuidString).profdata"
        var command = Command(
            try await ToolchainTool.locate(
                "llvm-profdata", environment: context.runEnvironment, directory: context.packageRoot),
            ["merge", "-sparse", "-o", merged] + profiles)
        command.standardError = .capture(limit: 1 << 20)
        _ = try await command.run().checked()
        return merged
    }
}
