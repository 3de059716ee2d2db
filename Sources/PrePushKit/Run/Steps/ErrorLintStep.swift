import ErrorLintSettings
import Foundation
import PreflightCore
import ProcessKit

/// errorlint on the checked package. A child process, since errorlint is built on swift-syntax and
/// prepush is not (prepush builds in seconds); it reports as JSON, and the step shows that report
/// as compiler-style lines or CI annotations, as todoscan's.
struct ErrorLintStep: Step {
    let name = "errorlint"

    /// The step's figure: errorlint's summary, its last line on standard error.
    static func figure(_ errors: [String]) -> String {
        errors.last { !$0.isEmpty && !$0.hasPrefix("errorlint: note:") } ?? ""
    }

    /// The command the step runs: JSON out, the check's configuration (`configuration`: its path,
    /// ``StepContext/configurationPath()``; by default the file's own path, for showing), and other
    /// units' folders inside this one left out, as theirs to scan (`--exclude` replaces the file's
    /// list, so that list is given too; the file was checked when the run was planned).
    static func argv(executable: String, in context: StepContext, configuration: String? = nil) -> [String] {
        var excludes: [String] = []
        if !context.excludedFolders.isEmpty {
            let settings = try? SettingsResolver.resolve(ErrorLintOptions.self, file: context.configuration)
            excludes = ((settings?.excludes ?? []) + context.excludedFolderGlobs).flatMap { ["--exclude", $0] }
        }
        let file = configuration ?? context.configuration?.path ?? "no-configuration.json"
        return [executable, "--format", "json", "--config", file] + excludes + ["."]
    }

    func run(in context: StepContext) async throws -> StepOutcome {
        let output = context.output
        guard let executable = context.errorlintExecutable else {
            if context.options.runsErrorlint == true {
                output.beginStep("==> errorlint")
                context.log(
                    "prepush: error: errorlint is not built: no errorlint beside prepush or on PATH (build it with "
                        + "swift build -c release --product errorlint, or turn the step off with --no-errorlint)\n")
                output.endStep(passed: false, line: "<== errorlint: could not run")
                return StepOutcome(name: name, status: .failed, seconds: 0, figure: "not built")
            }
            // The configuration leaves the step to the machine: say what this machine lacks, so that a
            // teammate who has it sees why their push ran one step more.
            output.message(
                "prepush: errorlint skipped: not built (scripts/install-hooks.sh --with-errorlint, or swift build -c "
                    + "release --product errorlint, puts it beside prepush; \"errorlint\": true in .preflight.json "
                    + "makes every machine run it, false or --no-errorlint turns it off)\n")
            return .skipped(
                name, .toolMissing,
                figure: "not built here: Preflight's scripts/install-hooks.sh --with-errorlint builds it")
        }
        let process: StepProcess
        // errorlint reads the check's configuration, named, never one it would find above the folder.
        let configuration = try context.configurationPath()
        switch try await context.launch(
            name, Self.argv(executable: executable, in: context, configuration: configuration),
            capturingStandardOutput: true)
        {
        case .couldNotRun(let outcome): return outcome
        case .ran(let ran): process = ran
        }
        let result = process.result
        // Its findings as a value, shown the way the other steps show theirs: those the push
        // introduces, the others counted.
        var findings: IntroducedFindings?
        if let document = try? JSONDecoder().decode(
            JSONDiagnosticDocument.self, from: Data(result.standardOutput?.bytes ?? []))
        {
            let split = IntroducedFindings.split(
                document.diagnostics.map(\.diagnostic), introduced: context.introducedLines,
                root: context.packageRoot, rule: .changedFile)
            let report = DiagnosticReport(
                tool: ToolDescriptor(name: document.tool, version: document.version, informationURI: "", rules: []),
                diagnostics: split.new, filesScanned: document.filesScanned)
            let format = output.findingsFormat
            context.log(format.renderer(showingRuleIDs: true).render(report))
            if let line = split.existingLine(singular: "errorlint finding", plural: "errorlint findings") {
                output.message(line)
            }
            findings = split
        } else if !result.outputText.isEmpty {
            context.log(result.outputText)
        }
        // errorlint exits 1 for findings; only those the push introduces fail it. 2 is an input error.
        var passed = result.succeeded
        if let findings, result.termination == .exited(1) {
            passed = !findings.new.contains { $0.severity == .error }
        }
        let seconds = process.clock.seconds
        output.endStep(
            passed: passed,
            line: passed
                ? nil : "<== errorlint: failed with \(result.termination) in \(String(format: "%.1f", seconds)) s")
        let summary = Self.figure(process.errorLines)
        let figure = findings?.figure ?? (summary.isEmpty && !passed ? "\(result.termination)" : summary)
        var outcome = StepOutcome(name: name, status: passed ? .passed : .failed, seconds: seconds, figure: figure)
        outcome.dependsOnBase = passed && !result.succeeded
        outcome.newFindings = findings?.new ?? []
        return outcome
    }
}
