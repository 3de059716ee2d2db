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
        var graph: PackageGraph?
        var describeFailure: String?
        do {
            graph = try await context.packageGraph()
        } catch let failure as DescribedPackage.DescribeFailure {
            describeFailure = failure.message
        }
        if let graph, graph.testTargets.isEmpty { return Self.noTestTargets(in: context) }
        output.beginStep("==> coverage")
        let clock = StepClock()
        let binPath = try await Self.productsFolder(context)
        var collector = CoverageCollector(
            packageRoot: context.packageRoot, binPath: binPath, environment: context.runEnvironment)
        if let graph {
            let untested = UntestedTargets.find(graph: graph, binPath: binPath)
            collector.objects = untested.objects
            if !untested.unbuilt.isEmpty {
                output.warning(
                    "coverage: no object files of \(untested.unbuilt.joined(separator: ", ")) in \(binPath): "
                        + "not in the coverage")
            }
        } else if let describeFailure {
            output.warning("coverage: the targets no test links are not in the coverage (\(describeFailure))")
        }
        if let selection = context.selection {
            // The fresh profiles of the test targets that ran and the recorded ones of those
            // skipped: merged, the coverage a run of every test gives.
            do {
                collector.profileDataPath = try await Self.merge(selection.profiles, in: context)
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
    /// The coverage row of a package without test targets: skipped, as there is nothing to
    /// measure; failed when a coverage gate applies to it (``NothingMeasured``).
    static func noTestTargets(in context: StepContext) -> StepOutcome {
        guard let failure = NothingMeasured.noTestTargets(options: context.options) else {
            return .skipped("coverage", .noTestTargets, figure: "no test targets: not measured")
        }
        NothingMeasured.report(failure, title: "coverage", inStep: false, context: context)
        return StepOutcome(name: "coverage", status: .failed, seconds: 0, figure: failure.figure)
    }

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
