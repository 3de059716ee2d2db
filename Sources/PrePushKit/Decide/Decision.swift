import PreflightCore

/// What the first stage, **decide**, hands on: nothing to check and why, or the push (by hand:
/// HEAD) to plan, with what was learned deciding it.
enum Decision: Sendable {
    /// Nothing to check; the line says why. The repository and its settings, once found, say
    /// where the run record goes.
    case skip(String, place: RepositoryPlace?, options: PrePushOptions?)
    case check(DecidedPush)

    /// Decides: the hook's input parsed once, the rules that need no git, the repository and its
    /// settings (a report path prepush may not write to is an error now, not after the build), and
    /// the commits whose changes matter.
    static func make(
        _ mode: PrePushRun.Mode, in directory: String, flags: PrePushFlags, environment: [String: String]
    ) async throws -> Decision {
        let request: PushRequest? =
            if case .hook(let arguments, let input, _) = mode {
                try PushRequest.parse(arguments: arguments, input: input)
            } else {
                nil
            }
        if case .skip(let why) = PushDecision.early(request, environment: environment) {
            return .skip(why, place: nil, options: nil)
        }
        let place = try await RepositoryPlace.locate(directory, location: mode.git)
        let repository = place.repository
        let snapshot = WorkTreeSnapshot(
            repository: repository, gitDirectory: place.gitDirectory,
            scratchDirectory: RunTemporaryDirectory.systemTemporaryDirectory)
        // git's questions run while the settings are read (an error there is still the one thrown:
        // they are awaited only after).
        let pushedCommits = request?.pushedUpdates.map(\.localObject) ?? []
        async let statusQuery = snapshot.status()
        async let changedQuery = changedPaths(of: request, in: repository)
        // The pushed commits' trees and listings too: planning a verified push then asks git nothing.
        async let treesQuery = PushedTrees.read(pushedCommits, in: repository)
        // The work tree's settings decide what is checked; each check then uses the settings of the
        // folder it checks (the pushed commit's own, in the worktree).
        // Never a file above the repository's root: a check reads none.
        let options = try flags.options(in: place.root, upTo: place.root)
        // What a key holds besides the content (the toolchain, the platform, the errorlint that
        // runs, the environment) needs no git: found while git answers, for the plan.
        let errorlintExecutable =
            options.runsErrorlint == false ? nil : ErrorLintExecutable.find(environment: environment)
        async let identityQuery = options.settingsIdentity(
            errorlintExecutable: errorlintExecutable, environment: environment, directory: place.root)
        let skippedSteps = try SkippedSteps.read(environment: environment, extraSteps: options.extraSteps.map(\.name))
        let destination = place.reportDestination
        for request in options.coverageReports {
            _ = try destination.check(request.path, fromCommandLine: flags.coverageReports.contains(request))
        }
        if let report = options.testReport {
            _ = try destination.check(report.path, fromCommandLine: report.fromCommandLine)
        }
        if let path = options.runReportPath {
            _ = try destination.check(path, fromCommandLine: flags.runReportPath != nil)
        }
        if let path = options.summaryPath {
            _ = try destination.check(path, fromCommandLine: flags.summaryPath != nil)
        }
        let commits: [PushedCommit]
        if let (updates, changed) = try await changedQuery {
            if updates.isEmpty {
                return .skip("the push sends no commit; nothing to check", place: place, options: options)
            }
            switch PushDecision.relevant(updates, changedPaths: changed, relevantPaths: options.relevantPaths) {
            case .skip(let why): return .skip(why, place: place, options: options)
            case .check(let relevant): commits = relevant
            }
        } else {
            guard let head = try await statusQuery.head else { throw PrePushError.noCommits(place.root) }
            commits = [PushedCommit(commit: head)]
        }
        return .check(
            DecidedPush(
                directory: directory, place: place, options: options, request: request, commits: commits,
                repository: repository, snapshot: snapshot, status: try await statusQuery, skippedSteps: skippedSteps,
                errorlintExecutable: errorlintExecutable, identity: await identityQuery, pushedTrees: await treesQuery))
    }

    /// The paths each pushed update's commit changes over what the remote has (keyed by
    /// ``PushDecision/key(_:)``), and the updates left: a ref pushed at a blob or a tree (a notes
    /// ref someone replaced, say) holds nothing to check, only what is or peels to a commit does.
    /// `nil` by hand.
    private static func changedPaths(
        of request: PushRequest?, in repository: GitRepository
    ) async throws -> (updates: [RefUpdate], changed: [String: [String]])? {
        guard let request else { return nil }
        var updates = request.pushedUpdates
        // Per update: one commit pushed to two refs changes different paths over each.
        var changed: [String: [String]] = [:]
        for update in updates where changed[PushDecision.key(update)] == nil {
            do {
                changed[PushDecision.key(update)] = try await repository.changedPaths(
                    commit: update.localObject, base: update.createsRemoteRef ? nil : update.remoteObject,
                    remote: request.remoteName)
            } catch {
                guard !(try await repository.succeeds(["cat-file", "-e", update.localObject + "^{commit}"])) else {
                    throw error
                }
                updates.removeAll { $0.localObject == update.localObject }
            }
        }
        return (updates, changed)
    }
}

/// A push (or, by hand, HEAD) to check, as the decide stage leaves it to the plan.
struct DecidedPush: Sendable {
    /// The folder prepush was started in.
    var directory: String
    var place: RepositoryPlace
    /// The work tree's settings: they decide what is checked.
    var options: PrePushOptions
    /// git's input to the hook; `nil` by hand.
    var request: PushRequest?
    /// The commits whose changes matter (by hand: HEAD).
    var commits: [PushedCommit]
    var repository: GitRepository
    var snapshot: WorkTreeSnapshot
    /// The work tree's state when the push was decided.
    var status: SnapshotStatus
    /// The steps `PREPUSH_SKIP` names.
    var skippedSteps: SkippedSteps
    /// The errorlint executable found (``ErrorLintExecutable/find(environment:)``); `nil` when none
    /// is or the settings turn it off.
    var errorlintExecutable: String?
    /// What a key of these settings holds besides the content.
    var identity: SettingsIdentity
    /// The pushed commits' trees and listings, as far as git answered while deciding.
    var pushedTrees = PushedTrees()

    var isHook: Bool { request != nil }
}
