/// Turns a whole ``DiagnosticReport`` into the text a tool prints on standard output.
///
/// The result is complete: when it is not empty it ends with a newline, so the tool writes it
/// as is. A report without findings gives `""` in the line formats and a full document (with an
/// empty list) in the document formats.
package protocol DiagnosticRenderer: Sendable {
    /// The text for `report`, ready to write to standard output.
    func render(_ report: DiagnosticReport) -> String

    /// A stream writing `tool`'s report to `output` as its findings come, in pieces of about
    /// ``OutputChunks/size`` bytes: the same text as ``render(_:)``, never held whole.
    func stream(tool: ToolDescriptor, to output: @escaping (String) -> Void) -> any DiagnosticStream
}

extension DiagnosticRenderer {
    /// The same text as ``render(_:)``, handed to `output` through ``stream(tool:to:)``, so that a
    /// report of millions of findings is never held as one text (or one document tree) in memory.
    package func write(_ report: DiagnosticReport, to output: (String) -> Void) {
        withoutActuallyEscaping(output) { output in
            let stream = stream(tool: report.tool, to: output)
            for diagnostic in report.diagnostics { stream.append(diagnostic) }
            stream.finish(filesScanned: report.filesScanned)
        }
    }
}

/// A renderer that prints each finding on a line of its own, so findings can be streamed as they
/// are found instead of after the whole scan.
protocol LineDiagnosticRenderer: DiagnosticRenderer {
    /// The line for one finding, without a line terminator; never contains a line break.
    func line(for diagnostic: Diagnostic) -> String
}

extension LineDiagnosticRenderer {
    /// Every finding's ``line(for:)`` followed by `"\n"`; `""` when there are none.
    package func render(_ report: DiagnosticReport) -> String {
        report.diagnostics.map { line(for: $0) + "\n" }.joined()
    }

    package func stream(tool: ToolDescriptor, to output: @escaping (String) -> Void) -> any DiagnosticStream {
        LineDiagnosticStream(renderer: self, output: output)
    }
}
