/// The document `--format json` prints: the schema scripts can rely on.
///
/// ```json
/// {
///   "diagnostics" : [
///     {
///       "column" : 5,
///       "fingerprint" : "hack:HACK: retry",
///       "line" : 12,
///       "message" : "HACK: retry",
///       "path" : "Sources/App/Main.swift",
///       "ruleId" : "hack",
///       "severity" : "warning",
///       "utf16Column" : 5
///     }
///   ],
///   "filesScanned" : 812,
///   "summary" : {
///     "errors" : 0,
///     "notes" : 0,
///     "warnings" : 1
///   },
///   "tool" : "todoscan",
///   "version" : "1.0.0"
/// }
/// ```
///
/// Keys are sorted and every key is always present; `severity` is `error`, `warning` or `note`;
/// `line` and `column` are 1-based (the column counts UTF-8 bytes, as compilers do; `utf16Column`
/// is the same place in UTF-16 code units, as SARIF and GitHub count); `diagnostics` are sorted by
/// path, line, column and rule id. New keys may be added; existing ones keep their meaning.
package struct JSONDiagnosticDocument: Sendable, Hashable, Codable {
    /// One finding.
    package struct Entry: Sendable, Hashable, Codable {
        var path: String
        var line: Int
        var column: Int
        /// The column in UTF-16 code units (``SourceLocation/columnInUTF16``). Optional when
        /// decoding, for documents written before it existed.
        var utf16Column: Int?
        var severity: Severity
        var message: String
        /// Encoded as `ruleId`.
        var ruleID: String
        var fingerprint: String
        /// Other files the finding is about (``Diagnostic/relatedPaths``); absent when none.
        var relatedPaths: [String]?

        /// The entry for `diagnostic`.
        init(_ diagnostic: Diagnostic) {
            path = diagnostic.location.path
            line = diagnostic.location.line
            column = diagnostic.location.column
            utf16Column = diagnostic.location.columnInUTF16
            severity = diagnostic.severity
            message = diagnostic.message
            ruleID = diagnostic.ruleID
            fingerprint = diagnostic.fingerprint
            relatedPaths = diagnostic.relatedPaths.isEmpty ? nil : diagnostic.relatedPaths
        }

        /// The finding this entry describes.
        package var diagnostic: Diagnostic {
            Diagnostic(
                location: SourceLocation(path: path, line: line, column: column, utf16Column: utf16Column),
                severity: severity,
                message: message, ruleID: ruleID, fingerprint: fingerprint, relatedPaths: relatedPaths ?? [])
        }

        private enum CodingKeys: String, CodingKey {
            case path, line, column, utf16Column, severity, message, fingerprint, relatedPaths
            case ruleID = "ruleId"
        }
    }

    /// How many findings there are of each severity.
    struct Counts: Sendable, Hashable, Codable {
        var errors: Int
        var warnings: Int
        var notes: Int

        init(errors: Int, warnings: Int, notes: Int) {
            self.errors = errors
            self.warnings = warnings
            self.notes = notes
        }

        /// The counts of `summary`.
        init(_ summary: DiagnosticSummary) {
            self.init(errors: summary.errors, warnings: summary.warnings, notes: summary.notes)
        }
    }

    /// The tool's name (`todoscan`).
    package var tool: String
    /// The tool's version.
    package var version: String
    /// How many files were scanned.
    package var filesScanned: Int
    /// Every finding.
    package var diagnostics: [Entry]
    /// The counts by severity.
    var summary: Counts

    /// The document for `report`.
    init(_ report: DiagnosticReport) {
        let counts = report.summary
        tool = report.tool.name
        version = report.tool.version
        filesScanned = report.filesScanned
        diagnostics = report.diagnostics.map(Entry.init)
        summary = Counts(counts)
    }
}
