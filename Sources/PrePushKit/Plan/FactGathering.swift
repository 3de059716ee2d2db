import PreflightCore

extension PlanFacts {
    /// Asks git what the planner needs: the commits' trees and HEAD's (one call), the work tree's
    /// content (``WorkTreeSnapshot``, only when something differs from HEAD), what differs, and
    /// which trees are verified (their keys made with `identity`, the settings' part).
    static func gather(
        commits: [PushedCommit], isHook: Bool, status: SnapshotStatus, pushedTrees: PushedTrees = PushedTrees(),
        repository: GitRepository,
        snapshot: WorkTreeSnapshot, gitDirectory: String, options: PrePushOptions, errorlintExecutable: String?,
        identity: SettingsIdentity, environment: [String: String], layout: LayoutRequest
    ) async throws -> PlanFacts {
        let names = commits.map(\.commit) + (status.head.map { [$0] } ?? [])
        // Read while deciding when the push sends HEAD (the usual push); else asked now.
        let known = names.compactMap { pushedTrees.trees[$0] }
        let trees =
            known.count == names.count
            ? known
            : try await repository.output(["rev-parse"] + names.map { $0 + "^{tree}" })
                .split(separator: "\n").map(String.init)
        let headTree = status.head == nil ? nil : trees.last
        let fingerprint = identity.fingerprint
        let verified = options.usesCache ? VerificationCache(gitDirectory: gitDirectory).keys() : nil
        var isVerified: (@Sendable (String) -> Bool)?
        if let verified { isVerified = { verified.contains($0) } }
        let pairs: [(commit: PushedCommit, tree: String)] = zip(commits, trees).map { (commit: $0, tree: $1) }
        var facts = PlanFacts(
            isHook: isHook, commits: pairs,
            workTree: WorkTreeState(head: status.head, tree: headTree ?? "", isClean: status.isClean),
            content: options.checkedContent, fingerprint: fingerprint, isVerified: isVerified)
        facts.identity = identity
        facts.keyIncludesBase = options.minimumDiffCoverage != nil
        if isHook, facts.content == .pushed, let why = await foreignFolder(repository, gitDirectory: gitDirectory) {
            facts.content = .isolated
            facts.isolatedBecause = why
        }
        // A clean work tree's content is HEAD's tree: no snapshot to write.
        if !status.isClean || headTree == nil {
            facts.workTree = try await snapshot.take(status: status, headTree: headTree)
        }
        if !facts.workTree.isClean {
            for (commit, tree) in facts.commits where !facts.workTree.holds(tree) {
                facts.differences[commit.commit] = try await snapshot.differences(from: tree, to: facts.workTree)
            }
        }
        // The units of each tree checked: each commit's, and the work tree's when the disk may be
        // what is checked (by hand, or --work-tree).
        let units = UnitGathering(
            request: layout, repository: repository, gitDirectory: gitDirectory, options: options,
            errorlintExecutable: errorlintExecutable, environment: environment, listings: pushedTrees.listings)
        for (commit, tree) in facts.commits where facts.units[tree] == nil {
            // By hand, a commit whose content is not the work tree's is not what is checked (the
            // disk is): its configuration is not read.
            let checked = isHook || facts.content == .isolated || facts.workTree.holds(tree)
            facts.units[tree] = try await units.plan(
                tree: tree, label: checked ? String(commit.commit.prefix(12)) : nil,
                changedPaths: isHook ? commit.changedPaths : nil)
        }
        if (!isHook || facts.content == .workTree), facts.units[facts.workTree.tree] == nil,
            !facts.workTree.tree.isEmpty
        {
            let changed = isHook ? Array(Set(facts.commits.flatMap { $0.commit.changedPaths ?? [] })).sorted() : nil
            facts.units[facts.workTree.tree] = try await units.plan(
                tree: facts.workTree.tree, label: String(facts.workTree.tree.prefix(12)), changedPaths: changed)
        }
        return facts
    }

    /// Why the tools a check runs in place (the scanners, `swift build`, the tests, the extra steps,
    /// each finding its repository from its folder) would not find the one git named for the hook
    /// (`git --git-dir=… --work-tree=… push`): the work tree's folder names none, or another one
    /// (a work tree nested in another repository's). `nil` when git names none, or the same.
    private static func foreignFolder(_ repository: GitRepository, gitDirectory: String) async -> String? {
        guard repository.location.namesRepository else { return nil }
        let found = try? await GitRepository(root: repository.root).output(["rev-parse", "--absolute-git-dir"])
        if let found, StandardPath.canonical(found) == StandardPath.canonical(gitDirectory) { return nil }
        return "git names the repository for the hook (GIT_DIR \(gitDirectory)); its work tree's folder "
            + (found.map { "belongs to the repository at \($0)" } ?? "belongs to no repository")
    }
}
