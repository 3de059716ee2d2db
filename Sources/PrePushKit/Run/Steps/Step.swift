import Foundation
import PreflightCore
import ProcessKit

/// One step of a check (build, test, coverage, todoscan, errorlint, a configured command): it
/// runs in a ``StepContext`` and returns its outcome. The run stage runs a list of them in order;
/// the first failure ends the list.
protocol Step: Sendable {
    /// The name the header and the summary table show.
    var name: String { get }
    /// Runs the step. Throws only for an interrupted run or an error that stops prepush (exit 2);
    /// a failing step returns a `.failed` outcome.
    func run(in context: StepContext) async throws -> StepOutcome
}

/// What every step of one check shares: the folder checked, how SwiftPM is called, where output
/// goes, and the settings.
struct StepContext: Sendable {
    /// The package's folder: the user's work tree, or prepush's worktree.
    var packageRoot: String
    var options: PrePushOptions
    /// The lines the push adds, when diff coverage is asked for and a base was found.
    var addedLines: AddedLines?
    /// The lines the push adds, for telling the findings it introduces from those already there;
    /// `nil` lists every finding (`--all-findings`, or no base: the first push of a repository).
    var introducedLines: AddedLines?
    var output: RunOutput
    /// SwiftPM's scratch path, when not the package's own `.build` (the worktree's).
    var scratchPath: String?
    /// The configuration the steps read (todoscan's and errorlint's sections): the checked tree's
    /// own file, `nil` for none. Never searched for on disk, so a file the tree does not hold (an
    /// ignored one, one above the repository) never steers a check.
    var configuration: ConfigurationFile?
    /// The run's own folder, given to every command as `TMPDIR`.
    var temporaryDirectory: String?
    /// The errorlint the run found, if any (``ErrorLintExecutable/find(environment:)``).
    var errorlintExecutable: String?
    /// The environment the run was started with: where tools are looked up (`PATH`,
    /// `DEVELOPER_DIR`, `TOOLCHAINS`).
    var runEnvironment: [String: String] = [:]
    /// What selecting the affected test targets needs; `nil` runs every test in one `swift test`.
    var testSelection: TestSelectionInput?
    /// What the unit's test step selected, handed to the steps after it (the coverage step).
    var selection: TestSelectionResult?
    /// The checked unit's folder relative to the repository's root (empty for the root).
    var unitPath = ""
    /// The repository's git directory, where prepush keeps what it learns (the package
    /// descriptions); `nil` keeps nothing.
    var gitDirectory: String?
    /// Folders of other units inside this one's (relative to ``packageRoot``): their own checks scan
    /// them, so the scanners here leave them out and each finding is reported once.
    var excludedFolders: [String] = []
    /// The package's description, read once by the first step that asks (``packageGraph()``).
    var describedPackage = DescribedPackage()

    /// SwiftPM's description of the checked package, read once per check (and kept under the
    /// git directory per manifest content and toolchain). Throws
    /// ``DescribedPackage/DescribeFailure`` when SwiftPM could not describe it.
    func packageGraph() async throws -> PackageGraph {
        try await describedPackage.graph {
            try await PackageDescriber(gitDirectory: gitDirectory).graph(
                of: packageRoot,
                toolchain: ToolchainIdentity.current(environment: runEnvironment, directory: packageRoot),
                swiftOptions: swiftOptions, environment: environment)
        }
    }

    /// What every command of the run gets: `TMPDIR` pointing into the run's own folder, and none
    /// of the variables a hook inherits that would point git at another folder than the package's.
    var environment: Environment {
        let environment = Environment.inherit.removing(GitRepository.clearedVariables)
        return temporaryDirectory.map { environment.setting(["TMPDIR": $0]) } ?? environment
    }

    /// The root of the check: the work tree's or prepush's worktree (``packageRoot`` less
    /// ``unitPath``).
    var checkRoot: String {
        unitPath.isEmpty ? packageRoot : String(packageRoot.dropLast(unitPath.count + 1))
    }

