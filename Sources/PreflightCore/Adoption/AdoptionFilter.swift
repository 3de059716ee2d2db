import Foundation

/// ``GradualAdoption``'s pipeline one file at a time: the suppression comments of the file,
/// `--since` and the baseline, in that order. A tool that writes its findings as it goes uses it
/// directly; ``GradualAdoption/apply(_:settings:suppressions:tool:root:display:introduced:)`` runs a whole
/// report through it. With `writeBaselinePath`, no baseline is applied (the findings left are what
/// is written).
package struct AdoptionFilter {
    private let suppressions: [String: FileSuppressions]
    private let added: AddedLines?
    private var baseline: Baseline.Matcher?
    private let tool: String
    private let root: String
    private var current: (absolutePath: String, displayPath: String)?
    private var application: FileSuppressions.Application?
    private var held: [Diagnostic] = []
    /// Findings a suppression comment suppressed so far.
    package private(set) var suppressedInline = 0
    /// Findings the baseline accepted so far.
    package private(set) var acceptedByBaseline = 0

    /// Reads what `settings` name (`--since`'s lines, the baseline) once; their errors are thrown
    /// as ``GradualAdoption/apply(_:settings:suppressions:tool:root:display:introduced:)`` throws
    /// them. `introduced`, when given, takes the place of `--since`'s lines: what the caller already
    /// knows a change adds (`--staged`: the index over `HEAD`).
    package init(
        settings: AdoptionSettings, suppressions: [String: FileSuppressions], tool: String, root: String,
        introduced: AddedLines? = nil
    ) throws {
        self.suppressions = suppressions
        self.tool = tool
        self.root = root
        added = try introduced ?? settings.sinceRevision.map { try AddedLines.since($0, in: root) }
        if settings.writeBaselinePath == nil, let path = settings.baselinePath {
            let file = StandardPath.absolute(path, relativeTo: root)
            baseline = Baseline.Matcher(
                try Baseline.load(from: file), relativeTo: GradualAdoption.directory(of: file), currentDirectory: root)
        }
    }

    /// The file whose findings come next (`absolutePath`, shown as `displayPath`).
    package mutating func begin(file absolutePath: String, displayPath: String) {
        current = (absolutePath, displayPath)
        application = suppressions[absolutePath].flatMap { $0.isEmpty ? nil : FileSuppressions.Application($0) }
    }

    /// What is left of the findings at one place of the current file (a tag and the policies it
    /// breaks), in report order. Places come in line and column order.
    ///
    /// A file with suppression comments is the exception: whether a comment suppressed anything is
    /// known only at its end, and the findings about it belong in line order among the others, so
    /// that file's findings are held and come from ``endFile()``.
    package mutating func admit(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard application != nil else { return filtered(diagnostics) }
        held += filtered(diagnostics.filter { application!.keeps($0) })
        return []
    }

    /// The current file's findings still held (those of a file with suppression comments, with
    /// the findings about the comments themselves), in report order.
    package mutating func endFile() -> [Diagnostic] {
        guard let application, let current else { return [] }
        suppressedInline += application.suppressed
        self.application = nil
        let all = held + filtered(application.commentFindings(displayPath: current.displayPath, tool: tool))
        held = []
        return all.sorted { ($0.location, $0.ruleID) < ($1.location, $1.ruleID) }
    }

    /// `--since` and the baseline, applied to findings of the current file.
    private mutating func filtered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var kept = diagnostics
        if let added, let current {
            kept = kept.filter { added.contains(path: current.absolutePath, line: $0.location.line) }
        }
        if var matcher = baseline, !kept.isEmpty {
            baseline = nil
            let (reported, accepted) = matcher.filter(kept)
            baseline = matcher
            kept = reported
            acceptedByBaseline += accepted
        }
        return kept.sorted { ($0.location, $0.ruleID) < ($1.location, $1.ruleID) }
    }
}
