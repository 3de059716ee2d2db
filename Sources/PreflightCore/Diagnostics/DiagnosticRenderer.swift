/// Turns a whole ``DiagnosticReport`` into the text a tool prints on standard output.
///
/// The result is complete: when it is not empty it ends with a newline, so the tool writes it
/// as is. A report without findings gives `""` in the line formats and a full document (with an
/// empty list) in the document formats.
package protocol DiagnosticRenderer: Sendable {
    /// The text for `report`, ready to write to standard output.
    func render(_ report: DiagnosticReport) -> String

    /// The same text as ``render(_:)``, handed to `output` in pieces of about
    /// ``OutputChunks/size`` bytes, so that a report of millions of findings is never held as
    /// one text (or one document tree) in memory.
    func write(_ report: DiagnosticReport, to output: (String) -> Void)
}

extension DiagnosticRenderer {
    package func write(_ report: DiagnosticReport, to output: (String) -> Void) {
        output(render(report))
    }
}

/// Text gathered into pieces of bounded size before it is handed on: few writes, bounded memory.
package struct OutputChunks: ~Copyable {
    /// About how many bytes a piece holds.
    package static let size = 64 << 10

    private var pending = ""
    private let output: (String) -> Void

    package init(_ output: @escaping (String) -> Void) {
        self.output = output
    }

    package mutating func append(_ text: String) {
        pending += text
        if pending.utf8.count >= Self.size { flush() }
    }

    package mutating func flush() {
        guard !pending.isEmpty else { return }
        output(pending)
        pending = ""
    }
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

    package func write(_ report: DiagnosticReport, to output: (String) -> Void) {
        withoutActuallyEscaping(output) { output in
            var chunks = OutputChunks(output)
            for diagnostic in report.diagnostics { chunks.append(line(for: diagnostic) + "\n") }
            chunks.flush()
        }
    }
}

/// Writes a pretty-printed JSON document whose one long array is written element by element:
/// the document is encoded with that array empty, and each element on its own, indented to its
/// place, so the bytes are those of encoding the whole document at once.
enum StreamedJSONArray {
    /// `emptyDocument` is the document's encoding with the array empty; `key` the array's key
    /// (unique in the document); `elements` are encoded in order.
    static func write<Element: Encodable>(
        emptyDocument: String, key: String, elements: some Sequence<Element>, to output: (String) -> Void
    ) {
        let marker = "\"\(key)\" : ["
        guard let keyRange = emptyDocument.range(of: marker) else {
            preconditionFailure("the document has no array \(key)")
        }
        // The empty array's own spelling (`[]`, or `[` and `]` on lines of their own) ends at `]`.
        guard let close = emptyDocument[keyRange.upperBound...].firstIndex(of: "]") else {
            preconditionFailure("the array \(key) is not closed")
        }
        let lineStart =
            emptyDocument[..<keyRange.lowerBound].lastIndex(of: "\n").map {
                emptyDocument.index(after: $0)
            } ?? emptyDocument.startIndex
        let indentation = String(emptyDocument[lineStart..<keyRange.lowerBound])
        let elementIndentation = indentation + "  "
        var encoded = 0
        withoutActuallyEscaping(output) { output in
            var chunks = OutputChunks(output)
            for element in elements {
                if encoded == 0 {
                    chunks.append(String(emptyDocument[..<keyRange.upperBound]) + "\n")
                } else {
                    chunks.append(",\n")
                }
                encoded += 1
                let text = JSONDiagnosticRenderer.encode(element).dropLast()  // its final newline
                var first = true
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    chunks.append((first ? "" : "\n") + elementIndentation + line)
                    first = false
                }
            }
            if encoded == 0 {
                chunks.append(emptyDocument)
            } else {
                chunks.append("\n" + indentation + emptyDocument[close...])
            }
            chunks.flush()
        }
    }
}
