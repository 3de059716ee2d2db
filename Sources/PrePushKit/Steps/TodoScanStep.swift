import Foundation
import PreflightCore
import TodoScanKit

/// todoscan on the checked package, in process: its settings resolved from the package's folder
/// (a configuration error stops prepush with exit 2), its report shown as compiler-style lines or
/// CI annotations with paths relative to the package, its summary the step's figure.
struct TodoScanStep: Step {
    let name = "todoscan"

    func run(in context: StepContext) async throws -> StepOutcome {
        let annotates = context.output.style.annotatesForGitHub
        let settings = try SettingsResolver.resolve(searchingFrom: context.packageRoot) {
            (settings: inout TodoScanOptions) in
            settings.paths = ["."]
            settings.writeBaselinePath = nil
        }
        context.output.beginStep("==> todoscan")
        let clock = StepClock()
        let result = TodoScanRun.scan(settings, in: context.packageRoot)
        for problem in result.problems { context.log(problem) }
        let format: DiagnosticFormat = annotates ? .github : .text
        context.log(format.renderer().render(result.report))
        context.log(result.summary + "\n")
        let passed = result.status(strict: settings.isStrict) == .clean
        context.output.endStep(passed: passed, line: passed ? nil : "<== todoscan: failed")
        return StepOutcome(
            name: name, status: passed ? .passed : .failed, seconds: clock.seconds, figure: result.summary)
    }
}
