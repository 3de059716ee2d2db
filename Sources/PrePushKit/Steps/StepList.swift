/// The steps of a check, in order: the backend's build, test and coverage (SwiftPM's, or
/// xcodebuild's for an Xcode project), todoscan, errorlint, then the configured commands.
enum StepList {
    static func make(options: PrePushOptions, packageRoot: String) throws -> [any Step] {
        var steps: [any Step]
        if let xcode = try XcodeBuildPlan.resolve(
            options.backend, root: packageRoot, configuration: options.configuration,
            testArguments: options.testArguments)
        {
            steps = XcodeSteps.steps(xcode)
        } else {
            steps = [SwiftBuildStep(), SwiftTestStep(), CoverageStep()]
        }
        if options.runsTodoscan { steps.append(TodoScanStep()) }
        if options.runsErrorlint != false { steps.append(ErrorLintStep()) }
        steps += options.extraSteps.filter { !$0.run.isEmpty }.map(CommandStep.init)
        return steps
    }

    /// Runs `steps` in order; the first failing one ends the list.
    static func run(_ steps: [any Step], in context: StepContext) async throws -> [StepOutcome] {
        var outcomes: [StepOutcome] = []
        for step in steps {
            let outcome = try await step.run(in: context)
            outcomes.append(outcome)
            if outcome.status == .failed { break }
        }
        return outcomes
    }
}
