import PreflightCore

/// A scanner's findings split into those the push introduces and those that were already there,
/// so the hook shows what a push changes and counts the rest in one line.
struct IntroducedFindings: Sendable {
    /// Findings the push introduces: all of them when there is no base to compare with.
    var new: [Diagnostic]
    /// Findings that were there before the push.
    var existing: [Diagnostic]

    /// How a finding counts as introduced.
    enum Rule {
        /// On a line the push adds (todoscan's tags).
        case addedLine
        /// In a file the push changes, or about one (its related paths: the Swift file using a key
        /// a catalog finding is at) — errorlint's findings, which a change elsewhere in the file or
        /// in the type can cause.
        case changedFile
    }

    /// Splits `diagnostics` (paths relative to `root`) by `introduced`, the lines the push adds;
    /// `nil` (no base: the first push of a repository, or `--all-findings`) makes every finding new.
    static func split(
        _ diagnostics: [Diagnostic], introduced: AddedLines?, root: String, rule: Rule
    ) -> IntroducedFindings {
        guard let introduced else { return IntroducedFindings(new: diagnostics, existing: []) }
        let changedFiles = introduced.files
        func absolute(_ path: String) -> String { StandardPath.absolute(path, relativeTo: root) }
        var new: [Diagnostic] = []
        var existing: [Diagnostic] = []
        for diagnostic in diagnostics {
            let isNew: Bool
            switch rule {
            case .addedLine:
                isNew = introduced.contains(path: absolute(diagnostic.location.path), line: diagnostic.location.line)
            case .changedFile:
                isNew = ([diagnostic.location.path] + diagnostic.relatedPaths).contains {
                    changedFiles.contains(absolute($0))
                }
            }
            if isNew { new.append(diagnostic) } else { existing.append(diagnostic) }
        }
        return IntroducedFindings(new: new, existing: existing)
    }

    /// `2 new (1 error), 41 existing`, or `nil` when nothing was set aside as existing.
    var figure: String? {
        guard !existing.isEmpty else { return nil }
        let errors = new.filter { $0.severity == .error }.count
        return "\(new.count) new" + (errors > 0 ? " (\(errors) error\(errors == 1 ? "" : "s"))" : "")
            + ", \(existing.count) existing"
    }

    /// The one line counting what was already there (`41 TODO/FIXME already in the code; …`), or
    /// `nil` when nothing was.
    func existingLine(singular: String, plural: String) -> String? {
        guard !existing.isEmpty else { return nil }
        let noun = existing.count == 1 ? singular : plural
        let errors = existing.filter { $0.severity == .error }.count
        let note =
            errors == 0
            ? ""
            : " (\(errors) error\(errors == 1 ? "" : "s") among them, there before this push: the push did not "
                + "introduce \(errors == 1 ? "it" : "them"), so \(errors == 1 ? "it does" : "they do") not stop it)"
        return "prepush: \(existing.count) \(noun) already in the code\(note); prepush --all-findings lists them\n"
    }
}
