import PreflightCore

/// The settings given on the command line, as a value: laid over the `prepush` section of the
/// configuration file of whichever folder is checked. So a check of a pushed commit in prepush's
/// worktree uses that commit's `.preflight.json`, not the work tree's, with the same flags on top.
///
/// A flag that sets a setting is an edit of ``PrePushOptions`` (``set(_:_:)``, ``edit(_:)``): a
/// new setting needs no field here. The few flags the run itself reads are fields.
package struct PrePushFlags: Sendable {
    /// The settings the flags set, in the order given.
    private var edits: [@Sendable (inout PrePushOptions) -> Void] = []
    /// `--coverage-report FORMAT=PATH` (repeatable): replaces the file's report of that format. A
    /// path given on the command line may be written outside the repository.
    package var coverageReports: [CoverageExportRequest] = []
    /// `--report json=PATH` (likewise).
    package var runReportPath: String?
    /// `--summary PATH` (likewise).
    package var summaryPath: String?
    /// `--publish-verification REMOTE`: after a pass, publish what was verified to the remote's
    /// `refs/notes/preflight` (``VerificationPublisher``).
    package var publishRemote: String?
    /// `--signing-key PATH` (else `PREFLIGHT_SIGNING_KEY`): the SSH key that signs it.
    package var signingKey: String?
    /// `--trust-shared-records`: under CI too, skip what trusted shared records vouch for (a CI run
    /// ignores them unless asked).
    package var trustsSharedRecords = false
    /// `--config`: this file instead of the nearest `.preflight.json`.
    package var configurationFile: String?
    /// `--dry-run`: print the plan (what would be checked, where, and why) and run nothing.
    package var dryRun = false
    /// `--package` (repeatable): the folders of the packages to check, relative to the folder
    /// prepush runs in (or absolute).
    package var packageFolders: [String] = []

    package init() {}

    /// Sets the setting at `path` to `value`, when one is given (`nil`: the file's stands). The key
    /// path is made only then: a hook's run gives no flag, and making each costs it.
    package mutating func set<Value: Sendable>(
        _ path: @autoclosure () -> (WritableKeyPath<PrePushOptions, Value> & Sendable), _ value: Value?
    ) {
        guard let value else { return }
        let path = path()
        edits.append { $0[keyPath: path] = value }
    }

    /// Sets the optional setting at `path` to `value`, when one is given (`nil` leaves the file's:
    /// a flag cannot unset a setting).
    package mutating func set<Value: Sendable>(
        _ path: @autoclosure () -> (WritableKeyPath<PrePushOptions, Value?> & Sendable), _ value: Value?
    ) {
        guard let value else { return }
        let path = path()
        edits.append { $0[keyPath: path] = value }
    }

    /// Changes the settings as `edit` says (a flag that adds to the file's list, say).
    package mutating func edit(_ edit: @escaping @Sendable (inout PrePushOptions) -> Void) {
        edits.append(edit)
    }

    /// `--min-coverage`: the total's minimum, or a target's or a glob's (replacing the same key's).
    package mutating func setMinimumCoverage(_ flag: CoverageMinimums.Flag) {
        switch flag {
        case .total(let percent): edit { $0.minimumCoverage = percent }
        case .keyed(let key, let percent): edit { $0.coverageMinimums = $0.coverageMinimums.adding([key: percent]) }
        }
    }

    /// `--report json=PATH`: the path, or `nil` for any other form.
    package static func runReportPath(_ argument: String) -> String? {
        guard argument.hasPrefix("json="), argument.count > 5 else { return nil }
        return String(argument.dropFirst(5))
    }

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
    func options(file: ConfigurationFile?, in root: String) throws -> PrePushOptions {
        if configurationFile != nil { return try options(in: root) }
        return try SettingsResolver.resolve(file: file, alsoChecking: PrePushOptions.stepSettings) { options in
            apply(to: &options)
        }
    }

    func apply(to options: inout PrePushOptions) {
        options.coverageReports = CoverageExportRequest.merged(options.coverageReports + coverageReports)
        if let runReportPath { options.runReportPath = runReportPath }
        if let summaryPath { options.summaryPath = summaryPath }
        for edit in edits { edit(&options) }
    }
}
