import Foundation

/// `--format json`: one pretty-printed ``JSONDiagnosticDocument`` with sorted keys and unescaped
/// slashes, followed by a newline. The same report always gives the same bytes.
struct JSONDiagnosticRenderer: DiagnosticRenderer, Hashable {
    init() {}

    func render(_ report: DiagnosticReport) -> String {
        Self.encode(JSONDiagnosticDocument(report))
    }

    func stream(tool: ToolDescriptor, to output: @escaping (String) -> Void) -> any DiagnosticStream {
        JSONDiagnosticStream(tool: tool, output: output)
    }

    /// Encodes `value` as deterministic, pretty-printed JSON followed by a newline.
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
        } catch {
            // Only strings and integers are encoded: this cannot fail.
            preconditionFailure("encoding diagnostics as JSON failed: \(error)")
        }
    }
}
