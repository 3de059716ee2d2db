import Foundation
import PreflightCore

/// One run of todoscan: discover files, scan them, print the findings, decide the exit status.
package enum TodoScanRun {
    /// The tool as reports describe it, with one rule per configured tag.
    static func tool(for options: TodoScanOptions) -> ToolDescriptor {
        var rules = options.syntax.rules.map {
            RuleDescriptor(id: ruleID(for: $0), summary: "\($0.tag) tag in a comment", defaultSeverity: $0.severity)
        }
        let policies = options.policies
        if policies.requiresOwner {
            rules.append(
                RuleDescriptor(id: "missing-owner", summary: "Tag without an owner", defaultSeverity: policies.severity)
            )
        }
        if policies.requiresIssueReference {
            rules.append(
                RuleDescriptor(
                    id: "missing-issue", summary: "Tag without an issue reference", defaultSeverity: policies.severity))
        }
        return ToolDescriptor(
            name: "todoscan", version: PreflightVersion.current, informationURI: PreflightVersion.informationURI,
            rules: rules)
    }

    /// Whether a staged run reads `path`, which the index changes (`isChanged`) or not: a changed
    /// file of a language todoscan reads (the paths and globs it is given may leave it out).
    package static func isRead(_ path: String, isChanged: Bool) -> Bool {
        isChanged && SourceLanguage(path: path) != nil
    }

    /// The rule id of a tag: its name in lower case (`todo`, `fixme`, `error`).
    static func ruleID(for rule: TagRule) -> String { rule.tag.lowercased() }

    /// Scans `options.paths` (relative to `root`, the folder the run is about) and returns the
    /// findings, problems and exit status as a value; nothing is printed. Paths in findings are
    /// relative to `root` (absolute with `usesAbsolutePaths`), `--since` is measured in `root`'s
    /// repository, and a relative baseline path is taken from `root`.
    package static func scan(_ options: TodoScanOptions, in root: String) -> TodoScanReport {
        let staging: Staging
        do {
            staging = try Staging(options, in: root)
        } catch {
            return TodoScanReport(
                report: DiagnosticReport(tool: tool(for: options), diagnostics: [], filesScanned: 0),
                problems: [ErrorReport.render(error, tool: "todoscan")], inputFailed: true)
        }
        let (options, root) = (staging.options, staging.root)
        var (tree, problems, inputFailed, display, introduced) = scanTree(options, in: root, staged: staging.index)

        var diagnostics: [Diagnostic] = []
        // Each file's tags are let go of as they become findings: the two are not held at once.
        var findings = tree.findings
        tree.findings = []
        findings.reverse()
        while let (path, occurrences) = findings.popLast() {
            let shown = display.path(path)
            for occurrence in occurrences {
                diagnostics += self.diagnostics(for: occurrence, at: shown, options: options)
            }
        }

        var report = TodoScanReport(
            report: DiagnosticReport(tool: tool(for: options), diagnostics: [], filesScanned: tree.scannedFileCount),
            problems: problems, inputFailed: inputFailed)
        do {
            let outcome = try GradualAdoption.apply(
                diagnostics, settings: options.adoption, suppressions: suppressions(tree, options: options),
                tool: "todoscan", root: root, display: display, introduced: introduced)
            diagnostics = outcome.diagnostics
            report.acceptedByBaseline = outcome.acceptedByBaseline
            report.suppressedInline = outcome.suppressedInline
            if let wrote = outcome.wroteBaseline {
                report.wroteBaseline = wrote
                return report
            }
        } catch {
            report.problems.append(ErrorReport.render(error, tool: "todoscan"))
            report.failed = true
        }
        report.report = DiagnosticReport(
            tool: report.report.tool, diagnostics: diagnostics, filesScanned: tree.scannedFileCount)
        return report
    }

    /// Discovers and scans the files: the tree's findings, the problems to print (unreadable files,
    /// names that are not UTF-8, the files skipped for their size), whether an input failed, how
    /// paths are shown, and with `staged` the lines the commit adds (known for the files read).
    private static func scanTree(
        _ options: TodoScanOptions, in root: String, staged: StagedIndex?
    ) -> (tree: TreeScan, problems: [String], inputFailed: Bool, display: PathDisplay, introduced: AddedLines?) {
        let discovery = FileDiscovery(
            includes: options.includes.map(Glob.init), excludes: options.excludes.map(Glob.init))
        let scanner = TodoScanner(syntax: options.syntax, maximumFileSize: options.maximumFileSize)
        let roots = options.paths.map { StandardPath.absolute($0, relativeTo: root) }
        let tree: TreeScan
        var introduced: AddedLines?
        if let staged {
            // Only the files the commit changes can hold a tag it introduces.
            let files = discovery.files(staged: staged.changedFiles, under: roots).files.filter {
                SourceLanguage(path: $0) != nil
            }
            do {
                let loaded = try staged.loading(files)
                introduced = loaded.added
                tree = scanner.scan(files, from: .index(loaded))
            } catch {
                return (
                    TreeScan(discoveryProblems: []), [ErrorReport.render(error, tool: "todoscan")], true,
                    PathDisplay(absolute: options.usesAbsolutePaths, relativeTo: root), staged.added
                )
            }
        } else {
            tree = scanner.scan(discovery, under: roots)
        }
        let display = PathDisplay(absolute: options.usesAbsolutePaths, relativeTo: root)
        var problems: [String] = []
        var inputFailed = false
        // A file whose name is not UTF-8 matters only when it is one todoscan would read.
        for problem in tree.discoveryProblems
        where problem.undecodableName.map({ SourceLanguage(path: $0) != nil }) ?? true {
            problems.append("todoscan: error: cannot read '\(display.path(problem.path))': \(problem.reason)\n")
            inputFailed = true
        }
        var skipped: [SkippedFile] = []
        for problem in tree.problems {
            switch problem {
            case .unreadable(let path, let reason):
                problems.append(
                    ErrorReport.render(
                        ScanProblem.unreadable(path: display.path(path), reason: reason), tool: "todoscan"))
                inputFailed = true
            case .tooLarge(let path, let size, _):
                skipped.append(SkippedFile(path: display.path(path), size: size))
            }
        }
        if let line = SkippedFiles.line(skipped, limit: options.maximumFileSize, tool: "todoscan") {
            problems.append(line)
        }

        return (tree, problems, inputFailed, display, introduced)
    }

    /// Each file's suppression comments, read against the rules the run knows.
    private static func suppressions(_ tree: TreeScan, options: TodoScanOptions) -> [String: FileSuppressions] {
        var suppressions: [String: FileSuppressions] = [:]
        let knownRules = Set(options.syntax.rules.map(ruleID(for:)) + ["missing-owner", "missing-issue"])
        for (path, parsed) in tree.directives {
            suppressions[path] = FileSuppressions(parsed, tool: "todoscan", knownRules: knownRules)
        }
        return suppressions
    }

    /// Runs todoscan as the command does: scans (``scan(_:in:)``), then prints the findings to
    /// `output` and problems and the summary to `errorOutput`. With `--staged`, `index` is git's
    /// index when the caller has read it already (with its added lines), else it is read here.
    ///
    /// - Returns: ``ToolExitStatus/findings`` when an error-severity tag was found (any tag with
    ///   `isStrict`), ``ToolExitStatus/usageOrInputError`` when a path could not be read (the rest
    ///   is still scanned), ``ToolExitStatus/clean`` otherwise. Files skipped for their size are
    ///   reported but do not change the status.
    package static func run(
        _ options: TodoScanOptions, in root: String, index: StagedIndex? = nil,
        output: @escaping (String) -> Void,
        errorOutput: (String) -> Void
    ) -> ToolExitStatus {
        // Writing a baseline needs every finding at once; everything else is written file by file.
        guard options.adoption.writeBaselinePath == nil else {
            let result = scan(options, in: root)
            for problem in result.problems { errorOutput(problem) }
            if result.failed { return .usageOrInputError }
            if let (path, count) = result.wroteBaseline, !options.isQuiet {
                errorOutput("todoscan: wrote \(count) findings to the baseline '\(path)'\n")
            }
            return result.status(strict: options.isStrict)
        }
        return stream(options, in: root, index: index, output: output, errorOutput: errorOutput)
    }

    /// ``run(_:in:output:errorOutput:)`` without a baseline to write: each file's findings are made,
    /// filtered (``AdoptionFilter``) and written before the next file's, so memory stays that of
    /// the scan, never that of millions of findings and their report.
    private static func stream(
        _ options: TodoScanOptions, in root: String, index: StagedIndex?, output: @escaping (String) -> Void,
        errorOutput: (String) -> Void
    ) -> ToolExitStatus {
        let staging: Staging
        do {
            staging = try Staging(options, in: root, index: index)
        } catch {
            errorOutput(ErrorReport.render(error, tool: "todoscan"))
            return .usageOrInputError
        }
        let (options, root) = (staging.options, staging.root)
        var (tree, problems, inputFailed, display, introduced) = scanTree(options, in: root, staged: staging.index)
        for problem in problems { errorOutput(problem) }
        var filter: AdoptionFilter
        do {
            filter = try AdoptionFilter(
                settings: options.adoption, suppressions: suppressions(tree, options: options), tool: "todoscan",
                root: root, introduced: introduced)
        } catch {
            errorOutput(ErrorReport.render(error, tool: "todoscan"))
            return .usageOrInputError
        }
        // Every file with findings or suppression comments (whose unused ones are findings), in
        // report order.
        var files: [String: [TagOccurrence]] = [:]
        for (path, occurrences) in tree.findings { files[path] = occurrences }
        for (path, _) in tree.directives where files[path] == nil { files[path] = [] }
        tree.findings = []
        let order = files.keys.map { (path: $0, shown: display.path($0)) }.sorted { $0.shown < $1.shown }
        let stream = options.format.renderer().stream(tool: tool(for: options), to: output)
        var counts = DiagnosticSummary(errors: 0, warnings: 0, notes: 0, filesScanned: tree.scannedFileCount)
        func write(_ diagnostics: [Diagnostic]) {
            for diagnostic in diagnostics {
                counts.count(diagnostic)
                stream.append(diagnostic)
            }
        }
        for (path, shown) in order {
            var occurrences = files.removeValue(forKey: path) ?? []
            filter.begin(file: path, displayPath: shown)
            // One tag at a time, each let go of as it is written: a file of a million tags is never
            // held as a million findings too.
            occurrences.reverse()
            while let occurrence = occurrences.popLast() {
                write(filter.admit(diagnostics(for: occurrence, at: shown, options: options)))
            }
            write(filter.endFile())
        }
        stream.finish(filesScanned: tree.scannedFileCount)
        if !options.isQuiet {
            errorOutput(
                AdoptionSummary.label(staged: options.adoption.checksStaged, tool: "todoscan")
                    + AdoptionSummary.line(
                        counts, acceptedByBaseline: filter.acceptedByBaseline, suppressed: filter.suppressedInline)
                    + "\n")
        }
        if inputFailed { return .usageOrInputError }
        if counts.errors > 0 || (options.isStrict && counts.total > 0) { return .findings }
        return .clean
    }
}

