import PreflightCore

/// The settings given on the command line, as a value: laid over the `prepush` section of the
/// configuration file of whichever folder is checked. So a check of a pushed commit in prepush's
/// worktree uses that commit's `.preflight.json`, not the work tree's, with the same flags on top.
public struct PrePushFlags: Sendable {
    public var minimumCoverage: Double?
    public var minimumDiffCoverage: Double?
    public var diffBase: String?
    public var showsCoverageFiles = false
    public var configuration: String?
    public var runsTodoscan: Bool?
    public var runsErrorlint: Bool?
    public var noCache = false
    public var isolated: Bool?
    public var workTree = false
    public var testArguments: [String] = []
    public var backend = BuildBackend()
    /// `--config`: this file instead of the nearest `.preflight.json`.
    public var configurationFile: String?

    public init() {}

    /// Defaults, then the `prepush` section of the configuration file found from `root` (or the
    /// explicit one), then these flags. A configuration error is thrown (exit 2), never dropped.
    public func options(in root: String) throws -> PrePushOptions {
        try SettingsResolver.resolve(explicitPath: configurationFile, searchingFrom: root) { options in
            apply(to: &options)
        }
    }

    func apply(to options: inout PrePushOptions) {
        if let minimumCoverage { options.minimumCoverage = minimumCoverage }
        if let minimumDiffCoverage { options.minimumDiffCoverage = minimumDiffCoverage }
        if let diffBase { options.diffBase = diffBase }
        options.showsCoverageFiles = showsCoverageFiles
        if let configuration { options.configuration = configuration }
        if let runsTodoscan { options.runsTodoscan = runsTodoscan }
        if let runsErrorlint { options.runsErrorlint = runsErrorlint }
        options.usesCache = !noCache
        if let isolated { options.isolated = isolated }
        if workTree { options.checkedContent = .workTree }
        if !testArguments.isEmpty { options.testArguments = testArguments }
        options.backend = backend
    }
}
