import Foundation
import PreflightCore

/// One run of todoscan: discover files, scan them, print the findings, decide the exit status.
public enum TodoScanRun {
    /// The tool as reports describe it, with one rule per configured tag.
    public static func tool(for options: TodoScanOptions) -> ToolDescriptor {
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

    /// The rule id of a tag: its name in lower case (`todo`, `fixme`, `error`).
    public static func ruleID(for rule: TagRule) -> String { rule.tag.lowercased() }

    /// Runs todoscan. Findings go to `output`, problems and the summary to `errorOutput`.
    ///
    /// - Returns: ``ToolExitStatus/findings`` when an error-severity tag was found (any tag with
    ///   `isStrict`), ``ToolExitStatus/usageOrInputError`` when a path could not be read (the rest
    ///   is still scanned), ``ToolExitStatus/clean`` otherwise. Files skipped for their size are
    ///   reported but do not change the status.
    public static func run(
        _ options: TodoScanOptions,
        output: (String) -> Void,
        errorOutput: (String) -> Void
    ) -> ToolExitStatus {
        let discovery = FileDiscovery(
            includes: options.includes.map(Glob.init), excludes: options.excludes.map(Glob.init))
        let scanner = TodoScanner(syntax: options.syntax, maximumFileSize: options.maximumFileSize)
        let tree = scanner.scan(discovery, under: options.paths)
        var inputFailed = false
        for problem in tree.discoveryProblems {
            errorOutput("todoscan: error: cannot read '\(problem.path)': \(problem.reason)\n")
            inputFailed = true
        }
        for problem in tree.problems {
            errorOutput(ErrorReport.render(problem, tool: "todoscan"))
            if case .unreadable = problem { inputFailed = true }
        }

        let display = PathDisplay(absolute: options.usesAbsolutePaths)
        var diagnostics: [Diagnostic] = []
        for (path, occurrences) in tree.findings {
            let shown = display.path(path)
            for occurrence in occurrences {
                diagnostics += self.diagnostics(for: occurrence, at: shown, options: options)
            }
        }

        var suppressed = 0
        do {
            if let revision = options.sinceRevision {
                let added = try AddedLines.since(revision, in: FileManager.default.currentDirectoryPath)
                diagnostics = diagnostics.filter { added.contains(path: $0.location.path, line: $0.location.line) }
            }
            if let path = options.writeBaselinePath {
                try Baseline(diagnostics: diagnostics, relativeTo: Self.directory(of: path)).write(to: path)
                if !options.isQuiet {
                    errorOutput("todoscan: wrote \(diagnostics.count) findings to the baseline '\(path)'\n")
                }
                return inputFailed ? .usageOrInputError : .clean
            }
            if let path = options.baselinePath {
                (diagnostics, suppressed) = try Baseline.load(from: path).filter(
                    diagnostics, relativeTo: Self.directory(of: path))
            }
        } catch {
            errorOutput(ErrorReport.render(error, tool: "todoscan"))
            return .usageOrInputError
        }

        let report = DiagnosticReport(
            tool: tool(for: options), diagnostics: diagnostics, filesScanned: tree.scannedFileCount)
        output(options.format.renderer().render(report))
        if !options.isQuiet {
            let accepted = suppressed > 0 ? " (\(suppressed) more accepted by the baseline)" : ""
            errorOutput("\(report.summary)\(accepted)\n")
        }
        if report.hasErrors || (options.isStrict && !report.diagnostics.isEmpty) { return .findings }
        return inputFailed ? .usageOrInputError : .clean
    }
}

extension TodoScanRun {
    /// The tag's own finding, its deadline applied, plus one finding per broken policy. Fingerprints
    /// leave out the deadline note, which changes from day to day.
    static func diagnostics(for occurrence: TagOccurrence, at path: String, options: TodoScanOptions) -> [Diagnostic] {
        let location = SourceLocation(path: path, line: occurrence.line, column: occurrence.column)
        let verdict = options.policies.judge(occurrence, today: options.today)
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

extension TodoScanRun {
    static func directory(of path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (absolute as NSString).deletingLastPathComponent
    }
}