extension TodoScanRun {
    /// The tag's own finding, its deadline applied, plus one finding per broken policy. Fingerprints
    /// leave out the deadline note, which changes from day to day.
    static func diagnostics(for occurrence: TagOccurrence, at path: String, options: TodoScanOptions) -> [Diagnostic] {
        let location = SourceLocation(
            path: path, line: occurrence.line, column: occurrence.column, utf16Column: occurrence.utf16Column)
        let verdict = options.policies.judge(occurrence, today: options.today ?? CalendarDay.today())
        let rule = ruleID(for: occurrence.rule)
        var found = [
            Diagnostic(
                location: location, severity: verdict.severity,
                message: occurrence.message + (verdict.deadlineNote.map { " (\($0))" } ?? ""), ruleID: rule,
                fingerprint: "\(rule):\(occurrence.message)")
        ]
        for violation in verdict.violations {
            found.append(
                Diagnostic(
                    location: location, severity: options.policies.severity, message: violation.message,
                    ruleID: violation.ruleID, fingerprint: "\(violation.ruleID):\(occurrence.message)"))
        }
        return found
    }
}

/// Where a run reads: the work tree as given, or (`--staged`) git's index, with paths taken from
/// the folder the run was started in and shown from the repository's root.
private struct Staging {
    var options: TodoScanOptions
    var root: String
    var index: StagedIndex?

    /// `read`: the index when the caller has read it (from `directory`).
    init(_ options: TodoScanOptions, in directory: String, index read: StagedIndex? = nil) throws(GitError) {
        guard options.adoption.checksStaged else {
            (self.options, root, index) = (options, directory, nil)
            return
        }
        let index: StagedIndex
        if let read {
            index = read
        } else {
            index = try StagedIndex.read(in: directory, allFiles: false, git: options.adoption.git)
        }
        var options = options
        options.paths = options.paths.map { StandardPath.absolute($0, relativeTo: directory) }
        options.adoption.baselinePath = options.adoption.baselinePath.map {
            StandardPath.absolute($0, relativeTo: directory)
        }
        (self.options, root, self.index) = (options, index.root, index)
    }
}
