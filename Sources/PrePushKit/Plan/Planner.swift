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
    static func make(_ facts: PlanFacts) -> CheckPlan {
        var notes: [String] = []
        var pending: [(commit: PushedCommit, tree: String, units: [PlannedUnit], unchanged: [CheckUnit])] = []
        for entry in facts.commits {
            if pending.contains(where: { $0.tree == entry.tree }) { continue }
            let unitPlan = facts.units[entry.tree] ?? .single(tree: entry.tree, fingerprint: facts.fingerprint)
            notes += unitPlan.notes
            let selection = unitPlan.selection
            if selection.affected.isEmpty {
                notes.append(Self.unaffectedNote(entry.commit, selection))
                continue
            }
            // By hand the cache speaks only for a work tree that is HEAD's content.
            let exact = facts.isHook || facts.content == .isolated || facts.workTree.holds(entry.tree)
            var units: [PlannedUnit] = []
            var verified: [CheckUnit] = []
            var signers: [String] = []
            for unit in selection.affected {
                let content = unitPlan.contents[unit] ?? entry.tree
                let settings = unitPlan.settings[unit]
                // The unit's own options say whether its key holds the base (its diff-coverage gate).
                let includesBase = settings.map { $0.options.minimumDiffCoverage != nil } ?? facts.keyIncludesBase
                let key =
                    facts.isVerified == nil
                    ? nil
                    : VerificationCache.key(
                        tree: content, fingerprint: unitPlan.fingerprints[unit] ?? facts.fingerprint,
                        remoteBase: entry.commit.remoteBase, includesBase: includesBase)
                if facts.content != .workTree, exact, let key, let isVerified = facts.isVerified {
                    if isVerified(key) {
                        verified.append(unit)
                        continue
                    }
                    if let signer = facts.verifiedBy[key] {
                        verified.append(unit)
                        if !signers.contains(signer) { signers.append(signer) }
                        continue
                    }
                }
                var planned = PlannedUnit(
                    unit: unit, content: content, cacheKey: key, through: selection.through[unit])
                planned.dependencyFolders = unitPlan.dependencyFolders[unit] ?? []
                planned.nestedFolders = unitPlan.nestedFolders[unit] ?? []
                planned.manifest = unitPlan.manifests[unit.path]
                planned.settings = settings
                units.append(planned)
            }
            if !verified.isEmpty {
                let what =
                    verified.count == 1 && verified[0].path.isEmpty
                    ? "tree \(entry.tree.prefix(12))" : verified.map(\.name).joined(separator: ", ")
                notes.append(
                    "\(what) of \(Self.describe(entry.commit)) already verified with this toolchain and these options"
                        + (signers.isEmpty
                            ? ""
                            : " (verified by \(signers.joined(separator: ", ")): a signed record in \(SharedNotes.ref))")
                )
            }
            if units.isEmpty { continue }
            pending.append((entry.commit, entry.tree, units, selection.unchanged + verified))
        }
        if pending.isEmpty { return CheckPlan(checks: [], notes: notes) }

        let workTree = facts.workTree
        func onDiskUnits() -> (units: [PlannedUnit], unchanged: [CheckUnit]) {
            guard let unitPlan = facts.units[workTree.tree] else {
                let units: [PlannedUnit] =
                    pending.last?.units.map { unit -> PlannedUnit in
                        var onDisk = unit
                        onDisk.cacheKey = nil
                        onDisk.settings = nil
                        return onDisk
                    } ?? []
                return (units, pending.last?.unchanged ?? [])
            }
            let units = unitPlan.selection.affected.map { unit in
                var planned = PlannedUnit(
                    unit: unit, content: unitPlan.contents[unit] ?? workTree.tree,
                    through: unitPlan.selection.through[unit])
                planned.dependencyFolders = unitPlan.dependencyFolders[unit] ?? []
                planned.nestedFolders = unitPlan.nestedFolders[unit] ?? []
                planned.manifest = unitPlan.manifests[unit.path]
                return planned
            }
            return (units, unitPlan.selection.unchanged)
        }

        if facts.content == .workTree {
            let reason =
                "checking the work tree as it is on disk (--work-tree), not "
                + (facts.isHook ? "the pushed commits" : "HEAD as committed") + "; the result is not cached"
            var check = PlannedCheck(
                commit: nil, tree: workTree.tree, place: .onDisk, reason: reason,
                remoteBase: pending.last?.commit.remoteBase)
            (check.units, check.unchanged) = onDiskUnits()
            check.listing = facts.units[workTree.tree]?.listing
            return CheckPlan(checks: [check], notes: notes)
        }

        var checks: [PlannedCheck] = []
        if !facts.isHook, facts.content == .pushed, let head = pending.first, !workTree.holds(head.tree) {
            let changes = facts.differences[head.commit.commit] ?? []
            let reason =
                "the work tree has uncommitted changes (\(Self.list(changes))); checking them as they are on disk, "
                + "not HEAD as committed: the result is not cached (--isolated checks HEAD)"
            var check = PlannedCheck(commit: nil, tree: workTree.tree, place: .onDisk, reason: reason)
            (check.units, check.unchanged) = onDiskUnits()
            check.listing = facts.units[workTree.tree]?.listing
            checks.append(check)
            return CheckPlan(checks: checks, notes: notes)
        }

        func planned(
            _ entry: (commit: PushedCommit, tree: String, units: [PlannedUnit], unchanged: [CheckUnit]),
            place: PlannedCheck.Place, reason: String?
        ) -> PlannedCheck {
            var check = PlannedCheck(
                commit: entry.commit.commit, tree: entry.tree, place: place, reason: reason,
                remoteBase: entry.commit.remoteBase, refs: entry.commit.refs)
            check.units = entry.units
            check.unchanged = entry.unchanged
            check.listing = facts.units[entry.tree]?.listing
            return check
        }

        // In place first (the fast path), then the worktree ones.
        for entry in pending where facts.content == .pushed && workTree.holds(entry.tree) {
            checks.append(planned(entry, place: .inPlace, reason: nil))
        }
        for entry in pending where facts.content == .isolated || !workTree.holds(entry.tree) {
            let commit = entry.commit.commit
            let why: String
            if facts.content == .isolated {
                why = facts.isolatedBecause ?? "--isolated"
            } else if workTree.isClean, let head = workTree.head, head != commit {
                why = "the work tree is at \(head.prefix(12)) (HEAD), not at the pushed commit"
            } else {
                why = "the work tree differs from it: \(Self.list(facts.differences[commit] ?? []))"
            }
            checks.append(
                planned(
                    entry, place: .worktree,
                    reason: "checking \(Self.describe(entry.commit)) in its own worktree, .build/prepush-worktree ("
                        + why + ")"))
        }
        return CheckPlan(checks: checks, notes: notes)
    }

    /// Why a commit needs no check: it changes files of no package (or no package at all exists).
    static func unaffectedNote(_ commit: PushedCommit, _ selection: UnitSelection) -> String {
        if selection.unchanged.isEmpty {
            return "\(Self.describe(commit)) holds no Swift package (no tracked Package.swift) and no Xcode project"
        }
        let outside = selection.outside.isEmpty ? "" : " (it changes \(Self.listPaths(selection.outside)) only)"
        return "\(Self.describe(commit)) changes no package\(outside)"
    }

    /// The first few names (paths, packages, steps), and how many more.
    static func listPaths(_ paths: [String], limit: Int = 3) -> String {
        let shown = paths.prefix(limit).joined(separator: ", ")
        return paths.count > limit ? shown + " and \(paths.count - limit) more" : shown
    }

    /// `3f2a1b0c9d8e (refs/heads/main)`, or the commit alone.
    static func describe(_ commit: PushedCommit) -> String {
        let name = String(commit.commit.prefix(12))
        return commit.refs.isEmpty ? name : "\(name) (\(commit.refs.joined(separator: ", ")))"
    }

    /// The first few changes, and how many more.
    static func list(_ changes: [TreeChange], limit: Int = 3) -> String {
        changes.isEmpty ? "no file named" : listPaths(changes.map(\.description), limit: limit)
    }
}
