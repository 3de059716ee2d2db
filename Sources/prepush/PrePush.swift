import ArgumentParser
import Foundation
import PrePushKit
import PreflightCLI
import PreflightCore

@main
struct PrePush: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prepush",
        abstract: PrePushKit.abstract,
        usage: """
            prepush [check] [<options>]
                   prepush hook <remote> <url> [<options>]
                   prepush install [--force] [--pre-commit]
                   prepush uninstall [--pre-commit] [--keep-records]
            """,
        discussion: HelpTopic.discussion,
        version: PreflightVersion.current,
        subcommands: [Check.self, Hook.self, Install.self, Uninstall.self, WarmWorktree.self],
        defaultSubcommand: Check.self
    )

    static func main() async {
        // `prepush help ci` and the other topics: what --help leaves out to fit a screen.
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let topic = HelpTopic.requested(arguments) {
            print(topic.text)
            Foundation.exit(0)
        }
        // ArgumentParser answers `help NAME` with the root's help whatever NAME is.
        if arguments.count == 2, arguments[0] == "help",
            !configuration.subcommands.contains(where: { $0._commandName == arguments[1] })
        {
            FileHandle.standardError.write(
                Data(
                    ("prepush: no help topic or subcommand '\(arguments[1])'; topics: "
                        + HelpTopic.allCases.map(\.rawValue).joined(separator: ", ") + "\n").utf8))
            Foundation.exit(2)
        }
        if let hook = Hook.plain(arguments) {
            await ToolMain.run(Self.self, tool: "prepush") {
                try await Hook.run(remote: hook.remote, url: hook.url, CheckArguments())
            }
        }
        await ToolMain.main(
            Self.self, tool: "prepush", rootHelpAppendix: HelpTopic.commonOptions + "\n\n" + HelpTopic.index)
    }
}

