import PreflightCore

/// The diff-coverage gate both backends share: the report of added lines, a warning (and in CI a
/// GitHub annotation) on each added line the tests never ran, and the minimum.
enum DiffCoverageGate {
    /// Writes the report; `.failed` when the coverage of added lines is below `minimum`. The
    /// second value is the figure's suffix (`; added lines 75.00 %`).
    static func check(_ diff: DiffCoverage, minimum: Double, context: StepContext) -> (StepOutcome.Status, String) {
        let output = context.output
        context.log(diff.report)
        for warning in diff.warnings { context.log(warning + "\n") }
        for file in diff.files {
            for line in file.missing {
                output.annotation(
                    Diagnostic(
                        location: SourceLocation(path: file.path, line: line, column: 1), severity: .warning,
                        message: "not covered by tests", ruleID: "not-covered"))
            }
        }
        let figure = String(format: "; added lines %.2f %%", diff.percent)
        guard diff.percent < minimum else { return (.passed, figure) }
        let message =
            "coverage of added lines \(String(format: "%.2f", diff.percent)) % is below the minimum \(String(format: "%.2f", minimum)) %"
        context.log("prepush: \(message)\n")
        output.annotation(.error, title: "diff coverage", message: message)
        return (.failed, figure)
    }
}
