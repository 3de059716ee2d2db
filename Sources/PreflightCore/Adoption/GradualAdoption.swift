import Foundation

/// The one pipeline every scanner's findings go through before they are reported: suppression
/// comments, then `--since` (only findings on added lines), then the baseline (accept or write).
package enum GradualAdoption {
    /// What the pipeline gave.
    package struct Outcome: Sendable {
        /// The findings to report: those left, and warnings about suppression comments.
        package var diagnostics: [Diagnostic]
        /// How many findings a suppression comment suppressed.
        package var suppressedInline = 0
        /// How many findings the baseline accepted.
        package var acceptedByBaseline = 0
        /// With `writeBaselinePath`: the file written (as given) and how many findings it holds.
        package var wroteBaseline: (path: String, count: Int)?
    }

    /// Applies `suppressions` (keyed by absolute, standardized path), `settings` and the baseline
    /// to `diagnostics`, whose paths are relative to `root` or absolute (`display` shows the paths of
    /// warnings about comments in files without findings). Warnings about suppression
    /// comments (unused, unknown rule, malformed) are findings like the others: `--since` and the
    /// baseline apply to them too. `introduced` replaces `--since`'s lines (see ``AdoptionFilter``).
    ///
    /// - Throws: ``GitError`` when `--since`'s revision cannot be compared against,
    ///   ``BaselineError`` when the baseline cannot be read or written.
    package static func apply(
        _ diagnostics: [Diagnostic], settings: AdoptionSettings, suppressions: [String: FileSuppressions],
        tool: String, root: String, display: PathDisplay, introduced: AddedLines? = nil
    ) throws -> Outcome {
        var filter = try AdoptionFilter(
            settings: settings, suppressions: suppressions, tool: tool, root: root, introduced: introduced)
        // Each file's findings together (a file's suppression comments apply to all of them, and
        // the baseline counts per file), and the files whose comments may have suppressed nothing.
        var byFile: [String: (shown: String, diagnostics: [Diagnostic])] = [:]
        for diagnostic in diagnostics {
            let path = StandardPath.absolute(diagnostic.location.path, relativeTo: root)
            byFile[path, default: (diagnostic.location.path, [])].diagnostics.append(diagnostic)
        }
        var kept: [Diagnostic] = []
        for path in Set(byFile.keys).union(suppressions.keys).sorted() {
            let file = byFile.removeValue(forKey: path)
            filter.begin(file: path, displayPath: file?.shown ?? display.path(path))
            kept += filter.admit(file?.diagnostics ?? [])
            kept += filter.endFile()
        }
        var outcome = Outcome(
            diagnostics: kept, suppressedInline: filter.suppressedInline, acceptedByBaseline: filter.acceptedByBaseline)
        if let path = settings.writeBaselinePath {
            let file = StandardPath.absolute(path, relativeTo: root)
            try Baseline(diagnostics: kept, relativeTo: directory(of: file), currentDirectory: root).write(to: file)
            outcome.wroteBaseline = (path, kept.count)
        }
        return outcome
    }

    static func directory(of path: String) -> String {
        (path as NSString).deletingLastPathComponent
    }
}

/// The summary line of a scanner, with what gradual adoption kept out of it.
package enum AdoptionSummary {
    /// `1 error in 2 files (3 more accepted by the baseline, 2 suppressed by comments)`; `details`,
    /// the tool's own, go in the same parentheses after a semicolon.
    package static func line(
        _ summary: DiagnosticSummary, acceptedByBaseline: Int, suppressed: Int, details: [String] = []
    ) -> String {
        var parts: [String] = []
        if acceptedByBaseline > 0 { parts.append("\(acceptedByBaseline) more accepted by the baseline") }
        if suppressed > 0 { parts.append("\(suppressed) suppressed by comments") }
        let groups = [parts.joined(separator: ", ")].filter { !$0.isEmpty } + details
        return "\(summary)" + (groups.isEmpty ? "" : " (\(groups.joined(separator: "; ")))")
    }

    /// What goes before the summary line: the tool's name in a `--staged` run, whose line the
    /// pre-commit hook prints beside the other tool's (`todoscan: no findings in 1 file`).
    package static func label(staged: Bool, tool: String) -> String { staged ? "\(tool): " : "" }
}
