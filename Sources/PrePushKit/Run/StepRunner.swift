import Foundation
import PreflightCore
import ProcessKit
import TodoScanKit

/// Runs the check's steps in order, each streamed live with a header, its time and its status;
/// the first failure ends the run.
struct StepRunner: Sendable {
    let packageRoot: String
    let options: PrePushOptions
    /// The lines the push adds, when diff coverage is asked for and a base was found.
    let addedLines: AddedLines?
    let output: RunOutput
    /// SwiftPM's scratch path, when not the package's own `.build` (`--isolated`).
    var scratchPath: String? = nil

    /// The run's own folder, given to every command as `TMPDIR`.
    var temporaryDirectory: String? = nil

    /// The errorlint the run found, if any (``ErrorLintStep/executable(environment:)``).
    var errorlintExecutable: String? = nil

    /// What every command of the run gets: `TMPDIR` pointing into the run's own folder, and none
    /// of the variables a hook inherits that would point git at another folder than the package's
    /// (the worktree with --isolated).
    private var environment: Environment {
        let environment = Environment.inherit.removing(
            "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_PREFIX", "GIT_OBJECT_DIRECTORY")
        return temporaryDirectory.map { environment.setting(["TMPDIR": $0]) } ?? environment
    }

    /// Options every `swift` call of the run shares: the configuration and the scratch path.
    private var swiftOptions: [String] {
        ["-c", options.configuration] + (scratchPath.map { ["--scratch-path", $0] } ?? [])
    }

    /// Writes the running step's output (kept back in quiet mode).
    var log: @Sendable (String) -> Void { { [output] in output.stepOutput($0) } }

    func runAll() async throws -> [StepOutcome] {
        var outcomes: [StepOutcome] = []
        func proceed(_ outcome: StepOutcome) -> Bool {
            outcomes.append(outcome)
            return outcome.status != .failed
        }
        let configuration = swiftOptions
        if let xcode = try XcodeBuildPlan.resolve(
            options.backend, root: packageRoot, configuration: options.configuration,
            testArguments: options.testArguments)
        {
            for outcome in try await xcodeSteps(xcode) where !proceed(outcome) { return outcomes }
        } else {
            guard
                proceed(
                    try await command(
                        "build", ["swift", "build", "--build-tests", "--enable-code-coverage"] + configuration
                    ) { _, _ in "" })
            else { return outcomes }
            guard
                proceed(
                    try await command(
                        "test",
                        ["swift", "test", "--skip-build", "--enable-code-coverage"] + configuration
                            + options.testArguments,
                        figure: { output, _ in TestCount.figure(output) }))
            else { return outcomes }
            guard proceed(try await coverage()) else { return outcomes }
        }
        if options.runsTodoscan {
            guard proceed(todoscan()) else { return outcomes }
        }
        if let step = try await errorlint() {
            guard proceed(step) else { return outcomes }
        }
        for step in options.extraSteps where !step.run.isEmpty {
            guard proceed(try await command(step.name, step.run) { _, _ in "" }) else { return outcomes }
        }
        return outcomes
    }

    /// Runs one argv as a step, streaming its output lines to the log. `figure` makes the step's
    /// key figure from the lines it wrote to standard output and to standard error.
    func command(
        _ name: String, _ argv: [String], figure: @escaping @Sendable (_ output: [String], _ errors: [String]) -> String
    ) async throws -> StepOutcome {
        output.beginStep("==> \(name): \(Command(argv[0], Array(argv.dropFirst())).commandLine)")
        let lines = LineLog()
        let errorLines = LineLog()
        var command = Command(
            argv[0], Array(argv.dropFirst()), workingDirectory: packageRoot, environment: environment)
        command.standardOutput = .lines { [log] line in
            lines.append(line.text)
            log(line.text + "\n")
        }
        command.standardError = .lines { [log] line in
            errorLines.append(line.text)
            log(line.text + "\n")
        }
        let start = ContinuousClock.now
        let result: ProcessResult
        do {
            result = try await command.run()
        } catch let error as ProcessError {
            if case .interrupted = error { throw error }
            log(ErrorReport.render(error, tool: "prepush"))
            output.endStep(passed: false, line: "<== \(name): could not run")
            return StepOutcome(
                name: name, status: .failed, seconds: Self.seconds(since: start), figure: "could not run")
        }
        let seconds = Self.seconds(since: start)
        let status: StepOutcome.Status = result.succeeded ? .passed : .failed
        output.endStep(
            passed: result.succeeded,
            line:
                "<== \(name): \(result.succeeded ? "passed" : "failed with \(result.termination)") in \(String(format: "%.1f", seconds)) s"
        )
        let shown = result.succeeded ? figure(lines.values, errorLines.values) : "\(result.termination)"
        return StepOutcome(name: name, status: status, seconds: seconds, figure: shown)
    }

