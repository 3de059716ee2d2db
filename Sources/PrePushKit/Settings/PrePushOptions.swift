import PreflightCore

/// How prepush checks a push: defaults, then the configuration file's `prepush` section, then flags.
package struct PrePushOptions: ToolSettings {
    /// The section of `.preflight.json` these settings come from.
    package static let sectionName = "prepush"

    /// Extra arguments for `swift test` (`--parallel`, `--filter X`).
    package var testArguments: [String] = []
    /// `debug` or `release` (`-c`).
    package var configuration = "debug"
    /// Fail when the package's line coverage is below this percentage (the total's minimum of
    /// ``coverageMinimums``).
    var minimumCoverage: Double? {
        get { coverageMinimums.total }
        set { coverageMinimums.total = newValue }
    }
    /// The minimums of the total, of targets and of files (`minCoverage`).
    var coverageMinimums = CoverageMinimums()
    /// Globs of files left out of the coverage table, the total, the exports and the gates.
    package var coverageExclude: [String] = []
    /// `cacheKeyEnvironment`: environment variables whose values are part of the verified-tree key
    /// besides those ``ManifestEnvironment`` finds (a manifest reading a name it builds at run time).
    var cacheKeyEnvironment: [String] = []
    /// `trustedVerifiers`: the allowed-signers file (relative to the repository's root) whose
    /// signers' shared records a check trusts (``SharedRecords``). Only the value on the
    /// ``TrustAnchor`` counts; the pushed one only decides whether a missing anchor is said.
    var trustedVerifiers: String?
    /// The coverage exports to write (`--coverage-report FORMAT=PATH`), one per format.
    var coverageReports: [CoverageExportRequest] = []
    /// Where the run record goes (`--report json=PATH`).
    var runReportPath: String?
    /// `summary` (`--summary PATH`): where the run's Markdown summary goes.
    var summaryPath: String?
    /// `githubSummary`: under GitHub Actions, the summary is appended to `$GITHUB_STEP_SUMMARY`
    /// (`--no-summary` turns it off).
    package var appendsGitHubSummary = true
    /// Where the JUnit XML of the run's tests goes (`--test-report junit=PATH`).
    package var testReport: TestReportRequest?
    /// How many times the tests that failed run again (`--retry-failed-tests N`); 0 never.
    package var retryFailedTests = 0
    /// What a test that passed only on a retry makes of the test step (`flakyTests`).
    package var flakyTests = FlakyTestPolicy.pass
    /// Fail when the coverage of the lines this push adds is below this percentage.
    package var minimumDiffCoverage: Double?
    /// What added lines are measured against when checking by hand (default: the upstream branch,
    /// else `origin/HEAD`); a push uses what the remote has.
    package var diffBase: String?
    /// Print coverage per file as well as per target.
    package var showsCoverageFiles = false
    /// A push that changes none of these paths is not checked.
    var relevantPaths = Self.defaultRelevantPaths

    /// What the steps read: sources (Swift and the C family), every file in a package's target
    /// folders (resources a test reads), manifests, string catalogs (errorlint), Xcode projects,
    /// schemes, test plans and build settings, and the configuration file. A push of documentation
    /// alone changes none of them.
    static let defaultRelevantPaths = [
        "*.swift", "*.h", "*.c", "*.cc", "*.cpp", "*.m", "*.mm", "*.modulemap", "Package.swift",
        "Package@swift-*.swift", "Package.resolved", "Sources", "Tests", "Plugins", "*.xcstrings", "*.strings",
        "*.stringsdict", "*.pbxproj", "*.xcscheme", "*.xctestplan", "*.xcconfig", "*.xcworkspacedata",
        "*.entitlements", "Info.plist", ".preflight.json",
    ]
    /// Which content is checked: the pushed commit (in place when the work tree holds exactly it,
    /// else in prepush's worktree), always the worktree (`--isolated`), or the disk as it is
    /// (`--work-tree`).
    package var checkedContent = CheckedContent.pushed
    /// `--isolated`: the pushed commit in a worktree under `.build/prepush-worktree`, always.
    package var isolated: Bool {
        get { checkedContent == .isolated }
        set { checkedContent = newValue ? .isolated : (checkedContent == .isolated ? .pushed : checkedContent) }
    }
    /// Remember verified trees and skip them next time.
    package var usesCache = true
    /// Run todoscan on the package as a step (ERROR tags fail the push).
    package var runsTodoscan = true
    /// Run errorlint on the package as a step (its errors fail the push): `nil` when an `errorlint`
    /// executable is found (beside prepush, then on `PATH`), `true` always (a missing one fails the
    /// step), `false` never. errorlint is a separate executable because it is built on
    /// swift-syntax, which prepush does not depend on.
    package var runsErrorlint: Bool?
    /// The todoscan and errorlint steps list every finding, not only those the push introduces
    /// (`--all-findings`).
    package var showsAllFindings = false
    /// More steps, each an argument vector run in the package root after the built-in ones.
    var extraSteps: [ExtraStep] = []
    /// `stepTimeout`: the longest, in seconds, a step's command may run (build, test, xcodebuild,
    /// errorlint, and configured steps without a `timeout` of their own); `nil`: no limit for the
    /// built-in steps, ``ExtraStep/defaultTimeout`` for configured ones.
    var stepTimeout: Double?
    /// SwiftPM or xcodebuild, and what xcodebuild builds.
    package var backend = BuildBackend()
    /// `packages`: the folders checked as packages or apps, instead of those discovered (read from
    /// the root's configuration).
    var packages: [String]?
    /// `excludePackages`: globs of package folders never checked.
    var excludedPackages: [String] = []
    /// `--keep-going`: after a package fails, the others are still checked and every failure is
    /// reported (the push is stopped all the same).
    package var keepsGoing = false
    /// `warmWorktree`: after a hook's in-place check passes, build prepush's worktree at that commit
    /// in the background, so the next check there is incremental (``WorktreeWarmUp``).
    package var warmsWorktree = true
    /// `affectedTests`: run only the test targets a change can affect (each on its own, coverage
    /// merged with the recorded profiles of the others). Unset (`nil`), it is on in hook runs, where
    /// the pushed commits are checked exactly and passes are recorded, and off in checks by hand,
    /// which are what CI runs: every test, whatever was recorded on this machine.
    package var affectedTests: Bool?

    /// Whether this run selects the affected test targets (SwiftPM's, or an Xcode app's test
    /// targets read from its project: ``XcodeSelectedRuns``).
    func selectsTests(isHook: Bool) -> Bool {
        affectedTests ?? isHook
    }

    package init() {}

    /// How the repository's packages are found.
    var layoutSettings: LayoutSettings {
        LayoutSettings(packages: packages, excludedPackages: excludedPackages, includesApps: backend.kind != .swiftpm)
    }

    /// Whether the coverage step measures the lines the push adds: for the diff-coverage gate, or
    /// for a JSON coverage report (which lists them).
    var measuresAddedLines: Bool {
        minimumDiffCoverage != nil || coverageReports.contains { $0.format == .json }
    }

    /// Whether the test steps read each test's result (for the test report, to retry the tests
    /// that failed by name, or to list failing and flaky tests in a job summary).
    var readsTestResults: Bool { testReport != nil || retryFailedTests > 0 || listsTestsInSummary }
    /// Set by the run, not read from a file: the verdict lists each failing test (and a job
    /// summary the flaky ones), so a check's test steps always read them.
    var listsTestsInSummary = false

    /// ``coverageExclude`` as globs.
    var coverageExclusion: CoverageExclusion { CoverageExclusion(coverageExclude) }

    /// The cache key's part besides the tree (``SettingsIdentity/fingerprint``).
    func verificationFingerprint(
        errorlintExecutable: String?, environment: [String: String], directory: String
    ) -> String {
        settingsIdentity(errorlintExecutable: errorlintExecutable, environment: environment, directory: directory)
            .fingerprint
    }

    /// What a check with these options shapes besides its content, as every machine names it: the
    /// toolchain of `environment` in `directory` (the package's folder, where swiftly reads
    /// `.swift-version`), the system, these options with the Preflight and errorlint versions
    /// (`errorlintExecutable` is the errorlint the run found, ``ErrorLintExecutable/find(environment:)``),
    /// and the values of the variables that can change the build. Variables that only pick the
    /// toolchain (`DEVELOPER_DIR`, `SWIFT_EXEC`…) count through the toolchain's identity, not as paths.
    func settingsIdentity(
        errorlintExecutable: String?, environment: [String: String], directory: String
    ) -> SettingsIdentity {
        let variables =
            ManifestEnvironment.buildVariables + ManifestEnvironment.manifestConventions
            + ManifestEnvironment.names(readByManifestsIn: directory) + cacheKeyEnvironment
        // The cache folder asked of Foundation once for both.
        let identities = AskedIdentities.user
        let errorlint =
            runsErrorlint == false ? "-" : SettingsIdentity.errorlint(errorlintExecutable, identities: identities)
        return SettingsIdentity(
            toolchain: ToolchainIdentity.portable(
                environment: environment, directory: directory, identities: identities),
            platform: PlatformIdentity.current(),
            options: SettingsIdentity.hash(
                "Preflight \(PreflightVersion.current)\u{1D}" + cacheFingerprint(errorlintExecutable: errorlint)),
            environment: SettingsIdentity.hash(
                ManifestEnvironment.fingerprint(names: variables, environment: environment)))
    }

    /// The settings part of the key; `errorlintExecutable` names the errorlint that runs (its
    /// identity, or `nil`).
    func cacheFingerprint(errorlintExecutable: String?) -> String {
        ([configuration] + testArguments + [
            coverageMinimums.fingerprint, coverageExclude.joined(separator: "\u{1F}"),
            minimumDiffCoverage.map { "\($0)" } ?? "-", "\(runsTodoscan)",
            // Whether findings already on the remote can fail the check.
            "\(showsAllFindings)",
            // Whether errorlint runs at all, and which one.
            runsErrorlint == false ? "-" : errorlintExecutable ?? "missing",
        ]
            + extraSteps.map { ([$0.name] + $0.run).joined(separator: "\u{1F}") } + [backend.fingerprint]).joined(
                separator: "\u{1E}")
    }
}
