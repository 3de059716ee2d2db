import PreflightCore

/// The pipeline's first stage, **decide**: what the push sends, and whether there is anything to
/// check at all. Pure: it reads values (the push request, the environment, the paths each update
/// changes) and says what to do; it runs nothing.
enum PushDecision: Sendable, Equatable {
    /// Nothing to check; the line says why.
    case skip(String)
    /// Check these commits (by hand: HEAD's, with no update).
    case check([PushedCommit])

    /// The rules that need no git at all: a push that only deletes refs or sends nothing, and
    /// `PREPUSH_SKIP=1`. `request` is the hook's parsed input (`nil` by hand). `nil` when those do
    /// not decide.
    static func early(_ request: PushRequest?, environment: [String: String]) -> PushDecision? {
        if let request {
            if request.deletesOnly { return .skip("the push only deletes refs; nothing to check") }
            if request.pushedUpdates.isEmpty { return .skip("nothing is pushed; nothing to check") }
        }
        if environment["PREPUSH_SKIP"] == "1" { return .skip("skipped (PREPUSH_SKIP=1)") }
        return nil
    }

    /// The key of an update in `changedPaths`: its commit and what the remote has.
    static func key(_ update: RefUpdate) -> String {
        update.localObject + " " + update.remoteObject
    }

    /// The commits to check among `updates`: those that change a path matching one of
    /// `relevantPaths` (`changedPaths` is what each update's commit changes over what the remote
    /// has, keyed by ``key(_:)``), each commit once, in git's order.
    static func relevant(
        _ updates: [RefUpdate], changedPaths: [String: [String]], relevantPaths: [String]
    ) -> PushDecision {
        let globs = relevantPaths.map(Glob.init)
        var commits: [PushedCommit] = []
        for update in updates {
            let relevant = (changedPaths[key(update)] ?? []).filter { path in globs.contains { $0.matches(path) } }
            guard !relevant.isEmpty else { continue }
            if let index = commits.firstIndex(where: { $0.commit == update.localObject }) {
                commits[index].refs.append(update.localRef)
                commits[index].changedPaths = Array(Set((commits[index].changedPaths ?? []) + relevant)).sorted()
                continue
            }
            commits.append(
                PushedCommit(
                    commit: update.localObject, refs: [update.localRef],
                    remoteBase: update.createsRemoteRef ? nil : update.remoteObject, changedPaths: relevant))
        }
        if commits.isEmpty {
            let what =
                relevantPaths == PrePushOptions.defaultRelevantPaths
                ? "source, resource, manifest, string catalog, Xcode project or configuration file (relevantPaths)"
                : relevantPaths.joined(separator: ", ")
            return .skip("this push changes no \(what); nothing to check")
        }
        return .check(commits)
    }
}

/// A commit a push sends (or, by hand, HEAD).
struct PushedCommit: Sendable, Equatable {
    /// The commit's object name.
    var commit: String
    /// The local refs pushed at it (`refs/heads/main`); empty by hand.
    var refs: [String]
    /// What the remote has now, when the ref exists there: the base of the lines the push adds.
    var remoteBase: String?
    /// The relevant paths the push changes with it (which packages it affects); `nil` by hand,
    /// where every package in question is checked.
    var changedPaths: [String]?

    init(commit: String, refs: [String] = [], remoteBase: String? = nil, changedPaths: [String]? = nil) {
        self.commit = commit
        self.refs = refs
        self.remoteBase = remoteBase
        self.changedPaths = changedPaths
    }
}
