import ArgumentParser
import Foundation
import PrePushKit
import PreflightCLI

/// The options of a check (``CheckOptions``) as plain values: what `check` and `hook` run with.
/// `CheckArguments()` is a check given no option (the installed hook's `prepush hook <remote> <url>`,
/// read without ArgumentParser): every default is the value ArgumentParser gives an option that is
/// not there (`false`, `nil`, `[]`).
struct CheckArguments {
    var minCoverage: [String] = []
    var minDiffCoverage: Double?
    var since: String?
    var diffBase: String?
    var coverageFiles = false
    var coverageReports: [String] = []
    var coverageExclude: [String] = []
    var testReport: String?
    var retryFailedTests: Int?
    var runReport: String?
    var summary: String?
    var noSummary = false
    var configuration: String?
    var todoscan: Bool?
    var errorlint: Bool?
    var isolated: Bool?
    var workTree = false
    var allFindings = false
    var ci: Bool?
    var noColor = false
    var quiet = false
    var verbose = false
    var noCache = false
    var testArguments: [String] = []
    var config: String?
    var packages: [String] = []
    var keepGoing: Bool?
    var affectedTestsFlag: AffectedTestsChoice?
    var dryRun = false
    var publishVerification: String?
    var signingKey: String?
    var trustSharedRecords = false
    var printConfig = false
    var json = false
    var backend = BackendValues()

    func style(environment: [String: String]) -> OutputStyle {
        OutputStyle.resolve(
            noColor: noColor, ci: ci, quiet: quiet, verbose: verbose, environment: environment,
            outputIsTerminal: isatty(2) == 1)
    }

    /// The flags given, as a value the library lays over a configuration file.
    var flags: PrePushFlags {
        var flags = PrePushFlags()
        for value in minCoverage { CoverageMinimums.parseFlag(value).map { flags.setMinimumCoverage($0) } }
        flags.set(\.minimumDiffCoverage, minDiffCoverage)
        flags.set(\.diffBase, since ?? diffBase)
        flags.coverageReports = coverageReports.compactMap { try? CoverageExportRequest.parse($0) }
        let coverageExclude = coverageExclude
        flags.edit { $0.coverageExclude += coverageExclude }
        flags.runReportPath = runReport.flatMap(PrePushFlags.runReportPath)
        flags.summaryPath = summary
        if noSummary { flags.set(\.appendsGitHubSummary, false) }
        flags.set(\.testReport, testReport.flatMap { try? TestReportRequest.parse($0) })
        flags.set(\.retryFailedTests, retryFailedTests)
        flags.set(\.showsCoverageFiles, coverageFiles)
        flags.set(\.configuration, configuration)
        flags.set(\.runsTodoscan, todoscan)
        flags.set(\.runsErrorlint, errorlint)
        flags.set(\.usesCache, !noCache)
        flags.set(\.isolated, isolated)
        if workTree { flags.set(\.checkedContent, .workTree) }
        if allFindings { flags.set(\.showsAllFindings, true) }
        if !testArguments.isEmpty { flags.set(\.testArguments, testArguments) }
        backend.apply(to: &flags)
        flags.configurationFile = config
        flags.packageFolders = packages
        flags.set(\.keepsGoing, keepGoing)
        flags.dryRun = dryRun
        flags.publishRemote = publishVerification
        flags.signingKey = signingKey
        flags.trustsSharedRecords = trustSharedRecords
        // Publishing shares each test target's pass: the targets run each on its own, as in a hook.
        flags.set(
            \.affectedTests,
            affectedTestsFlag.map { $0 == .affectedTests } ?? (publishVerification != nil ? true : nil))
        return flags
    }

    /// The body `check` and `hook` share: the effective settings (`--print-config`), or the run of
    /// `mode` (git's input is read only then) in the current folder.
    func run(_ mode: (_ environment: [String: String]) -> PrePushRun.Mode) async throws {
        let directory = FileManager.default.currentDirectoryPath
        // Read once: building the dictionary costs a hook's run a little each time.
        let environment = ProcessInfo.processInfo.environment
        if printConfig {
            ToolOutput.standardOutput(
                try await PrePushConfigurationReport.render(
                    flags: flags, directory: directory, json: json, environment: environment, ciFlag: ci))
            return
        }
        var run = PrePushRun(
            flags: flags, style: style(environment: environment), environment: environment,
            log: ToolOutput.standardError)
        run.warmUpExecutable = ExecutablePath.current()
        PrePushRun.handleInterrupts()
        let status = try await run.run(mode(environment), in: directory)
        if status != .clean { throw ExitCode(status.rawValue) }
    }
}
