/// A report written as its findings come, so a tool never holds millions of them: each finding is
/// handed to ``append(_:)`` in report order (by path, line, column, rule), then ``finish(filesScanned:)``
/// writes what follows them. The bytes are those ``DiagnosticRenderer/render(_:)`` gives for the
/// whole report.
package protocol DiagnosticStream: AnyObject {
    func append(_ diagnostic: Diagnostic)
    /// Writes the rest of the report (a document's closing part, its counts) and flushes.
    func finish(filesScanned: Int)
}

/// Text gathered into pieces of bounded size before it is handed on: few writes, bounded memory.
final class OutputChunks {
    /// About how many bytes a piece holds.
    static let size = 64 << 10

    private var pending = ""
    private let output: (String) -> Void

    init(_ output: @escaping (String) -> Void) {
        self.output = output
    }

    func append(_ text: String) {
        pending += text
        if pending.utf8.count >= Self.size { flush() }
    }

    func flush() {
        guard !pending.isEmpty else { return }
        output(pending)
        pending = ""
    }
}

final class LineDiagnosticStream: DiagnosticStream {
    private let renderer: any LineDiagnosticRenderer
    private let output: OutputChunks

    init(renderer: any LineDiagnosticRenderer, output: @escaping (String) -> Void) {
        self.renderer = renderer
        self.output = OutputChunks(output)
    }

    func append(_ diagnostic: Diagnostic) { output.append(renderer.line(for: diagnostic) + "\n") }

    func finish(filesScanned: Int) { output.flush() }
}

/// A pretty-printed JSON document whose one long array is written element by element: the part
/// before the array comes from the document encoded with the array empty (it must not depend on
/// the elements: every key before the array's is known at the start), each element is encoded on
/// its own and indented to its place, and the part after the array comes from the final document,
/// encoded at the end with the array empty. The bytes are those of encoding the whole document.
final class JSONArrayStream {
    private let marker: String
    private let output: OutputChunks
    private let header: String
    private let elementIndentation: String
    private var count = 0

    /// `document` is the document's encoding with the array empty, as known at the start; `key`
    /// the array's key (unique in the document).
    init(key: String, document: String, output: @escaping (String) -> Void) {
        marker = "\"\(key)\" : ["
        guard let keyRange = document.range(of: marker) else { preconditionFailure("the document has no array \(key)") }
        header = String(document[..<keyRange.upperBound])
        let lineStart =
            document[..<keyRange.lowerBound].lastIndex(of: "\n").map { document.index(after: $0) }
            ?? document.startIndex
        elementIndentation = String(document[lineStart..<keyRange.lowerBound]) + "  "
        self.output = OutputChunks(output)
    }

    func append(_ element: some Encodable) {
        output.append(count == 0 ? header + "\n" : ",\n")
        count += 1
        let text = JSONDiagnosticRenderer.encode(element).dropLast()  // its final newline
        var first = true
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            output.append((first ? "" : "\n") + elementIndentation + line)
            first = false
        }
    }

    /// Writes the rest: `document` is the final document's encoding with the array empty.
    func finish(document: String) {
        guard let keyRange = document.range(of: marker),
            let close = document[keyRange.upperBound...].firstIndex(of: "]")
        else { preconditionFailure("the document has no array \(marker)") }
        precondition(
            document[..<keyRange.upperBound] == header, "the part before the array changed while it was written")
        if count == 0 {
            output.append(document)
        } else {
            output.append("\n" + elementIndentation.dropLast(2) + document[close...])
        }
        output.flush()
    }
}

/// `--format json`, streamed: the findings first, the counts (after them in the document) at the end.
final class JSONDiagnosticStream: DiagnosticStream {
    private let tool: ToolDescriptor
    private let array: JSONArrayStream
    private var counts = DiagnosticSummary(errors: 0, warnings: 0, notes: 0, filesScanned: 0)

    init(tool: ToolDescriptor, output: @escaping (String) -> Void) {
        self.tool = tool
        array = JSONArrayStream(
            key: "diagnostics", document: Self.document(tool, filesScanned: 0, counts), output: output)
    }

    static func document(_ tool: ToolDescriptor, filesScanned: Int, _ counts: DiagnosticSummary) -> String {
        var document = JSONDiagnosticDocument(DiagnosticReport(tool: tool, diagnostics: [], filesScanned: filesScanned))
        document.summary = JSONDiagnosticDocument.Counts(counts)
        return JSONDiagnosticRenderer.encode(document)
    }

    func append(_ diagnostic: Diagnostic) {
        counts.count(diagnostic)
        array.append(JSONDiagnosticDocument.Entry(diagnostic))
    }

    func finish(filesScanned: Int) {
        array.finish(document: Self.document(tool, filesScanned: filesScanned, counts))
    }
}

/// `--format sarif`, streamed: the results first, the tool's rules (after them in the log, with a
/// rule for each id a finding used that the tool does not list) at the end.
final class SARIFDiagnosticStream: DiagnosticStream {
    private let tool: ToolDescriptor
    private let array: JSONArrayStream
    private var rules: [RuleDescriptor]
    private var ruleIndex: [String: Int] = [:]
    private var occurrences = FingerprintOccurrences()

    init(tool: ToolDescriptor, output: @escaping (String) -> Void) {
        self.tool = tool
        rules = tool.rules
        for (index, rule) in rules.enumerated() where ruleIndex[rule.id] == nil { ruleIndex[rule.id] = index }
        array = JSONArrayStream(
            key: "results",
            document: JSONDiagnosticRenderer.encode(SARIFDiagnosticRenderer.log(tool: tool, rules: rules, results: [])),
            output: output)
    }

    func append(_ diagnostic: Diagnostic) {
        let index: Int
        if let known = ruleIndex[diagnostic.ruleID] {
            index = known
        } else {
            index = rules.count
            ruleIndex[diagnostic.ruleID] = index
            rules.append(
                RuleDescriptor(id: diagnostic.ruleID, summary: diagnostic.ruleID, defaultSeverity: diagnostic.severity))
        }
        array.append(SARIFDiagnosticRenderer.result(for: diagnostic, ruleIndex: index, occurrences: &occurrences))
    }

    func finish(filesScanned: Int) {
        array.finish(
            document: JSONDiagnosticRenderer.encode(SARIFDiagnosticRenderer.log(tool: tool, rules: rules, results: [])))
    }
}