    private func coverage() async throws -> StepOutcome {
        output.beginStep("==> coverage")
        let start = ContinuousClock.now
        let binPath: String
        if let built = CoverageCollector.productsFolder(
            scratchPath: scratchPath ?? packageRoot + "/.build", configuration: options.configuration)
        {
            binPath = built
        } else {
            binPath = try await Command(
                "swift", ["build", "--show-bin-path"] + swiftOptions, workingDirectory: packageRoot,
                environment: environment
            ).output()
        }
        let summary: CoverageSummary
        do {
            summary = try await CoverageCollector(packageRoot: packageRoot, binPath: binPath).summary()
        } catch let error as CoverageError {
            log(ErrorReport.render(error, tool: "prepush"))
            output.endStep(passed: false, line: "<== coverage: no data")
            return StepOutcome(
                name: "coverage", status: .failed, seconds: Self.seconds(since: start), figure: "no data")
        }
        log(summary.table(includingFiles: options.showsCoverageFiles))
        let percent = summary.total.percent
        var status = StepOutcome.Status.passed
        if let minimum = options.minimumCoverage, percent < minimum {
            let message =
                "coverage \(String(format: "%.2f", percent)) % is below the minimum \(String(format: "%.2f", minimum)) %"
            log("prepush: \(message)\n")
            output.annotation(.error, title: "coverage", message: message)
            status = .failed
        }
        var figure = String(format: "%.2f %% of %d lines", percent, summary.total.count)
        if let addedLines, let minimum = options.minimumDiffCoverage {
            let collector = CoverageCollector(packageRoot: packageRoot, binPath: binPath)
            let diff = DiffCoverage(
                added: addedLines, coverage: try await collector.lineCoverage(), packageRoot: packageRoot)
            log(diff.report)
            for warning in diff.warnings { log(warning + "\n") }
            for file in diff.files {
                for line in file.missing {
                    output.annotation(
                        Diagnostic(
                            location: SourceLocation(path: file.path, line: line, column: 1), severity: .warning,
                            message: "not covered by tests", ruleID: "not-covered"))
                }
            }
            figure += String(format: "; added lines %.2f %%", diff.percent)
            if diff.percent < minimum {
                let message =
                    "coverage of added lines \(String(format: "%.2f", diff.percent)) % is below the minimum \(String(format: "%.2f", minimum)) %"
                log("prepush: \(message)\n")
                output.annotation(.error, title: "diff coverage", message: message)
                status = .failed
            }
        }
        output.endStep(passed: status == .passed, line: status == .passed ? nil : "<== coverage: failed")
        return StepOutcome(name: "coverage", status: status, seconds: Self.seconds(since: start), figure: figure)
    }

    private func todoscan() -> StepOutcome {
        output.beginStep("==> todoscan")
        let start = ContinuousClock.now
        var options = TodoScanOptions()
        if let file = try? ConfigurationFile.load(explicitPath: nil, searchingFrom: packageRoot) {
            try? options.apply(file.section("todoscan"))
        }
        // Scanned from inside the package (below), so that every path it prints is relative to it.
        options.paths = ["."]
        // Findings as compiler-style lines, or as annotations in CI mode.
        options.format = output.style.annotatesForGitHub ? .github : .text
        // todoscan prints paths relative to the current folder: make them relative to the checked
        // package (the worktree with --isolated), as coverage's are. Steps run one at a time.
        let previousDirectory = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(packageRoot)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previousDirectory) }
        // Its reports (files skipped or unreadable) and its summary are shown as they come; the
        // summary, the last line, is the step's figure.
        var lastReport = ""
        let status = TodoScanRun.run(
            options, output: log,
            errorOutput: { line in
                lastReport = line
                log(line)
            })
        let figure = lastReport.trimmingCharacters(in: .newlines)
        output.endStep(passed: status == .clean, line: status == .clean ? nil : "<== todoscan: failed")
        return StepOutcome(
            name: "todoscan", status: status == .clean ? .passed : .failed, seconds: Self.seconds(since: start),
            figure: figure)
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

/// Lines collected from a handler.
final class LineLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ line: String) {
        lock.lock()
        stored.append(line)
        lock.unlock()
    }

    var values: [String] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// How many tests ran, read from XCTest's and Swift Testing's closing lines.
enum TestCount {
    static func figure(_ lines: [String]) -> String {
        var total = 0
        for line in lines {
            // XCTest: "Executed 12 tests, with 0 failures (0 unexpected) in 0.01 (0.01) seconds" (the
            // last one is the grand total); Swift Testing: "✔ Test run with 5 tests in 2 suites passed…".
            if let count = number(after: "Test run with ", in: line) { total += count }
        }
        let xctest = lines.last { $0.hasPrefix("\t Executed ") || $0.hasPrefix("Executed ") }
        if let xctest, let count = number(after: "Executed ", in: xctest) { total += count }
        return "\(total) test\(total == 1 ? "" : "s") passed"
    }

    private static func number(after prefix: String, in line: String) -> Int? {
        guard let range = line.range(of: prefix) else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
}
