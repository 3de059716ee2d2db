import ErrorLintSettings
import Foundation
import PreflightCore

/// One run of errorlint: read the project, run every enabled rule, print the findings, decide
/// the exit status.
package enum ErrorLintRun {
    /// The tool as reports describe it.
    static func tool(for options: ErrorLintOptions) -> ToolDescriptor {
        ToolDescriptor(
            name: "errorlint", version: PreflightVersion.current, informationURI: PreflightVersion.informationURI,
            rules: RuleRegistry.all.map { rule in
                var descriptor = rule.description.descriptor
                descriptor.defaultSeverity = options.severity(of: rule.description.rule) ?? descriptor.defaultSeverity
                return descriptor
            })
    }

    /// The findings of every enabled rule on `analysis`, with their configured severities.
    static func diagnostics(
        for analysis: ErrorLintAnalysis, options: ErrorLintOptions, in root: String
    ) -> [Diagnostic] {
        // Every rule reads error types or catalogs: with neither there is nothing to find (and the
        // rules are not made, a cost a commit of a package with no error type would pay each time).
        guard !analysis.errorTypes.isEmpty || analysis.catalogs != nil || analysis.wholeCatalog != nil else {
            return []
        }
        let context = RuleContext(
            errorTypes: analysis.errorTypes, requiredMembers: options.requiredMembers, catalogs: analysis.catalogs,
            mainBundleCatalogs: analysis.mainBundleCatalogs, wholeCatalog: analysis.wholeCatalog,
            minimumTranslated: options.minimumTranslated)
        let display = PathDisplay(absolute: options.usesAbsolutePaths, relativeTo: root)
        var seen = Set<Diagnostic>()
        var diagnostics: [Diagnostic] = []
        for rule in RuleRegistry.all {
            guard let severity = options.severity(of: rule.description.rule, catalogsFound: analysis.foundCatalogs)
            else {
                continue
            }
            for finding in rule.init().findings(in: context) {
                var location = finding.location
                location.path = display.path(location.path)
                let diagnostic = Diagnostic(
                    location: location, severity: severity, message: finding.message, ruleID: rule.description.id,
                    relatedPaths: finding.related.map { display.path($0.path) })
                if seen.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
            }
        }
        return diagnostics
    }

    /// The one note of a run that found no string catalog: keys are not checked, and the rules that
    /// are off for that reason (those no setting names) are named with how to turn them on.
    static func missingCatalogNote(_ options: ErrorLintOptions) -> String {
        let found = "errorlint: note: no string catalog (.xcstrings, .strings, .stringsdict) found"
        let rules = options.rulesOffWithoutCatalogs
        guard let first = rules.first else {
            return found + "; keys are not checked (name catalogs with --catalog)"
        }
        let defaultSeverity = ErrorLintRuleID(rawValue: first)?.defaultSeverity.rawValue ?? "warning"
        return found + ", so the package is taken as not localized: keys are not checked and "
            + rules.joined(separator: ", ") + " \(rules.count == 1 ? "is" : "are") off (name catalogs with "
            + "--catalog, or turn it on with --rule \(first)=\(defaultSeverity))"
    }

    /// Runs errorlint on `options.paths` and `options.catalogPaths`, relative to `root` (the folder
    /// the run is about; findings' paths are shown relative to it). Findings go to `output`,
    /// problems and the summary to `errorOutput`.
    ///
    /// - Returns: ``ToolExitStatus/usageOrInputError`` when a file could not be read or parsed (the
    ///   rest is still checked, and its findings printed), else ``ToolExitStatus/findings`` when an
    ///   error-severity finding was reported (any finding with `isStrict`), else
    ///   ``ToolExitStatus/clean``.
    package static func run(
        _ options: ErrorLintOptions, in root: String, staged read: StagedRead? = nil,
        output: (String) -> Void,
        errorOutput: (String) -> Void
    ) -> ToolExitStatus {
        var options = options
        var root = root
        options.paths = options.paths.map { StandardPath.absolute($0, relativeTo: root) }
        options.catalogPaths = options.catalogPaths.map { StandardPath.absolute($0, relativeTo: root) }
        // --staged: every staged file is read from git's index; findings are reported in the files
        // the commit changes, shown from the repository's root.
        var staged: StagedIndex?
        var factsCache: SourceFactsCache.Loaded?
        var introduced: AddedLines?
        if options.adoption.checksStaged {
            do {
                let read = try read ?? readStaged(options, in: root)
                factsCache = read.factsCache
                options.adoption.baselinePath = options.adoption.baselinePath.map {
                    StandardPath.absolute($0, relativeTo: root)
                }
                (staged, root) = (read.index, read.index.root)
                introduced = AddedLines(newFiles: Set(read.index.changedFiles))
            } catch {
                errorOutput(ErrorReport.render(error, tool: "errorlint"))
                return .usageOrInputError
            }
        }
        let analysis = ErrorLintAnalysis.read(options, staged: staged, factsCache: factsCache)
        let display = PathDisplay(absolute: options.usesAbsolutePaths, relativeTo: root)
        for problem in analysis.problems {
            errorOutput("errorlint: error: \(problem.path): \(problem.reason)\n")
        }
        let skipped = analysis.skipped.map { SkippedFile(path: display.path($0.path), size: $0.size) }
        if let line = SkippedFiles.line(skipped, limit: options.maximumFileSize, tool: "errorlint") {
            errorOutput(line)
        }
        if !analysis.foundCatalogs, !options.isQuiet,
            analysis.errorTypes.contains(where: { $0.isLocalizedError })
        {
            errorOutput(missingCatalogNote(options) + "\n")
        }
        let adopted: GradualAdoption.Outcome
        do {
            adopted = try GradualAdoption.apply(
                diagnostics(for: analysis, options: options, in: root), settings: options.adoption,
                suppressions: suppressions(analysis), tool: SuppressionCommentReader.tool, root: root, display: display,
                introduced: introduced)
        } catch {
            errorOutput(ErrorReport.render(error, tool: "errorlint"))
            return .usageOrInputError
        }
        if let (path, count) = adopted.wroteBaseline {
            if !options.isQuiet { errorOutput("errorlint: wrote \(count) findings to the baseline '\(path)'\n") }
            return analysis.problems.isEmpty ? .clean : .usageOrInputError
        }
        let report = DiagnosticReport(
            tool: tool(for: options), diagnostics: adopted.diagnostics, filesScanned: analysis.swiftFileCount)
        options.format.renderer(showingRuleIDs: true).write(report, to: output)
        if !options.isQuiet {
            let types = analysis.errorTypes.filter(\.isLocalizedError).count
            var details = [
                "\(types) LocalizedError type\(types == 1 ? "" : "s")",
                "\(analysis.parsedFileCount) of \(analysis.swiftFileCount) Swift files parsed",
            ]
            let developer = analysis.developerCodeTypes.count
            if developer > 0 {
                details.append(
                    "\(developer) error type\(developer == 1 ? "" : "s") in developer code not checked: "
                        + "--include-developer-code")
            }
            let summary = AdoptionSummary.line(
                report.summary, acceptedByBaseline: adopted.acceptedByBaseline, suppressed: adopted.suppressedInline,
                details: details)
            let label = AdoptionSummary.label(staged: options.adoption.checksStaged, tool: "errorlint")
            errorOutput(label + summary + "\n")
            if let whole = analysis.wholeCatalog { errorOutput(whole.summary + "\n") }
        }
        // An input error wins over findings: what could not be read was not checked.
        if !analysis.problems.isEmpty { return .usageOrInputError }
        if report.hasErrors || (options.isStrict && !report.diagnostics.isEmpty) { return .findings }
        return .clean
    }

    /// What `--staged` reads before the analysis: git's index and errorlint's facts cache.
    package struct StagedRead: Sendable {
        package var index: StagedIndex
        var factsCache: SourceFactsCache.Loaded?
    }

    /// Reads git's index from `directory` for `options` (with `--staged`): the facts cache is read
    /// while git lists the index, and the files to be read whole by a git started beside the
    /// listing. `addedLines` and `alsoPreloading` are for a caller that runs todoscan on the same
    /// read (``StagedIndex/read(in:allFiles:addedLines:git:preloading:whileGitRuns:)``): the lines
    /// the index adds, and the files it reads besides errorlint's.
    ///
    /// - Throws: ``GitError`` outside a work tree or when git fails.
    package static func readStaged(
        _ options: ErrorLintOptions, in directory: String, addedLines: Bool = false,
        alsoPreloading: (@Sendable (_ path: String, _ isChanged: Bool) -> Bool)? = nil
    ) throws(GitError) -> StagedRead {
        let preloading: (String, Bool) -> Bool =
            if let alsoPreloading {
                { ErrorLintAnalysis.isRead($0, isChanged: $1) || alsoPreloading($0, $1) }
            } else {
                ErrorLintAnalysis.isRead
            }
        let (index, cache) = try StagedIndex.read(
            in: directory, allFiles: true, addedLines: addedLines, git: options.adoption.git, preloading: preloading
        ) { [options] in ErrorLintAnalysis.factsCache(for: options, commonDirectory: $0) }
        return StagedRead(index: index, factsCache: cache)
    }

    /// The suppression comments of the analysis, checked against the rule ids errorlint knows.
    static func suppressions(_ analysis: ErrorLintAnalysis) -> [String: FileSuppressions] {
        guard !analysis.directives.isEmpty else { return [:] }
        let known = Set(RuleRegistry.all.map { $0.description.id })
        return analysis.directives.mapValues {
            FileSuppressions($0, tool: SuppressionCommentReader.tool, knownRules: known)
        }
    }
}