/// The options of a check, shared by `check` and `hook`.
struct CheckOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Fail when line coverage of the package's own sources is below this; TARGET=PERCENT or GLOB=PERCENT "
                + "sets a target's or each matching file's minimum (repeatable).",
            valueName: "percent"))
    var minCoverage: [String] = []

    @Option(help: ArgumentHelp("Fail when coverage of the lines this push adds is below this.", valueName: "percent"))
    var minDiffCoverage: Double?

    @Option(
        help: ArgumentHelp(
            "By hand: measure added lines against this revision (default: the upstream branch, else origin/HEAD).",
            valueName: "revision"))
    var since: String?

    /// The old name of `--since`, still read.
    @Option(name: .customLong("diff-base"), help: .hidden)
    var diffBase: String?

    @Flag(help: "Show coverage per file, not only per target.")
    var coverageFiles = false

    @Option(
        name: .customLong("coverage-report"),
        help: ArgumentHelp(
            "Write the coverage as lcov, cobertura, sonar, json or html to a file, e.g. lcov=coverage/lcov.info "
                + "(repeatable; a relative path is from the repository's root).",
            valueName: "format=path"))
    var coverageReports: [String] = []

    @Option(
        name: .customLong("coverage-exclude"),
        help: ArgumentHelp(
            "Leave files matching this glob out of the coverage table, total, reports and minimums (repeatable).",
            valueName: "glob"))
    var coverageExclude: [String] = []

    @Option(
        name: .customLong("test-report"),
        help: ArgumentHelp(
            "Write every test's result as JUnit XML, for CI: junit=PATH (a relative path is from the repository's "
                + "root).",
            valueName: "junit=path"))
    var testReport: String?

    @Option(
        help: ArgumentHelp(
            "Run the tests that failed again, up to N times; a test that passes on a retry is reported as flaky "
                + "and the tree is not recorded as verified (key retryFailedTests; flakyTests: \"fail\" fails it).",
            valueName: "n"))
    var retryFailedTests: Int?

    @Option(
        name: .customLong("report"),
        help: ArgumentHelp(
            "Write a record of the run (steps, times, outcomes, figures, skips) as JSON: json=PATH.",
            valueName: "json=path"))
    var runReport: String?

    @Option(
        help: ArgumentHelp(
            "Write the run as Markdown (steps, coverage per target with its minimum, failures, new findings) to "
                + "this file; under GitHub Actions it is appended to $GITHUB_STEP_SUMMARY anyway.",
            valueName: "path"))
    var summary: String?

    @Flag(help: "Do not append the run's summary to $GITHUB_STEP_SUMMARY under GitHub Actions.")
    var noSummary = false

    @Option(
        name: [.customShort("c"), .customLong("configuration")],
        help: ArgumentHelp("Build configuration: debug or release.", valueName: "configuration"))
    var configuration: String?

    @Flag(inversion: .prefixedNo, help: "Run todoscan on the package as a step; ERROR tags fail (default: on).")
    var todoscan: Bool?

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Run errorlint on the package as a step; its errors fail (default: when an errorlint is built "
                + "beside prepush or on PATH; --errorlint fails the step when none is)."))
    var errorlint: Bool?

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Check the pushed commit (by hand: HEAD) in a git worktree kept in .build/prepush-worktree, built "
                + "with its own scratch path .build/prepush-isolated, even when the work tree holds it."))
    var isolated: Bool?

    @Flag(
        help: ArgumentHelp(
            "Check the work tree as it is on disk, not the pushed commit: labelled so in the output, never cached."))
    var workTree = false

    @Flag(
        help: ArgumentHelp(
            "List every todoscan and errorlint finding, not only those on the lines and files the push changes."))
    var allFindings = false

    @Flag(
        inversion: .prefixedNo,
        help: "CI mode: plain output plus GitHub workflow annotations for failures (default: on when CI=true).")
    var ci: Bool?

    @Flag(help: "No colour. Colour is only used when standard error is a terminal, and never when NO_COLOR is set.")
    var noColor = false

    @Flag(
        name: [.short, .long],
        help: "Print only failures (with the failing step's output, which is otherwise kept back) and the verdict.")
    var quiet = false

    @Flag(
        name: [.short, .long],
        help: ArgumentHelp(
            "Print every step's output as it comes (as in CI). Otherwise a push prints its step table, what failed and the path of its full log."
        ))
    var verbose = false

    @Flag(help: "Check even when this tree was verified before.")
    var noCache = false

    @Option(
        name: .customLong("test-argument"),
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Pass an argument to swift test, e.g. --test-argument --parallel (repeatable).", valueName: "argument"))
    var testArguments: [String] = []

    @Option(
        help: ArgumentHelp(
            "Read settings from this file instead of the nearest .preflight.json (its \"prepush\" section).",
            valueName: "path"))
    var config: String?

    @Option(
        name: .customLong("package"),
        help: ArgumentHelp(
            "Check only the package (or app) in this folder, of a repository with several (repeatable).",
            valueName: "path"))
    var packages: [String] = []

    @Flag(
        inversion: .prefixedNo,
        help: "After a package fails, check the other packages too and report every failure (default: off).")
    var keepGoing: Bool?

    @Flag var affectedTestsFlag: AffectedTestsChoice?

    @Flag(
        help: ArgumentHelp(
            "Print what would be checked, where and why, and per package or app its steps with their commands, its "
                + "affected test targets and what this machine cannot run; build and test nothing."))
    var dryRun = false

    @Option(
        help: ArgumentHelp(
            "After a pass, publish what was verified, signed, to this remote's refs/notes/preflight, so that "
                + "teammates' hooks whose trustedVerifiers list the signer skip it (for CI).",
            valueName: "remote"))
    var publishVerification: String?

    @Option(
        help: ArgumentHelp(
            "The SSH private key that signs published records (else PREFLIGHT_SIGNING_KEY).", valueName: "path"))
    var signingKey: String?

    @Flag(
        help: ArgumentHelp(
            "Under CI too, skip what trusted shared records vouch for (a CI run ignores them unless asked).",
            visibility: .hidden))
    var trustSharedRecords = false

    @Flag(
        help: ArgumentHelp(
            "Print the settings in effect, each with where it came from (default, configuration file, flag, "
                + "environment, git config), and the packages found; then exit."))
    var printConfig = false

    @Flag(help: "With --print-config: print the settings as .preflight.json spells them, as JSON (for scripts).")
    var json = false

    func validate() throws {
        if json, !printConfig { throw ValidationError("--json goes with --print-config.") }
        for argument in coverageReports {
            do {
                _ = try CoverageExportRequest.parse(argument)
            } catch {
                throw ValidationError(
                    "--coverage-report: \(error.errorDescription ?? "") \(error.failureReason ?? "")")
            }
        }
        for value in minCoverage where CoverageMinimums.parseFlag(value) == nil {
            throw ValidationError(
                "--min-coverage takes a percentage from 0 to 100, or TARGET=PERCENT or GLOB=PERCENT, not '\(value)'.")
        }
        if let testReport {
            do {
                _ = try TestReportRequest.parse(testReport)
            } catch {
                throw ValidationError("--test-report: \(error.errorDescription ?? "") \(error.failureReason ?? "")")
            }
        }
        if let retryFailedTests, !(0...10).contains(retryFailedTests) {
            throw ValidationError(
                "--retry-failed-tests takes a number of retries from 0 to 10, not \(retryFailedTests).")
        }
        if let runReport, PrePushFlags.runReportPath(runReport) == nil {
            throw ValidationError("--report takes json=PATH, not '\(runReport)'.")
        }
        if workTree, isolated == true { throw ValidationError("--work-tree and --isolated contradict each other.") }
        if publishVerification != nil,
            (signingKey ?? ProcessInfo.processInfo.environment["PREFLIGHT_SIGNING_KEY"] ?? "").isEmpty
        {
            throw ValidationError(
                "--publish-verification needs the SSH private key that signs: --signing-key PATH or PREFLIGHT_SIGNING_KEY."
            )
        }
        if publishVerification != nil, workTree {
            throw ValidationError(
                "--publish-verification shares exact passes only; --work-tree checks the disk as it is.")
        }
        if let since, let diffBase, since != diffBase {
            throw ValidationError("--since and --diff-base (its old name) name different revisions.")
        }
        if let configuration, !PrePushOptions.buildConfigurations.contains(configuration) {
            throw ValidationError("-c takes debug or release, not '\(configuration)'.")
        }
    }

    @OptionGroup(title: "Build system") var backendArguments: BackendArguments

    /// The options given, as values.
    var arguments: CheckArguments {
        CheckArguments(
            minCoverage: minCoverage, minDiffCoverage: minDiffCoverage, since: since, diffBase: diffBase,
            coverageFiles: coverageFiles, coverageReports: coverageReports, coverageExclude: coverageExclude,
            testReport: testReport, retryFailedTests: retryFailedTests, runReport: runReport, summary: summary,
            noSummary: noSummary, configuration: configuration, todoscan: todoscan, errorlint: errorlint,
            isolated: isolated, workTree: workTree, allFindings: allFindings, ci: ci, noColor: noColor, quiet: quiet,
            verbose: verbose, noCache: noCache, testArguments: testArguments, config: config, packages: packages,
            keepGoing: keepGoing, affectedTestsFlag: affectedTestsFlag, dryRun: dryRun,
            publishVerification: publishVerification, signingKey: signingKey,
            trustSharedRecords: trustSharedRecords, printConfig: printConfig, json: json,
            backend: backendArguments.arguments)
    }
}

