import Foundation

/// `--format codeclimate`: the Code Climate issues JSON that GitLab's Code Quality reads (a JSON
/// array; SwiftLint's `codeclimate` reporter writes the same shape), one issue per line:
///
/// - `check_name` the rule id, `description` the message, `categories` `["Bug Risk"]` for an
///   error and `["Style"]` otherwise;
/// - `severity` mapped from ours: error → `critical`, warning → `minor`, note → `info` (GitLab
///   shows critical findings first);
/// - `location.path` as the tool prints it (relative to the folder it ran in: run it at the
///   repository's root, as CI does, and GitLab matches the path to the merge request's files) and
///   `location.lines.begin`;
/// - `fingerprint`, which GitLab compares between the base and the head: ``StableHash`` of the path,
///   the finding's line-independent `fingerprint` text and its occurrence among the same texts in
///   the file, so a finding moved by an unrelated edit keeps it, as SARIF's does.
package struct CodeClimateDiagnosticRenderer: DiagnosticRenderer, Hashable {
    package init() {}

    package func render(_ report: DiagnosticReport) -> String {
        var text = ""
        write(report) { text += $0 }
        return text
    }

    package func stream(tool: ToolDescriptor, to output: @escaping (String) -> Void) -> any DiagnosticStream {
        CodeClimateStream(output: output)
    }

    /// One issue of the array.
    struct Issue: Encodable, Equatable {
        struct Lines: Encodable, Equatable {
            var begin: Int
        }

        struct Location: Encodable, Equatable {
            var path: String
            var lines: Lines
        }

        var type = "issue"
        var checkName: String
        var description: String
        var categories: [String]
        var severity: String
        var fingerprint: String
        var location: Location

        enum CodingKeys: String, CodingKey {
            case type, description, categories, severity, fingerprint, location
            case checkName = "check_name"
        }
    }

    /// Code Climate's severity of one of ours.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "critical"
        case .warning: "minor"
        case .note: "info"
        }
    }

    /// The issue of `diagnostic`, the `occurrence`-th finding of its fingerprint text in its file.
    static func issue(_ diagnostic: Diagnostic, occurrence: Int) -> Issue {
        let path = diagnostic.location.path
        return Issue(
            checkName: diagnostic.ruleID, description: diagnostic.message,
            categories: diagnostic.severity == .error ? ["Bug Risk"] : ["Style"],
            severity: severity(diagnostic.severity),
            fingerprint: StableHash.fnv1a64Hex(path + "\u{1F}" + diagnostic.fingerprint + "\u{1F}\(occurrence)"),
            location: Issue.Location(path: path, lines: Issue.Lines(begin: max(1, diagnostic.location.line))))
    }
}

/// The array written issue by issue: `[`, one compact JSON object per line, `]`.
final class CodeClimateStream: DiagnosticStream {
    private let output: OutputChunks
    private var count = 0
    private var occurrences = FingerprintOccurrences()
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    init(output: @escaping (String) -> Void) {
        self.output = OutputChunks(output)
    }

    func append(_ diagnostic: Diagnostic) {
        let issue = CodeClimateDiagnosticRenderer.issue(diagnostic, occurrence: occurrences.next(diagnostic))
        // Only strings and integers are encoded: this cannot fail.
        let json = (try? encoder.encode(issue)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        output.append((count == 0 ? "[\n" : ",\n") + json)
        count += 1
    }

    func finish(filesScanned: Int) {
        output.append(count == 0 ? "[]\n" : "\n]\n")
        output.flush()
    }
}
