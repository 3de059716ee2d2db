import Foundation
import PreflightCore

/// What the second stage, **plan**, hands on: the plan, and the errorlint the run found.
struct PlannedRun: Sendable {
    var plan: CheckPlan
    /// The errorlint executable found (``ErrorLintExecutable/find(environment:)``); `nil` when none
    /// is or the settings turn it off.
    var errorlintExecutable: String?
    /// Test-target passes of trusted shared records, by key: the baseline of affected-test selection
    /// next to this machine's own (``SharedRecords``).
    var sharedTests: [String: TestRecords.Record] = [:]

    /// Plans `push`: the facts gathered from git (``PlanFacts``), then the pure plan
    /// (``CheckPlan/make(_:)``).
    static func make(
        _ push: DecidedPush, flags: PrePushFlags, environment: [String: String]
    ) async throws -> PlannedRun {
        let options = push.options
        let errorlintExecutable = push.errorlintExecutable
        var facts = try await PlanFacts.gather(
            commits: push.commits, isHook: push.isHook, status: push.status, pushedTrees: push.pushedTrees,
            repository: push.repository, snapshot: push.snapshot, gitDirectory: push.place.gitDirectory,
            options: options, errorlintExecutable: errorlintExecutable, identity: push.identity,
            environment: environment, layout: LayoutRequest(place: push.place, directory: push.directory, flags: flags))
        var shared = SharedRecords()
        var plan = CheckPlan.make(facts)
        // A hook's push of trees this machine's own records verify needs nothing shared: the records
        // could add no check, and what they say is shown only in a dry run.
        let verifiedHere = push.isHook && !flags.dryRun && plan.checks.isEmpty
        if !verifiedHere, options.usesCache,
            SharedRecordReader.isAllowed(flags: flags, environment: environment, isHook: push.isHook)
        {
            // The pushed trees' records first: a push of a tree a trusted signer verified costs no
            // more. Only when something is checked anyway are the records below it on the remote
            // verified too (the test baseline, and packages whose content is the remote's).
            let reader = try await SharedRecordReader(
                push, identity: facts.identity, environment: environment, describing: flags.dryRun)
            // Why nothing is trusted is said only where the pushed settings ask for shared verification.
            if reader.isAnchored || options.trustedVerifiers != nil { shared.lines.append(reader.anchorLine) }
            shared.add(try await reader.load(trees: facts.commits.map(\.tree), belowOnRemote: false))
            facts.verifiedBy = shared.verified
            plan = CheckPlan.make(facts)
            if !plan.checks.isEmpty {
                shared.add(try await reader.load(trees: [], belowOnRemote: true))
                facts.verifiedBy = shared.verified
                plan = CheckPlan.make(facts)
            }
        } else if options.usesCache, options.trustedVerifiers != nil {
            shared.lines.append(SharedRecordReader.notAllowedLine(environment: environment))
        }
        // What was found and why each record is or is not used: always in a dry run, and by hand.
        if flags.dryRun || !push.isHook { plan.notes += shared.lines.map { "shared verification: " + $0 } }
        var planned = PlannedRun(plan: plan, errorlintExecutable: errorlintExecutable)
        planned.sharedTests = shared.tests
        return planned
    }
}
