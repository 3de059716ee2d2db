import PreflightCore

extension PlanFacts {
    /// Asks git what the planner needs: the commits' trees and HEAD's (one call), the work tree's
    /// content (``WorkTreeSnapshot``, only when something differs from HEAD), what differs, and
    /// which trees are verified.
    static func gather(
        commits: [PushedCommit], isHook: Bool, status: SnapshotStatus, repository: GitRepository,
        snapshot: WorkTreeSnapshot, gitDirectory: String, options: PrePushOptions, errorlintExecutable: String?,
        environment: [String: String]
    ) async throws -> PlanFacts {
        let names = commits.map(\.commit) + (status.head.map { [$0] } ?? [])
        let trees = try await repository.output(["rev-parse"] + names.map { $0 + "^{tree}" })
            .split(separator: "\n").map(String.init)
        let headTree = status.head == nil ? nil : trees.last
        let fingerprint = options.verificationFingerprint(
            errorlintExecutable: errorlintExecutable, environment: environment)
        let verified = options.usesCache ? VerificationCache(gitDirectory: gitDirectory).keys() : nil
        var isVerified: (@Sendable (String) -> Bool)?
        if let verified { isVerified = { verified.contains($0) } }
        let pairs: [(commit: PushedCommit, tree: String)] = zip(commits, trees).map { (commit: $0, tree: $1) }
        var facts = PlanFacts(
            isHook: isHook, commits: pairs,
            workTree: WorkTreeState(head: status.head, tree: headTree ?? "", isClean: status.isClean),
            content: options.checkedContent, fingerprint: fingerprint, isVerified: isVerified)
        facts.keyIncludesBase = options.minimumDiffCoverage != nil
        // A clean work tree's content is HEAD's tree: no snapshot to write.
        if !status.isClean || headTree == nil {
            facts.workTree = try await snapshot.take(status: status, headTree: headTree)
        }
        if !facts.workTree.isClean {
            for (commit, tree) in facts.commits where !facts.workTree.holds(tree) {
                facts.differences[commit.commit] = try await snapshot.differences(from: tree, to: facts.workTree)
            }
        }
        return facts
    }
}
