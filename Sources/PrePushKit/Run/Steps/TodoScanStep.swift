import Foundation
import PreflightCore
import TodoScanKit

/// todoscan on the checked package, in process: its settings resolved from the package's folder
/// (a configuration error stops prepush with exit 2), its report shown as compiler-style lines or
/// CI annotations with paths relative to the package, its summary the step's figure.
struct TodoScanStep: Step {
    let name = "todoscan"

    func run(in context: StepContext) async throws -> StepOutcome {
        let settings = try SettingsResolver.resolve(file: context.configuration) {
            (settings: inout TodoScanOptions) in
            settings.paths = ["."]
            settings.excludes += context.excludedFolderGlobs
            settings.adoption.writeBaselinePath = nil
        }
        context.output.beginStep("==> todoscan")
        let clock = StepClock()
        let result = TodoScanRun.scan(settings, in: context.packageRoot)
        for problem in result.problems { context.log(problem) }
        let findings = IntroducedFindings.split(
            result.report.diagnostics, introduced: context.introducedLines, root: context.packageRoot,
            rule: .addedLine)
        let format = context.output.findingsFormat
        // The report of what the push introduces: what is shown, and what fails it.
        var shown = result
        shown.report.diagnostics = findings.new
        context.log(format.renderer().render(shown.report))
        let tags = Set(findings.existing.map(\.ruleID)).sorted().map { $0.uppercased() }.joined(separator: "/")
        if let line = findings.existingLine(singular: tags, plural: tags) {
            context.output.message(line)
        } else {
            context.log(result.summary + "\n")
        }
        let passed = shown.status(strict: settings.isStrict) == .clean
        context.output.endStep(passed: passed, line: passed ? nil : "<== todoscan: failed")
        var outcome = StepOutcome(
            name: name, status: passed ? .passed : .failed, seconds: clock.seconds,
            figure: findings.figure ?? result.summary)
        outcome.dependsOnBase = passed && result.status(strict: settings.isStrict) == .findings
        outcome.newFindings = findings.new
        return outcome
    }
}
