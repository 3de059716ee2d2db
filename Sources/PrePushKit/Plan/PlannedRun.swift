import PreflightCore

/// What the second stage, **plan**, hands on: the plan, and the errorlint the run found.
struct PlannedRun: Sendable {
    var plan: CheckPlan
    /// The errorlint executable found (``ErrorLintStep/executable(environment:)``); `nil` when none
    /// is or the settings turn it off.
    var errorlintExecutable: String?

    /// Plans `push`: the facts gathered from git (``PlanFacts``), then the pure plan
    /// (``CheckPlan/make(_:)``).
    static func make(
        _ push: DecidedPush, flags: PrePushFlags, environment: [String: String]
    ) async throws -> PlannedRun {
        let options = push.options
        let errorlintExecutable =
            options.runsErrorlint == false ? nil : ErrorLintStep.executable(environment: environment)
        let facts = try await PlanFacts.gather(
            commits: push.commits, isHook: push.isHook, status: push.status,
            repository: push.repository, snapshot: push.snapshot, gitDirectory: push.place.gitDirectory,
            options: options, errorlintExecutable: errorlintExecutable, environment: environment,
            layout: LayoutRequest(place: push.place, directory: push.directory, flags: flags))
        return PlannedRun(plan: CheckPlan.make(facts), errorlintExecutable: errorlintExecutable)
    }
}
