/// A step the configuration file adds (``ExtraStep``): its argument vector, run in the package's
/// folder, never through a shell, for at most its timeout (``StepTimeout/of(_:options:)``).
struct CommandStep: Step {
    let step: ExtraStep

    var name: String { step.name }

    func run(in context: StepContext) async throws -> StepOutcome {
        try await context.command(step.name, step.run, timeout: .of(step, options: context.options))
    }
}