    /// The folder for the check's own files: the run's folder, else the `TMPDIR` of the environment
    /// the run was started with, else `/tmp`. Not `NSTemporaryDirectory()`: on macOS Foundation
    /// answers from the user's Darwin folder and ignores `TMPDIR`, so files would land outside
    /// the folder the run was given.
    var scratchFolder: String {
        if let temporaryDirectory { return temporaryDirectory }
        if let given = runEnvironment["TMPDIR"], given.hasPrefix("/") {
            return given.count > 1 && given.hasSuffix("/") ? String(given.dropLast()) : given
        }
        return "/tmp"
    }

    /// Options every `swift` call of the check shares: the configuration and the scratch path.
    var swiftOptions: [String] {
        ["-c", options.configuration] + (scratchPath.map { ["--scratch-path", $0] } ?? [])
    }

    /// Writes the running step's output (kept back in quiet mode).
    var log: @Sendable (String) -> Void { { [output] in output.stepOutput($0) } }

    /// Runs one argv as a step, streaming its output lines to the log. `figure` makes the step's
    /// key figure from the last lines it wrote to standard output and to standard error (each
    /// stream's last ``OutputTail/defaultLimit`` bytes); `watching` sees every line as it comes,
    /// for what must be read from all of them (a test count). `variables` are set in its
    /// environment; `alsoPassing` are endings besides exit 0 that pass. `failure` can fail a
    /// command that passed, from its lines (``NothingMeasured``: no test ran); its message is
    /// printed in the step, its figure is the step's.
    func command(
        _ name: String, _ argv: [String], variables: [String: String] = [:],
        alsoPassing: [Termination] = [], timeout: StepTimeout? = nil, watching: (@Sendable (String) -> Void)? = nil,
        figure: @escaping @Sendable (_ output: [String], _ errors: [String]) -> String = { _, _ in "" },
        failure: @escaping @Sendable (_ output: [String], _ errors: [String]) -> NothingMeasured.Failure? = { _, _ in
            nil
        }
    ) async throws -> StepOutcome {
        let process: StepProcess
        switch try await launch(name, argv, variables: variables, timeout: timeout, watching: watching) {
        case .couldNotRun(let outcome): return outcome
        case .ran(let ran): process = ran
        }
        let result = process.result
        var passed = result.succeeded || alsoPassing.contains(result.termination)
        let seconds = process.clock.seconds
        let failed = passed ? failure(process.outputLines, process.errorLines) : nil
        if let failed {
            NothingMeasured.report(failed, title: name, inStep: true, context: self)
            passed = false
        }
        let how = failed.map { "failed: \($0.figure)" } ?? (passed ? "passed" : "failed with \(result.termination)")
        output.endStep(passed: passed, line: "<== \(name): \(how) in \(String(format: "%.1f", seconds)) s")
        let shown =
            failed?.figure
            ?? (passed
                ? figure(process.outputLines, process.errorLines)
                : FailureDetails.compilerErrorsFigure(output: process.outputLines, errors: process.errorLines)
                    ?? "\(result.termination)")
        var outcome = StepOutcome(name: name, status: passed ? .passed : .failed, seconds: seconds, figure: shown)
        if !passed {
            outcome.details =
                failed.map { [$0.message] }
                ?? FailureDetails.ofCommand(output: process.outputLines, errors: process.errorLines)
        }
        return outcome
    }

