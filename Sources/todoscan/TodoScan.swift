import ArgumentParser
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
    var format: DiagnosticFormat = .text

    @Option(
        name: .customLong("include"),
        help: ArgumentHelp("Only scan paths matching this glob (repeatable).", valueName: "glob"))
    var includes: [String] = []

    @Option(
        name: .customLong("exclude"),
        help: ArgumentHelp("Skip paths matching this glob (repeatable).", valueName: "glob"))
    var excludes: [String] = []

    @Option(
        name: .customLong("tag"),
        help: ArgumentHelp(
            "Add a tag or change a tag's severity: NAME or NAME=warning|error|note (repeatable).", valueName: "tag"))
    var tags: [String] = []

    @Flag(help: "Report only the tags given with --tag, not TODO, FIXME and ERROR.")
    var noDefaultTags = false

    @Flag(help: "Match tags regardless of case.")
    var ignoreCase = false

    @Flag(help: "Accept a tag without the colon ('TODO fix this').")
    var allowNoColon = false

    @Flag(help: "Fail (exit 1) on any finding, not only errors.")
    var strict = false

    @Flag(name: [.short, .long], help: "Print no summary line on standard error.")
    var quiet = false

    @Flag(help: "Print absolute paths instead of paths relative to the current directory.")
    var absolutePaths = false

    @Option(help: ArgumentHelp("Skip (and report) files larger than this many bytes.", valueName: "bytes"))
    var maxFileSize: Int = 64 << 20

    static func main() async {
        await ToolMain.main(Self.self, tool: "todoscan")
    }

    func run() async throws {
        var options = TodoScanOptions()
        options.paths = paths
        options.includes = includes
        options.excludes = excludes
        options.syntax = TagSyntax(
            rules: try TagArgument.rules(from: tags, keepingDefaults: !noDefaultTags),
            isCaseSensitive: !ignoreCase, allowsMissingColon: allowNoColon)
        options.format = format
        options.isStrict = strict
        options.isQuiet = quiet
        options.usesAbsolutePaths = absolutePaths
        options.maximumFileSize = maxFileSize
        let status = TodoScanRun.run(options, output: ToolOutput.standardOutput, errorOutput: ToolOutput.standardError)
        if status != .clean { throw ExitCode(status.rawValue) }
    }
}

extension DiagnosticFormat: ExpressibleByArgument {}
