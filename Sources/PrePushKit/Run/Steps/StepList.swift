/// The steps of a check, in order: the scanners, which need no build (todoscan, errorlint), then
/// the backend's build, test and coverage (SwiftPM's, or xcodebuild's for an Xcode project), then
/// the configured commands. A finding stops the push before anything is built.
///
/// `build` replaces the backend's choice: xcodebuild with a plan made for the unit (a package
/// for iOS only), or, where the unit cannot be built here, one skipped row saying why; the
/// scanners and commands run either way.
enum StepList {
    /// How a unit is built.
    enum Build: Sendable {
        /// The configured backend (SwiftPM, or xcodebuild for an Xcode project).
        case backend
        /// xcodebuild with this plan.
        case xcodebuild(XcodeBuildPlan)
        /// Not here: the skipped outcome that says why.
        case notHere(StepOutcome)
    }

    /// `skipping`: the steps `PREPUSH_SKIP` names, each replaced by a skipped row.
    static func make(
        options: PrePushOptions, packageRoot: String, build: Build = .backend, skipping: SkippedSteps = .init(names: [])
    ) throws -> [any Step] {
        var steps: [any Step] = []
        if options.runsTodoscan { steps.append(TodoScanStep()) }
        if options.runsErrorlint != false { steps.append(ErrorLintStep()) }
        switch build {
        case .notHere(let outcome):
            steps.append(SkippedStep(outcome: outcome))
        case .xcodebuild(let plan):
            steps += XcodeSteps.steps(plan)
        case .backend:
            if let xcode = try XcodeBuildPlan.resolve(
                options.backend, root: packageRoot, configuration: options.configuration,
                testArguments: options.testArguments)
            {
                steps += XcodeSteps.steps(xcode)
            } else {
                steps += [SwiftBuildStep(), SwiftTestStep(), CoverageStep()]
            }
        }
        steps += options.extraSteps.filter { !$0.run.isEmpty }.map(CommandStep.init)
        return steps.map { step in
            skipping.skips(step.name)
                ? SkippedStep(outcome: .skipped(step.name, .requested, figure: "skipped (PREPUSH_SKIP)")) : step
        }
    }

    /// Whether `step` reads the sources only, needing no build: run for every unit before any build.
    static func needsNoBuild(_ step: any Step) -> Bool {
        if let skipped = step as? SkippedStep { return ["todoscan", "errorlint"].contains(skipped.outcome.name) }
        return step is TodoScanStep || step is ErrorLintStep
    }

    /// Runs `steps` in order; the first failing one ends the list.
    /// What a step hands on (the test step's selection) reaches the steps after it in the context.
    static func run(_ steps: [any Step], in context: StepContext) async throws -> [StepOutcome] {
        var context = context
        var outcomes: [StepOutcome] = []
        for step in steps {
            let outcome = try await step.run(in: context)
            outcomes.append(outcome)
            if let selection = outcome.selection { context.selection = selection }
            if outcome.status == .failed { break }
        }
        return outcomes
    }
}
