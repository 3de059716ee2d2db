import PreflightCore

/// The pipeline's second stage's answer, **plan**: which content is checked where, under which
/// cache key, against which base. A value: tests build one from facts and inspect it without
/// running anything (``CheckPlan/make(_:)``).
package struct CheckPlan: Sendable, Equatable {
    /// The checks to run, in order; the first failing one stops the rest.
    package var checks: [PlannedCheck]
    /// Lines to print before the checks (trees already verified, why a check is not in place).
    package var notes: [String]

    package init(checks: [PlannedCheck], notes: [String]) {
        self.checks = checks
        self.notes = notes
    }
}

/// One check of the plan: a commit's content, or the work tree as it is on disk.
package struct PlannedCheck: Sendable, Equatable {
    /// Where the content is checked.
    package enum Place: Sendable, Equatable {
        /// In the user's work tree, whose content equals the commit's tree: the fast path.
        case inPlace
        /// In prepush's own worktree (`.build/prepush-worktree`), checked out at the commit: exact
        /// whatever the user's work tree holds, incremental after its first build.
        case worktree
        /// The work tree as it is on disk, which is not a commit's content (`--work-tree`, or by
        /// hand with uncommitted changes): labelled so, never cached.
        case onDisk
    }

    /// The commit whose content is checked (`nil` for ``Place/onDisk``).
    package var commit: String?
    /// The tree checked: the commit's, or the work tree's snapshot.
    package var tree: String
    package var place: Place
    /// The line said before the check (why it is checked where it is); `nil` for none.
    package var reason: String?
    /// The verification cache's key, when a pass may be recorded; `nil` never records.
    package var cacheKey: String?
    /// What the remote has, the base of the lines the push adds (diff coverage).
    package var remoteBase: String?
    /// The refs pushed at the commit, for messages.
    package var refs: [String]

    package init(
        commit: String?, tree: String, place: Place, reason: String? = nil, cacheKey: String? = nil,
        remoteBase: String? = nil, refs: [String] = []
    ) {
        self.commit = commit
        self.tree = tree
        self.place = place
        self.reason = reason
        self.cacheKey = cacheKey
        self.remoteBase = remoteBase
        self.refs = refs
    }

    /// In place, the content must not change while the check runs: it is snapshotted again after.
    package var verifiesContentAfterwards: Bool { place == .inPlace }
}
