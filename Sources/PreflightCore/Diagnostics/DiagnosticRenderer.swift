/// Turns a whole ``DiagnosticReport`` into the text a tool prints on standard output.
///
/// The result is complete: when it is not empty it ends with a newline, so the tool writes it
/// as is. A report without findings gives `""` in the line formats and a full document (with an
/// empty list) in the document formats.
package protocol DiagnosticRenderer: Sendable {
    /// The text for `report`, ready to write to standard output.
    func render(_ report: DiagnosticReport) -> String
}

/// A renderer that prints each finding on a line of its own, so findings can be streamed as they
/// are found instead of after the whole scan.
package protocol LineDiagnosticRenderer: DiagnosticRenderer {
    /// The line for one finding, without a line terminator; never contains a line break.
    func line(for diagnostic: Diagnostic) -> String
}

extension LineDiagnosticRenderer {
    /// Every finding's ``line(for:)`` followed by `"\n"`; `""` when there are none.
    package func render(_ report: DiagnosticReport) -> String {
        report.diagnostics.map { line(for: $0) + "\n" }.joined()
    }
}
