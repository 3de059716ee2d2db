import PreflightCore

extension CheckPlan {
    /// Plans the check of `facts`: pure, so every situation can be tested without a process.
    ///
    /// - A commit whose tree was verified before (same toolchain and options) is not checked again.
    /// - A hook run checks each pushed commit's content: in place when the work tree holds exactly
    ///   that tree (at most one commit can be), else in prepush's worktree, with a line saying why.
    /// - By hand, HEAD is checked in place when the work tree equals it, and otherwise the work tree
    ///   is checked as it is on disk, labelled and not cached (there is no push to be exact about).
    /// - `--isolated` checks every commit in the worktree; `--work-tree` checks the disk once,
    ///   labelled, never cached.
    package static func make(_ facts: PlanFacts) -> CheckPlan {
        var notes: [String] = []
        var pending: [(commit: PushedCommit, tree: String)] = []
        for entry in facts.commits {
            if pending.contains(where: { $0.tree == entry.tree }) { continue }
            // By hand the cache speaks only for a work tree that is HEAD's content.
            let exact = facts.isHook || facts.content == .isolated || facts.workTree.holds(entry.tree)
            if facts.content != .workTree, exact, let isVerified = facts.isVerified, let key = Self.key(entry, facts),
                isVerified(key)
            {
                notes.append(
                    "tree \(entry.tree.prefix(12)) of \(Self.describe(entry.commit)) already verified with this "
                        + "toolchain and these options")
                continue
            }
            pending.append(entry)
        }
        if pending.isEmpty { return CheckPlan(checks: [], notes: notes) }

        let workTree = facts.workTree
        func key(_ entry: (commit: PushedCommit, tree: String)) -> String? {
            guard facts.isVerified != nil else { return nil }
            return Self.key(entry, facts)
        }

        if facts.content == .workTree {
            let reason =
                "checking the work tree as it is on disk (--work-tree), not "
                + (facts.isHook ? "the pushed commits" : "HEAD as committed") + "; the result is not cached"
            return CheckPlan(
                checks: [
                    PlannedCheck(
                        commit: nil, tree: workTree.tree, place: .onDisk, reason: reason,
                        remoteBase: pending.last?.commit.remoteBase)
                ], notes: notes)
        }

        var checks: [PlannedCheck] = []
        if !facts.isHook, facts.content == .pushed, let head = pending.first, !workTree.holds(head.tree) {
            let changes = facts.differences[head.commit.commit] ?? []
            let reason =
                "the work tree has uncommitted changes (\(Self.list(changes))); checking them as they are on disk, "
                + "not HEAD as committed: the result is not cached (--isolated checks HEAD)"
            checks.append(PlannedCheck(commit: nil, tree: workTree.tree, place: .onDisk, reason: reason))
            return CheckPlan(checks: checks, notes: notes)
        }

        // In place first (the fast path), then the worktree ones.
        for entry in pending where facts.content == .pushed && workTree.holds(entry.tree) {
            checks.append(
                PlannedCheck(
                    commit: entry.commit.commit, tree: entry.tree, place: .inPlace, cacheKey: key(entry),
                    remoteBase: entry.commit.remoteBase, refs: entry.commit.refs))
        }
        for entry in pending where facts.content == .isolated || !workTree.holds(entry.tree) {
            let commit = entry.commit.commit
            let why: String
            if facts.content == .isolated {
                why = "--isolated"
            } else if workTree.isClean, let head = workTree.head, head != commit {
                why = "the work tree is at \(head.prefix(12)) (HEAD), not at the pushed commit"
            } else {
                why = "the work tree differs from it: \(Self.list(facts.differences[commit] ?? []))"
            }
            checks.append(
                PlannedCheck(
                    commit: commit, tree: entry.tree, place: .worktree,
                    reason: "checking \(Self.describe(entry.commit)) in its own worktree, .build/prepush-worktree ("
                        + why + ")",
                    cacheKey: key(entry), remoteBase: entry.commit.remoteBase, refs: entry.commit.refs))
        }
        return CheckPlan(checks: checks, notes: notes)
    }

    /// The cache key of checking `entry` (``VerificationCache/key(tree:fingerprint:remoteBase:includesBase:)``).
    static func key(_ entry: (commit: PushedCommit, tree: String), _ facts: PlanFacts) -> String? {
        VerificationCache.key(
            tree: entry.tree, fingerprint: facts.fingerprint, remoteBase: entry.commit.remoteBase,
            includesBase: facts.keyIncludesBase)
    }

    /// `3f2a1b0c9d8e (refs/heads/main)`, or the commit alone.
    static func describe(_ commit: PushedCommit) -> String {
        let name = String(commit.commit.prefix(12))
        return commit.refs.isEmpty ? name : "\(name) (\(commit.refs.joined(separator: ", ")))"
    }

    /// The first few changes, and how many more.
    static func list(_ changes: [TreeChange], limit: Int = 3) -> String {
        if changes.isEmpty { return "no file named" }
        let shown = changes.prefix(limit).map(\.description).joined(separator: ", ")
        return changes.count > limit ? shown + " and \(changes.count - limit) more" : shown
    }
}