/// `--affected-tests` or `--all-tests`.
enum AffectedTestsChoice: String, EnumerableFlag {
    case affectedTests, allTests

    static func help(for value: AffectedTestsChoice) -> ArgumentHelp? {
        switch value {
        case .affectedTests:
            "Run only the test targets the change can affect, each on its own (default in hook runs; key affectedTests)."
        case .allTests: "Run every test in one swift test (the default in checks by hand)."
        }
    }
}

extension PrePush {
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check by hand what a push would send (the default).",
            // Every option is optional; ArgumentParser's own line, `prepush check <options>`, read as
            // if some were required.
            usage: "prepush [check] [<options>]")

        @OptionGroup var check: CheckOptions

        func run() async throws {
            try await check.arguments.run { _ in .byHand }
        }
    }

    struct Hook: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a push (git's pre-push hook runs this).",
            discussion: "git runs it with the remote's name and URL, and the pushed refs on standard input.")

        @Argument(help: "The remote's name.") var remote: String
        @Argument(help: "The remote's URL.") var url: String
        @OptionGroup var check: CheckOptions

        func run() async throws {
            try await Self.run(remote: remote, url: url, check.arguments)
        }

        static func run(remote: String, url: String, _ check: CheckArguments) async throws {
            try await check.run { environment in
                // The repository is where git's variables put it for the hook (`git --git-dir=…
                // --work-tree=… push`), as for the hook's own git calls; a run by hand names its folder.
                .hook(
                    arguments: [remote, url],
                    input: String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self),
                    git: GitLocation.hook(environment, in: FileManager.default.currentDirectoryPath))
            }
        }

        /// The remote and URL of `prepush hook <remote> <url>` with no option, as the installed hook
        /// runs it: answered without ArgumentParser, whose reading of every option of a check is a
        /// third of what a push of a verified tree costs. `nil` for any other command line.
        static func plain(_ arguments: [String]) -> (remote: String, url: String)? {
            guard arguments.count == 3, arguments[0] == "hook",
                !arguments[1].hasPrefix("-"), !arguments[2].hasPrefix("-")
            else { return nil }
            return (arguments[1], arguments[2])
        }
    }

    /// What a hook starts in the background after an in-place pass (docs/prepush.md): not for people.
    struct WarmWorktree: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "warm-worktree",
            abstract:
                "Build prepush's worktree at the commit the last hook run checked in place (started by the hook).",
            shouldDisplay: false)

        @Argument(help: "The repository's git directory, which holds the warm-up's plan.") var gitDirectory: String

        func run() async throws {
            WarmUpLaunch.detach()
            PrePushRun.handleInterrupts()
            let status = try await WorktreeWarmUp.run(
                gitDirectory: gitDirectory, environment: ProcessInfo.processInfo.environment,
                log: ToolOutput.standardError)
            if status != .clean { throw ExitCode(status.rawValue) }
        }
    }

    struct Install: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Install the pre-push hook (an existing one is kept).",
            discussion:
                "An existing hook is kept and run first (--force replaces it); a hooks folder inside the work tree, "
                + "such as husky's, is left alone and the line to add is printed (prepush help hooks).")

        @Flag(help: "Replace an existing hook instead of chaining it (uninstall still restores it).")
        var force = false

        @Flag(
            help: ArgumentHelp(
                "Install the pre-commit hook instead: todoscan --staged and errorlint --staged check what is staged "
                    + "(git's index, never the work tree)."))
        var preCommit = false

        func run() async throws {
            let directory = FileManager.default.currentDirectoryPath
            // A hook that would stop every push on a bad configuration is not installed: every
            // section a check reads is checked first (exit 2 naming the key and the file).
            _ = try PrePushFlags().options(in: directory)
            let binary = invokedPath()
            let hook: HookInstaller.Hook = preCommit ? .preCommit : .prePush
            let installer = HookInstaller(repository: directory, prepushBinary: binary, hook: hook)
            ToolOutput.standardError(try installer.install(force: force).message(binary: binary, hook: hook))
            if hook == .prePush, let line = NotesFetch.configure(repository: directory) {
                ToolOutput.standardError(line)
            }
        }
    }

    struct Uninstall: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove prepush's hooks, restoring what was there.")

        @Flag(help: "Remove only the pre-commit hook.")
        var preCommit = false

        @Flag(help: "Keep prepush's records (.git/preflight: verified pushes, test timings); its worktree still goes.")
        var keepRecords = false

        func run() async throws {
            let directory = FileManager.default.currentDirectoryPath
            if preCommit {
                let installer = HookInstaller(repository: directory, prepushBinary: invokedPath(), hook: .preCommit)
                ToolOutput.standardError(try installer.uninstall().message(hook: .preCommit))
                return
            }
            let installer = HookInstaller(repository: directory, prepushBinary: invokedPath())
            ToolOutput.standardError(try installer.uninstall().message())
            NotesFetch.remove(repository: directory)
            // The pre-commit hook goes too, and is mentioned only when there was one.
            let preCommitInstaller = HookInstaller(
                repository: directory, prepushBinary: invokedPath(), hook: .preCommit)
            let removal = try preCommitInstaller.uninstall()
            if removal != .nothingInstalled { ToolOutput.standardError(removal.message(hook: .preCommit)) }
            for line in try PrepushLeftovers(repository: directory).remove(keepRecords: keepRecords) {
                ToolOutput.standardError(line)
            }
        }
    }
}

/// The path this prepush was started by, for the hook (``ExecutablePath/asInvoked(argument0:searchPath:currentDirectory:)``).
private func invokedPath() -> String {
    ExecutablePath.asInvoked(
        argument0: CommandLine.arguments.first ?? "", searchPath: ProcessInfo.processInfo.environment["PATH"],
        currentDirectory: FileManager.default.currentDirectoryPath)
}
