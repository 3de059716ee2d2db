import PreflightCore

/// What both backends' coverage steps do once the coverage is read: leave out the excluded files
/// (`coverageExclude`), print the table, check the minimums of the total, the targets and the
/// files, measure the added lines, fail a gate that measured no line (``NothingMeasured``), and
/// keep it all for the exports and the run record.
enum CoverageGates {
    /// The step's outcome, with the coverage attached. `summary` is already without the excluded
    /// files; `lineCoverage` is llvm-cov's or xccov's counts per line when they were read.
    static func conclude(
        _ summary: CoverageSummary, lineCoverage: LineCoverage?, backend: String, context: StepContext,
        clock: StepClock
    ) -> StepOutcome {
        let options = context.options
        let output = context.output
        context.log(summary.table(includingFiles: options.showsCoverageFiles))
        let packagePath = context.unitPath.isEmpty ? "." : context.unitPath
        let gates = options.coverageMinimums.check(summary, packagePath: packagePath)
        var status = report(gates, context: context)
        // No line measured is said as such, gate or not: "100.00 % of 0 lines" reads as a claim.
        var figure =
            summary.total.count == 0
            ? "no line measured"
            : String(format: "%.2f %% of %d lines", summary.total.percent, summary.total.count)
        var diff: DiffCoverage?
        if let addedLines = context.addedLines, let lineCoverage {
            let measured = DiffCoverage(added: addedLines, coverage: lineCoverage, packageRoot: context.packageRoot)
                .excluding(options.coverageExclusion, packagePath: packagePath)
            diff = measured
            if let minimum = options.minimumDiffCoverage {
                let (diffStatus, suffix) = DiffCoverageGate.check(measured, minimum: minimum, context: context)
                figure += suffix
                if diffStatus == .failed { status = .failed }
            }
        }
        // A gate over no measured line passes on nothing: it fails, saying so.
        if let failure = NothingMeasured.coverage(summary, options: options) {
            NothingMeasured.report(failure, title: "coverage", inStep: true, context: context)
            status = .failed
            figure = failure.figure
        }
        output.endStep(passed: status == .passed, line: status == .passed ? nil : "<== coverage: failed")
        var outcome = StepOutcome(name: "coverage", status: status, seconds: clock.seconds, figure: figure)
        let lines = lineCoverage.map { PackageCoverage.relativeLines($0, root: context.packageRoot) } ?? [:]
        let package = PackageCoverage(
            path: packagePath, root: context.packageRoot, summary: summary,
            lines: lines.filter { path, _ in summary.files.contains { $0.path == path } }, diff: diff, gates: gates)
        outcome.coverage = CoverageReport(backend: backend, packages: [package])
        // A diff-coverage gate with nothing to measure against proves nothing about the tree.
        outcome.dependsOnBase = options.minimumDiffCoverage != nil && context.addedLines == nil
        return outcome
    }

    /// Reports what fell below its minimum: the total and targets as one line each (and an
    /// annotation), each file as `path:1: error: coverage 41.2 % is below 60 %` (an annotation on
    /// the file in CI). `.failed` when anything did.
    static func report(_ gates: CoverageGateResult, context: StepContext) -> StepOutcome.Status {
        let output = context.output
        if gates.totalFailed, let minimum = gates.totalMinimum {
            let message =
                "coverage \(String(format: "%.2f", gates.totalPercent)) % is below the minimum \(String(format: "%.2f", minimum)) %"
            context.log("prepush: \(message)\n")
            output.annotation(.error, title: "coverage", message: message)
        }
        for shortfall in gates.shortfalls where shortfall.kind == .target {
            let message =
                "coverage of target \(shortfall.name) \(String(format: "%.2f", shortfall.percent)) % is below "
                + "the minimum \(CoverageShortfall.format(shortfall.minimum)) %"
            context.log("prepush: \(message)\n")
            output.annotation(.error, title: "coverage", message: message)
        }
        let text = TextDiagnosticRenderer()
        for diagnostic in gates.diagnostics {
            context.log(text.line(for: diagnostic) + "\n")
            output.annotation(diagnostic)
        }
        return gates.passed ? .passed : .failed
    }
}
