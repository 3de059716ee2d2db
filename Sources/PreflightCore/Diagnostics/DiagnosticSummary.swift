/// The counts of a report and the one-line summary a tool prints on standard error after it.
///
/// Wording (``description``):
/// - counts in clang's order, warnings, then errors, then notes: `3 warnings, 1 error in 812 files`;
/// - each count in its singular or plural (`1 warning`, `2 notes`, `in 1 file`);
/// - counts of zero are left out (`2 notes in 5 files`, never `0 errors, 0 warnings, 2 notes`);
/// - without any finding: `no findings in 812 files`.
package struct DiagnosticSummary: Sendable, Hashable, CustomStringConvertible {
    /// Findings of severity ``Severity/error``.
    package var errors: Int
    /// Findings of severity ``Severity/warning``.
    var warnings: Int
    /// Findings of severity ``Severity/note``.
    var notes: Int
    /// How many files were scanned.
    var filesScanned: Int

    package init(errors: Int, warnings: Int, notes: Int, filesScanned: Int) {
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
        self.filesScanned = filesScanned
    }

    /// Counts `diagnostics` by severity.
    init(diagnostics: some Sequence<Diagnostic>, filesScanned: Int) {
        self.init(errors: 0, warnings: 0, notes: 0, filesScanned: filesScanned)
        for diagnostic in diagnostics { count(diagnostic) }
    }

    /// Counts one more finding, by its severity.
    package mutating func count(_ diagnostic: Diagnostic) {
        switch diagnostic.severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: notes += 1
        }
    }

    /// The summary of `report`.
    init(_ report: DiagnosticReport) {
        self.init(diagnostics: report.diagnostics, filesScanned: report.filesScanned)
    }

    /// How many findings there are in all.
    package var total: Int { errors + warnings + notes }

    /// The one-line summary, without a line terminator, for example `3 warnings, 1 error in 812 files`.
    package var description: String {
        let counts = [
            Self.count(warnings, "warning", "warnings"),
            Self.count(errors, "error", "errors"),
            Self.count(notes, "note", "notes"),
        ]
        .compactMap { $0 }
        let files = filesScanned == 1 ? "1 file" : "\(filesScanned) files"
        let findings = counts.isEmpty ? "no findings" : counts.joined(separator: ", ")
        return "\(findings) in \(files)"
    }

    private static func count(_ value: Int, _ singular: String, _ plural: String) -> String? {
        switch value {
        case 0: nil
        case 1: "1 \(singular)"
        default: "\(value) \(plural)"
        }
    }
}

extension DiagnosticReport {
    /// The counts of this report and its one-line summary.
    package var summary: DiagnosticSummary { DiagnosticSummary(self) }
}
