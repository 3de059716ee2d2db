import PreflightCore

/// What one todoscan run found, as a value: the command prints it, prepush's step shows it in its
/// own way and takes its figure from it.
package struct TodoScanReport: Sendable {
    /// The findings (after `--since` and the baseline), with the tool's description.
    package var report: DiagnosticReport
    /// Lines about files that could not be read or were skipped, ready to print.
    package var problems: [String]
    /// A path could not be read (the rest was still scanned).
    var inputFailed: Bool
    /// The run could not finish: `--since` or the baseline failed (see ``problems``).
    var failed = false
    /// Findings accepted by the baseline.
    var acceptedByBaseline = 0
    /// Findings a `todoscan:disable` comment suppressed.
    var suppressedInline = 0
    /// With `--write-baseline`: the file written and how many findings it holds.
    var wroteBaseline: (path: String, count: Int)?

    /// The summary line (`1 warning, 1 error in 212 files`), with the baseline's and the
    /// suppression comments' shares.
    package var summary: String {
        AdoptionSummary.line(report.summary, acceptedByBaseline: acceptedByBaseline, suppressed: suppressedInline)
    }

    /// The exit status the findings and problems stand for.
    package func status(strict: Bool) -> ToolExitStatus {
        if failed { return .usageOrInputError }
        if wroteBaseline != nil { return inputFailed ? .usageOrInputError : .clean }
        // An input error wins over findings: what could not be read was not scanned.
        if inputFailed { return .usageOrInputError }
        if report.hasErrors || (strict && !report.diagnostics.isEmpty) { return .findings }
        return .clean
    }
}