    /// Starts `argv` as the step `name` in the package's folder, after its header: standard error
    /// streamed to the log, standard output too or, with `capturingStandardOutput`, kept for the
    /// step to read. Of the streamed lines only each stream's last ``OutputTail/defaultLimit``
    /// bytes are kept (``StepProcess``); a line longer than that is streamed in pieces, and
    /// `watching` sees each line's first piece. A command that cannot start, or runs past
    /// `timeout` (by default `stepTimeout`, else none), is reported and ends the step as failed;
    /// past the timeout its process group is torn down.
    func launch(
        _ name: String, _ argv: [String], capturingStandardOutput: Bool = false, variables: [String: String] = [:],
        timeout: StepTimeout? = nil, watching: (@Sendable (String) -> Void)? = nil
    ) async throws -> StepLaunch {
        let timeout = timeout ?? StepTimeout.builtIn(options)
        output.beginStep("==> \(name): \(Command(argv[0], Array(argv.dropFirst())).commandLine)")
        let lines = Locked(OutputTail())
        let errorLines = Locked(OutputTail())
        let log = log
        @Sendable func stream(_ tail: Locked<OutputTail>) -> OutputDestination {
            .lines(maxLength: OutputTail.defaultLimit) { line in
                let text = line.text + (line.continues ? "" : "\n")
                let startsLine = tail.withLock { tail in
                    defer { tail.append(text) }
                    return !tail.endsInsideLine
                }
                if startsLine { watching?(line.text) }
                log(text)
            }
        }
        var command = Command(
            argv[0], Array(argv.dropFirst()), workingDirectory: packageRoot,
            environment: environment.setting(variables))
        command.standardOutput = capturingStandardOutput ? .capture(limit: 1 << 30) : stream(lines)
        command.standardError = stream(errorLines)
        command.timeout = timeout?.duration
        let clock = StepClock()
        do {
            let result = try await command.run()
            // A step that fails while the run's folder has no room failed for that (SwiftPM's
            // "I/O error (code: 28)"): an I/O error of the run, exit 2, not a verdict.
            if !result.succeeded, let temporaryDirectory,
                let problem = RunTemporaryDirectory.spaceProblem(at: temporaryDirectory)
            {
                output.endStep(passed: false, line: "<== \(name): failed with \(result.termination); TMPDIR is full")
                throw PrePushError.temporaryFolderFull(temporaryDirectory, problem)
            }
            return .ran(
                StepProcess(
                    result: result, outputLines: lines.current.lines, errorLines: errorLines.current.lines,
                    clock: clock))
        } catch let error as ProcessError {
            if case .interrupted = error { throw error }
            if case .timedOut = error, let timeout {
                log(
                    "prepush: error: the step \(name) ran past its timeout of \(timeout.text) (\(timeout.source)); its "
                        + "process group was stopped (SIGTERM, then SIGKILL after 2 s). Find out why it hangs, or raise the "
                        + "timeout in .preflight.json.\n")
                output.annotation(.error, title: name, message: "timed out after \(timeout.text)")
                output.endStep(passed: false, line: "<== \(name): timed out after \(timeout.text)")
                return .couldNotRun(
                    StepOutcome(
                        name: name, status: .failed, seconds: clock.seconds, figure: "timed out after \(timeout.text)"))
            }
            log(ErrorReport.render(error, tool: "prepush"))
            output.endStep(passed: false, line: "<== \(name): could not run")
            return .couldNotRun(
                StepOutcome(name: name, status: .failed, seconds: clock.seconds, figure: "could not run"))
        }
    }
}

/// How a step's command went: it ran (whatever its exit status), or it could not start or ran
/// past its timeout.
enum StepLaunch: Sendable {
    case ran(StepProcess)
    /// The step's failed outcome, already reported.
    case couldNotRun(StepOutcome)
}

/// A step's command that ran: its result, the last lines it wrote (each stream's last
/// ``OutputTail/defaultLimit`` bytes; standard output's only when it was streamed), and the
/// step's clock, started at the launch.
struct StepProcess: Sendable {
    var result: ProcessResult
    var outputLines: [String]
    var errorLines: [String]
    var clock: StepClock
}

/// A step's elapsed time.
struct StepClock: Sendable {
    private let start = ContinuousClock.now

    init() {}

    var seconds: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
