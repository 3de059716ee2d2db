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
    /// baseline apply to them too.
    ///
    /// - Throws: ``GitError`` when `--since`'s revision cannot be compared against,
    ///   ``BaselineError`` when the baseline cannot be read or written.
    package static func apply(
        _ diagnostics: [Diagnostic], settings: AdoptionSettings, suppressions: [String: FileSuppressions],
        tool: String, root: String, display: PathDisplay
    ) throws -> Outcome {
        var outcome = Outcome(diagnostics: [])
        var diagnostics = diagnostics
        if !suppressions.isEmpty {
            (diagnostics, outcome.suppressedInline) = suppress(
                diagnostics, suppressions, tool: tool, root: root, display: display)
        }
        if let revision = settings.sinceRevision {
            let added = try AddedLines.since(revision, in: root)
            diagnostics = diagnostics.filter {
                added.contains(path: StandardPath.absolute($0.location.path, relativeTo: root), line: $0.location.line)
            }
        }
        if let path = settings.writeBaselinePath {
            let file = StandardPath.absolute(path, relativeTo: root)
            try Baseline(diagnostics: diagnostics, relativeTo: directory(of: file), currentDirectory: root)
                .write(to: file)
            outcome.wroteBaseline = (path, diagnostics.count)
            outcome.diagnostics = diagnostics
            return outcome
        }
        if let path = settings.baselinePath {
            let file = StandardPath.absolute(path, relativeTo: root)
            (diagnostics, outcome.acceptedByBaseline) = try Baseline.load(from: file).filter(
                diagnostics, relativeTo: directory(of: file), currentDirectory: root)
        }
        outcome.diagnostics = diagnostics
        return outcome
    }

    /// Each file's findings through its suppressions; a file with suppressions and no finding still
    /// gets its warnings about unused comments.
    private static func suppress(
        _ diagnostics: [Diagnostic], _ suppressions: [String: FileSuppressions], tool: String, root: String,
        display: PathDisplay
    ) -> ([Diagnostic], Int) {
        var byFile: [String: [Int]] = [:]
        var displayPaths: [String: String] = [:]
        for (index, diagnostic) in diagnostics.enumerated() {
            let path = StandardPath.absolute(diagnostic.location.path, relativeTo: root)
            guard suppressions[path] != nil else { continue }
            byFile[path, default: []].append(index)
            displayPaths[path] = diagnostic.location.path
        }
        var removed = Set<Int>()
        var commentFindings: [Diagnostic] = []
        var suppressed = 0
        for (path, fileSuppressions) in suppressions.sorted(by: { $0.key < $1.key }) where !fileSuppressions.isEmpty {
            let indices = byFile[path] ?? []
            let outcome = fileSuppressions.apply(
                to: indices.map { diagnostics[$0] }, displayPath: displayPaths[path] ?? display.path(path),
                tool: tool)
            suppressed += outcome.suppressed
            let kept = Set(outcome.kept)
            for index in indices where !kept.contains(diagnostics[index]) { removed.insert(index) }
            commentFindings += outcome.commentFindings
        }
        let left = diagnostics.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
        return (left + commentFindings, suppressed)
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
}
