import ArgumentParser
import ErrorLintKit
import ErrorLintSettings
import Foundation
import PreCommitKit
import PreflightCLI
import PreflightCore
import TodoScanKit

@main
struct ErrorLint: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "errorlint",
        abstract: ErrorLintKit.abstract,
        usage: """
            errorlint [check] [<options>] [<paths> ...]
                   errorlint catalog [<options>] [<paths> ...]
            """,
        discussion: """
            Every type conforming to LocalizedError (in its declaration, an extension anywhere, a \
            refining protocol or a superclass) must implement errorDescription, and the members \
            --require names (none by default), with the signature Foundation calls (var name: String?), for every case, with \
            localized text whose keys exist in the string catalogs (.xcstrings, .strings, \
            .stringsdict) for every language.

            Rules (configurable with --rule ID=error|warning|note|off):
            \(ruleList)

            Suppression comments: // errorlint:disable:next RULE (also disable:this, \
            disable:previous), // errorlint:disable RULE ... // errorlint:enable RULE; 'all' for every \
            rule. One that suppresses nothing is a warning (unused-suppression). Adopting errorlint on \
            code with findings: --write-baseline FILE, then --baseline FILE; or --since REVISION.

            Exit status: 0 no error-severity findings; 1 at least one (any finding with --strict); \
            2 usage error or a file that could not be read or parsed (the rest is still checked).
            """,
        version: PreflightVersion.current,
        subcommands: [Check.self, Catalog.self],
        defaultSubcommand: Check.self
    )

    static func main() async {
        if StagedCommandLine.matches() {
            await ToolMain.run(Self.self, tool: "errorlint") { try Check.checkStaged() }
        }
        if StagedCommandLine.matches(adding: StagedCommandLine.withTodoScan) {
            await ToolMain.run(Self.self, tool: "errorlint") { try Check.checkStagedWithTodoScan() }
        }
        await ToolMain.main(Self.self, tool: "errorlint")
    }

    /// One rule per entry: its id and severity, its summary below it, indented and wrapped here
    /// (ArgumentParser would wrap a long line back to the margin).
    static var ruleList: String {
        RuleRegistry.all.map { rule in
            let description = rule.description
            return "  \(description.id) (\(description.defaultSeverity.rawValue))\n"
                + wrapped(description.summary, indent: 6, width: 76)
        }.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` columns (a longer word stands alone), each indented.
    static func wrapped(_ text: String, indent: Int, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent + line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { String(repeating: " ", count: indent) + $0 }.joined(separator: "\n")
    }
}

/// The options both subcommands share: what to read.
struct InputOptions: ParsableArguments {
    @Argument(help: "Files and folders with Swift sources and string catalogs.")
    var paths: [String] = ["."]

    @Option(
        name: .customLong("catalog"),
        help: ArgumentHelp(
            "A string catalog file or folder to read besides those under the paths (repeatable).",
            valueName: "path"))
    var catalogs: [String] = []

    @Option(
        name: .customLong("languages"),
        help: ArgumentHelp(
            "Languages every key must have, comma-separated (default: every language in the catalogs).",
            valueName: "list"))
    var languages: String?

    @OptionGroup var selection: PathSelectionOptions

    @Option(help: ArgumentHelp("Skip (and list) files larger than this many bytes.", valueName: "bytes"))
    var maxFileSize: Int?

    @Option(
        help: ArgumentHelp(
            "Report a Swift file as not checked when parsing it takes longer than this many seconds (default 30).",
            valueName: "seconds"))
    var parseTimeLimit: Double?

    @Flag(
        help: "Check error types in test targets and an app's developer tools too (off by default).")
    var includeDeveloperCode = false

    @OptionGroup var configurationFile: ConfigurationFileOption

    /// Defaults, then the configuration file, then these flags.
    func options() throws -> ErrorLintOptions {
        try SettingsResolver.resolve(
            explicitPath: configurationFile.config, searchingFrom: FileManager.default.currentDirectoryPath
        ) { (options: inout ErrorLintOptions) in
            options.paths = paths
            if includeDeveloperCode { options.includesDeveloperCode = true }
            if !catalogs.isEmpty { options.catalogPaths = catalogs }
            if let languages {
                options.languages = languages.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            }
            if !selection.includes.isEmpty { options.includes = selection.includes }
            if !selection.excludes.isEmpty { options.excludes = selection.excludes }
            try LimitArgumentError.checkMaximumFileSize(maxFileSize)
            if let maxFileSize { options.maximumFileSize = maxFileSize }
            if let parseTimeLimit {
                guard parseTimeLimit > 0, parseTimeLimit.isFinite else {
                    throw LimitArgumentError(
                        flag: "--parse-time-limit", value: String(parseTimeLimit),
                        detail: "It is a number of seconds greater than 0.")
                }
                options.parseTimeLimit = parseTimeLimit
            }
        }
    }
}

extension ErrorLint {
    struct Check: AsyncParsableCommand {
        // Named here: ArgumentParser would derive it from the type's name by reflection, a cost
        // every run pays (9 of errorlint's 88 scans of the binary's protocol conformances).
        static let configuration = CommandConfiguration(
            commandName: "check", abstract: "Check the error types and catalogs (the default subcommand).")

        @OptionGroup var input: InputOptions

        @Option(help: "Output format: \(DiagnosticFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
        var format: DiagnosticFormat?

        @Option(
            name: .customLong("rule"),
            help: ArgumentHelp("Set a rule's severity: ID=error|warning|note|off (repeatable).", valueName: "setting"))
        var rules: [String] = []

        @Option(
            name: .customLong("require"),
            help: ArgumentHelp(
                "Members every error type must implement besides errorDescription, comma-separated: "
                    + "failureReason, recoverySuggestion, helpAnchor (default: none).", valueName: "members"))
        var requiredMembers: String?

        @Flag(
            help: "Check every key of the catalogs: unused keys, format arguments of every key, coverage per language.")
        var wholeCatalog = false

        @Option(
            help: ArgumentHelp(
                "With --whole-catalog: fail when a language has less than this share of the keys translated.",
                valueName: "percent"))
        var minTranslated: Double?

        @Flag(inversion: .prefixedNo, help: "Fail (exit 1) on any finding, not only errors.")
        var strict: Bool?

        @Flag(name: [.short, .long], help: "Print no summary line on standard error.")
        var quiet = false

        @Flag(help: "Print absolute paths instead of paths relative to the current directory.")
        var absolutePaths = false

        @OptionGroup var adoption: AdoptionOptions

        @Flag(help: .hidden)
        var parseEveryFile = false

        /// The pre-commit hook's `--staged --with-todoscan`, read without ArgumentParser; here only
        /// to say so when it comes with anything else.
        @Flag(help: .hidden)
        var withTodoscan = false

        @Flag(help: "Print the effective settings (defaults, configuration file, flags) and exit.")
        var printConfig = false

        func run() async throws {
            if withTodoscan {
                throw ValidationError(
                    "\(StagedCommandLine.withTodoScan) is the pre-commit hook's: `errorlint --staged "
                        + "\(StagedCommandLine.withTodoScan)`, with nothing else (todoscan's settings come from "
                        + ".preflight.json).")
            }
            var options = try input.options()
            for rule in rules { try options.setRule(argument: rule) }
            if let requiredMembers { try options.setRequiredMembers(argument: requiredMembers) }
            if let format { options.format = format }
            if let strict { options.isStrict = strict }
            if wholeCatalog { options.wholeCatalog = true }
            if let minTranslated {
                guard ErrorLintOptions.isPercent(minTranslated) else {
                    throw LimitArgumentError(
                        flag: "--min-translated", value: String(minTranslated),
                        detail: "It is a percentage from 0 to 100.")
                }
                options.minimumTranslated = minTranslated
            }
            options.isQuiet = quiet
            options.usesAbsolutePaths = absolutePaths
            options.parsesEveryFile = parseEveryFile
            adoption.apply(to: &options.adoption)
            try Self.check(options, printConfig: printConfig)
        }

        /// `errorlint --staged` read without ArgumentParser (``StagedCommandLine``): what ``run()``
        /// does with every other option at its default.
        static func checkStaged() throws {
            try check(try stagedOptions(), printConfig: false)
        }

        /// The settings of `errorlint --staged` alone: ``run()``'s with every other option at its
        /// default.
        static func stagedOptions() throws -> ErrorLintOptions {
            var options = try SettingsResolver.resolve(
                explicitPath: nil, searchingFrom: FileManager.default.currentDirectoryPath
            ) { (options: inout ErrorLintOptions) in options.paths = ["."] }
            options.isQuiet = false
            options.usesAbsolutePaths = false
            options.parsesEveryFile = false
            AdoptionOptions.applyStaged(to: &options.adoption)
            return options
        }

        /// `errorlint --staged --with-todoscan`, the pre-commit hook's when todoscan was built with
        /// this errorlint: what `todoscan --staged` and then `errorlint --staged` print, in one
        /// process (``PreCommitRun``), each tool with its settings as its `--staged` alone reads them.
        static func checkStagedWithTodoScan() throws {
            let directory = FileManager.default.currentDirectoryPath
            let todoscan = Result { () throws -> TodoScanOptions in
                try SettingsResolver.resolve(explicitPath: nil, searchingFrom: directory) {
                    (options: inout TodoScanOptions) in options.applyStagedCommandLine(AdoptionOptions.applyStaged)
                }
            }
            let status = PreCommitRun.run(
                todoscan: todoscan, errorlint: Result { try stagedOptions() }, in: directory,
                output: ToolOutput.standardOutput, errorOutput: ToolOutput.standardError)
            if status != .clean { throw ExitCode(status.rawValue) }
        }

        /// The settings printed, or the check run in the current folder.
        static func check(_ options: ErrorLintOptions, printConfig: Bool) throws {
            if printConfig {
                ToolOutput.standardOutput(options.effectiveConfiguration)
                return
            }
            let status = ErrorLintRun.run(
                options, in: FileManager.default.currentDirectoryPath, output: ToolOutput.standardOutput,
                errorOutput: ToolOutput.standardError)
            if status != .clean { throw ExitCode(status.rawValue) }
        }
    }

    struct Catalog: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "catalog",
            abstract: "Print the error catalog: every user-facing error, its cases and each member's text per language."
        )

        @OptionGroup var input: InputOptions

        @Option(help: "Output format: markdown or json.")
        var format: ErrorCatalogFormat = .markdown

        func run() async throws {
            let options = try input.options()
            let catalog = ErrorCatalog(ErrorLintAnalysis.read(options))
            ToolOutput.standardOutput(format.render(catalog))
            for problem in catalog.problems {
                ToolOutput.standardError("errorlint: error: \(problem.path): \(problem.reason)\n")
            }
            if !catalog.problems.isEmpty { throw ExitCode(ToolExitStatus.usageOrInputError.rawValue) }
        }
    }
}

extension ErrorCatalogFormat: ExpressibleByArgument {}
