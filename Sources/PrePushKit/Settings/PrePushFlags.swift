import PreflightCore

/// The settings given on the command line, as a value: laid over the `prepush` section of the
/// configuration file of whichever folder is checked. So a check of a pushed commit in prepush's
/// worktree uses that commit's `.preflight.json`, not the work tree's, with the same flags on top.
package struct PrePushFlags: Sendable {
    package var minimumCoverage: Double?
    /// `--min-coverage TARGET=PERCENT` or `GLOB=PERCENT`: added to the file's minimums (replacing
    /// the same key's).
    package var coverageMinimums: [String: Double] = [:]
    package var minimumDiffCoverage: Double?
    /// `--coverage-exclude` (repeatable): added to the file's globs.
    package var coverageExclude: [String] = []
    /// `--coverage-report FORMAT=PATH` (repeatable): replaces the file's report of that format.
    package var coverageReports: [CoverageExportRequest] = []
    /// `--report json=PATH`.
    package var runReportPath: String?
    package var diffBase: String?
    package var showsCoverageFiles = false
    package var configuration: String?
    package var runsTodoscan: Bool?
    package var runsErrorlint: Bool?
    package var noCache = false
    package var isolated: Bool?
    package var workTree = false
    package var allFindings = false
    package var testArguments: [String] = []
    /// `--backend`/`--xcode`; the build-system settings below override the file's one by one.
    package var backendKind: BuildBackend.Kind?
    /// `--workspace` or `--project`.
    package var xcodeContainer: XcodeContainer?
    package var scheme: String?
    package var destination: String?
    package var testPlan: String?
    /// `--only-testing` (repeatable): replaces the file's list when given.
    package var onlyTesting: [String] = []
    /// `--skip-testing` (repeatable): replaces the file's list when given.
    package var skipTesting: [String] = []
    /// `--config`: this file instead of the nearest `.preflight.json`.
    package var configurationFile: String?
    /// `--keep-going`.
    package var keepGoing: Bool?
    /// `--affected-tests` (`true`) or `--all-tests` (`false`).
    package var affectedTests: Bool?
    /// `--dry-run`: print the plan (what would be checked, where, and why) and run nothing.
    package var dryRun = false
    /// `--package` (repeatable): the folders of the packages to check, relative to the folder
    /// prepush runs in (or absolute).
    package var packageFolders: [String] = []

    package init() {}

    /// Defaults, then the `prepush` section of the configuration file found from `root` (or the
    /// explicit one), then these flags. A configuration error is thrown (exit 2), never dropped:
    /// in any section the check reads, the `todoscan` and `errorlint` steps' too.
    package func options(in root: String, upTo boundary: String? = nil) throws -> PrePushOptions {
        try SettingsResolver.resolve(
            explicitPath: configurationFile, searchingFrom: root, upTo: boundary,
            alsoChecking: PrePushOptions.stepSettings
        ) { options in
            apply(to: &options)
        }
    }

    /// Defaults, then the `prepush` section of `file` (the checked tree's own configuration, or
    /// `nil` for none), then these flags; `--config` given on the command line wins over `file`.
    package func options(file: ConfigurationFile?, in root: String) throws -> PrePushOptions {
        if configurationFile != nil { return try options(in: root) }
        return try SettingsResolver.resolve(file: file, alsoChecking: PrePushOptions.stepSettings) { options in
            apply(to: &options)
        }
    }

    package func apply(to options: inout PrePushOptions) {
        if !coverageMinimums.isEmpty { options.coverageMinimums = options.coverageMinimums.adding(coverageMinimums) }
        if let minimumCoverage { options.minimumCoverage = minimumCoverage }
        if let minimumDiffCoverage { options.minimumDiffCoverage = minimumDiffCoverage }
        options.coverageExclude += coverageExclude
        options.coverageReports = CoverageExportRequest.merged(options.coverageReports + coverageReports)
        if let runReportPath { options.runReportPath = runReportPath }
        if let diffBase { options.diffBase = diffBase }
        options.showsCoverageFiles = showsCoverageFiles
        if let configuration { options.configuration = configuration }
        if let runsTodoscan { options.runsTodoscan = runsTodoscan }
        if let runsErrorlint { options.runsErrorlint = runsErrorlint }
        options.usesCache = !noCache
        if let isolated { options.isolated = isolated }
        if workTree { options.checkedContent = .workTree }
        if allFindings { options.showsAllFindings = true }
        if !testArguments.isEmpty { options.testArguments = testArguments }
        if let backendKind { options.backend.kind = backendKind }
        if let xcodeContainer { options.backend.container = xcodeContainer }
        if let scheme { options.backend.scheme = scheme }
        if let destination { options.backend.destination = destination }
        if let testPlan { options.backend.tests.testPlan = testPlan }
        if !onlyTesting.isEmpty { options.backend.tests.onlyTesting = onlyTesting }
        if !skipTesting.isEmpty { options.backend.tests.skipTesting = skipTesting }
        if let keepGoing { options.keepsGoing = keepGoing }
        if let affectedTests { options.affectedTests = affectedTests }
    }
}
