/// A unit that cannot be built on this machine (an Xcode app, or a package for iOS only, where no
/// xcodebuild exists): one line saying why and what a Mac runs, and a skipped row; the scanners
/// after it still run.
struct NotBuiltHereStep: Step {
    let outcome: StepOutcome

    var name: String { outcome.name }

    func run(in context: StepContext) async throws -> StepOutcome {
        context.output.warning(outcome.figure)
        return outcome
    }
}
