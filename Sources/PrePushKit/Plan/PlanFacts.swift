import PreflightCore

/// Everything the planner needs to know, gathered from git before planning (``FactGathering``) or
/// built by hand in tests.
struct PlanFacts: Sendable {
    /// A hook run (the push's commits) or a run by hand (HEAD).
    var isHook: Bool
    /// The commits to check, from the decide stage, with their trees.
    var commits: [(commit: PushedCommit, tree: String)]
    /// The work tree's content as SwiftPM would compile it.
    var workTree: WorkTreeState
    /// What differs between each commit's tree and the work tree's content, for the commits that
    /// differ (only their names are printed).
    var differences: [String: [TreeChange]] = [:]
    /// Which content the user asked to be checked.
    var content: CheckedContent = .pushed
    /// Why every commit is checked in prepush's worktree though no one asked (`--isolated`): the
    /// work tree's folder names another repository, or none, to the tools run in it.
    var isolatedBecause: String?
    /// The part of the cache key besides the tree: toolchain and options.
    var fingerprint = ""
    /// What ``fingerprint`` is made of (`nil` in plans built by hand in tests): said of a shared
    /// record made with other settings.
    var identity: SettingsIdentity?
    /// A pass depends on the base the added lines are measured against (a diff-coverage gate): the
    /// cache key then holds the remote's commit, and a push with none records nothing.
    var keyIncludesBase = false
    /// Whether a cache key was recorded as verified (`nil`: the cache is off).
    var isVerified: (@Sendable (String) -> Bool)?
    /// Cache keys trusted shared records list as verified → who signed them (``SharedRecords``).
    var verifiedBy: [String: String] = [:]
    /// Per tree checked (a commit's, or the work tree's snapshot): its units and what each is
    /// cached under. A tree with no entry is one package at the root, cached under the tree.
    var units: [String: UnitPlan] = [:]
}

/// Which content a check looks at (`--isolated`, `--work-tree`, or neither).
package enum CheckedContent: String, Sendable, CaseIterable {
    /// The pushed commit's content: in place when the work tree holds exactly that, else in
    /// prepush's worktree. The default.
    case pushed
    /// Always in prepush's worktree (`--isolated`).
    case isolated
    /// The work tree as it is on disk, whatever is pushed (`--work-tree`): labelled, never cached.
    case workTree = "work-tree"
}

/// The work tree's content as SwiftPM would compile it: tracked files as they are on disk (staged
/// or not) and untracked files that git does not ignore.
struct WorkTreeState: Sendable, Equatable {
    /// HEAD's commit; `nil` in a repository without commits.
    var head: String?
    /// The tree object of that content (HEAD's own tree when nothing differs from it).
    var tree: String
    /// Nothing differs from HEAD: no staged, unstaged or untracked (not ignored) change.
    var isClean: Bool
    /// Content no tree can hold (submodules with uncommitted changes): then no commit's tree is
    /// the work tree's content, whatever ``tree`` says.
    var unrepresentable: [String]

    init(head: String?, tree: String, isClean: Bool, unrepresentable: [String] = []) {
        self.head = head
        self.tree = tree
        self.isClean = isClean
        self.unrepresentable = unrepresentable
    }

    /// Whether the work tree's content is exactly `tree`.
    func holds(_ tree: String) -> Bool {
        unrepresentable.isEmpty && self.tree == tree
    }
}
