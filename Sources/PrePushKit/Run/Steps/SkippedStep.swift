/// A step that does not run, as its skipped row: a unit that cannot be built on this machine (an
/// Xcode app, or a package for iOS only, where no xcodebuild exists) says why and what a Mac runs,
/// and the scanners after it still run; a step `PREPUSH_SKIP` names was said once, before the checks.
struct SkippedStep: Step {
    let outcome: StepOutcome

    var name: String { outcome.name }

    func run(in context: StepContext) async throws -> StepOutcome {
        if outcome.skip == .notBuiltHere { context.output.warning(outcome.figure) }
        return outcome
    }
}
