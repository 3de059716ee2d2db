import Foundation
import PreflightCore

/// What the second stage, **plan**, hands on: the plan, and the errorlint the run found.
struct PlannedRun: Sendable {
    var plan: CheckPlan
    /// The errorlint executable found (``ErrorLintStep/executable(environment:)``); `nil` when none
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
        let errorlintExecutable =
            options.runsErrorlint == false ? nil : ErrorLintStep.executable(environment: environment)
        var facts = try await PlanFacts.gather(
            commits: push.commits, isHook: push.isHook, status: push.status,
            repository: push.repository, snapshot: push.snapshot, gitDirectory: push.place.gitDirectory,
            options: options, errorlintExecutable: errorlintExecutable, environment: environment,
            layout: LayoutRequest(place: push.place, directory: push.directory, flags: flags))
        var shared = SharedRecords()
        if let signers = options.trustedVerifiers, options.usesCache {
            shared = try await sharedRecords(
                push, facts: facts, signersPath: signers, errorlintExecutable: errorlintExecutable,
                environment: environment)
            facts.verifiedBy = shared.verified
        }
        var plan = CheckPlan.make(facts)
        // What was found and why each record is or is not used: always in a dry run, and by hand.
        if flags.dryRun || !push.isHook { plan.notes += shared.lines.map { "shared verification: " + $0 } }
        var planned = PlannedRun(plan: plan, errorlintExecutable: errorlintExecutable)
        planned.sharedTests = shared.tests
        return planned
    }

    /// The trusted shared records of the pushed trees and of what the remote has below them.
    static func sharedRecords(
        _ push: DecidedPush, facts: PlanFacts, signersPath: String, errorlintExecutable: String?,
        environment: [String: String]
    ) async throws -> SharedRecords {
        let repository = push.repository
        let bases = try await SharedRecords.bases(
            of: push.commits, remote: push.isHook ? .pushedTo(push.request?.remoteName) : .byHand, in: repository)
        let scratch = push.place.gitDirectory + "/preflight"
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let identity = push.options.settingsIdentity(
            errorlintExecutable: errorlintExecutable, environment: environment, directory: push.place.root)
        return try await SharedRecords.load(
            repository: repository, trees: facts.commits.map(\.tree), bases: bases, signersPath: signersPath,
            identity: identity, environment: environment, scratch: scratch)
    }
}
