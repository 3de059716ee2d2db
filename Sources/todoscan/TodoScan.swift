import ArgumentParser
import Foundation
import PreflightCLI
import PreflightCore
import TodoScanKit

@main
struct TodoScan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todoscan",
        abstract: TodoScanKit.abstract,
        discussion: """
            Only text inside comments counts: string literals of every Swift kind, interpolations, \
            regex literals and C string and character literals are not comments. A tag is the word \
            followed by ':' or '(ref):', e.g. 'TODO: text', 'FIXME(bob): text', 'TODO(#123): text'.

            Inside a git work tree the files git tracks plus untracked, not-ignored ones are scanned; \
            elsewhere the tree is walked, skipping .build, .git, DerivedData, Pods, Carthage and \
            node_modules.

            Exit status: 0 no error-severity findings; 1 at least one (any finding with --strict); \
            2 usage error or a path that could not be read (the rest is still scanned).
            """,
        version: PreflightVersion.current
    )

    @Argument(help: "Files and folders to scan.")
    var paths: [String] = ["."]

    @Option(help: "Output format: \(DiagnosticFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: DiagnosticFormat?

    @OptionGroup var selection: PathSelectionOptions

    @Option(
        name: .customLong("tag"),
        help: ArgumentHelp(
            "Add a tag or change a tag's severity: NAME or NAME=warning|error|note (repeatable).", valueName: "tag"))
    var tags: [String] = []

    @Flag(help: "Report only the tags given with --tag, not TODO, FIXME and ERROR.")
    var noDefaultTags = false

    @Flag(inversion: .prefixedNo, help: "Match tags regardless of case.")
    var ignoreCase: Bool?

    @Flag(inversion: .prefixedNo, help: "Accept a tag without the colon ('TODO fix this').")
    var allowNoColon: Bool?

    @Flag(inversion: .prefixedNo, help: "Fail (exit 1) on any finding, not only errors.")
    var strict: Bool?

    @Flag(inversion: .prefixedNo, help: "Policy: every tag names an owner, TODO(name): … (rule missing-owner).")
    var requireOwner: Bool?

    @Flag(
        inversion: .prefixedNo,
        help: "Policy: every tag references an issue, #123, ABC-123 or a URL (rule missing-issue).")
    var requireIssue: Bool?

    @Flag(
        inversion: .prefixedNo,
        help: "Policy: a date in a tag, TODO(2026-12-31): or TODO: [2026-12-31], is a deadline: error after it.")
    var expiring: Bool?

    @Option(
        help: ArgumentHelp("With --expiring: warn this many days before a deadline (default 14).", valueName: "days"))
    var expiryWarningDays: Int?

    @Option(
        help: ArgumentHelp(
            "The severity of the missing-owner and missing-issue findings: warning (default), error or note.",
            valueName: "severity"))
    var policySeverity: Severity?

    @OptionGroup var adoption: AdoptionOptions

    @Flag(name: [.short, .long], help: "Print no summary line on standard error.")
    var quiet = false

    @Flag(help: "Print absolute paths instead of paths relative to the current directory.")
    var absolutePaths = false

    @Option(help: ArgumentHelp("Skip (and report) files larger than this many bytes.", valueName: "bytes"))
    var maxFileSize: Int?

    @OptionGroup var configurationFile: ConfigurationFileOption

    @Flag(help: "Print the effective settings (defaults, configuration file, flags) and exit.")
    var printConfig = false

    static func main() async {
        if StagedCommandLine.matches() {
            await ToolMain.run(Self.self, tool: "todoscan") { try checkStaged() }
        }
        await ToolMain.main(Self.self, tool: "todoscan")
    }

    /// `todoscan --staged` read without ArgumentParser (``StagedCommandLine``): what ``run()`` does
    /// with every other option at its default.
    static func checkStaged() throws {
        try check(configuration: nil, printConfig: false) { $0.applyStagedCommandLine(AdoptionOptions.applyStaged) }
    }

    func run() async throws {
        try Self.check(configuration: configurationFile.config, printConfig: printConfig) { options in
            options.paths = paths
            if !selection.includes.isEmpty { options.includes = selection.includes }
            if !selection.excludes.isEmpty { options.excludes = selection.excludes }
            if noDefaultTags { options.syntax.rules = [] }
            for tag in tags {
                let rule = try TagArgument.parse(tag)
                options.syntax.set(rule.tag, severity: rule.severity)
            }
            if let ignoreCase { options.syntax.isCaseSensitive = !ignoreCase }
            if let allowNoColon { options.syntax.allowsMissingColon = allowNoColon }
            if let format { options.format = format }
            if let strict { options.isStrict = strict }
            if let requireOwner { options.policies.requiresOwner = requireOwner }
            if let requireIssue { options.policies.requiresIssueReference = requireIssue }
            if let expiring { options.policies.checksExpiry = expiring }
            if let expiryWarningDays { options.policies.expiryWarningDays = expiryWarningDays }
            if let policySeverity { options.policies.severity = policySeverity }
            try LimitArgumentError.checkMaximumFileSize(maxFileSize)
            if let maxFileSize { options.maximumFileSize = maxFileSize }
            adoption.apply(to: &options.adoption)
            options.isQuiet = quiet
            options.usesAbsolutePaths = absolutePaths
        }
    }

    /// The settings (defaults, the configuration file, then `flags`) printed, or the scan run in
    /// the current folder.
    static func check(
        configuration: String?, printConfig: Bool, flags: (inout TodoScanOptions) throws -> Void
    ) throws {
        let directory = FileManager.default.currentDirectoryPath
        let options = try SettingsResolver.resolve(
            explicitPath: configuration, searchingFrom: directory, flags: flags)
        if printConfig {
            ToolOutput.standardOutput(options.effectiveConfiguration)
            return
        }
        let status = TodoScanRun.run(
            options, in: directory, output: ToolOutput.standardOutput, errorOutput: ToolOutput.standardError)
        if status != .clean { throw ExitCode(status.rawValue) }
    }
}

extension Severity: ExpressibleByArgument {}
