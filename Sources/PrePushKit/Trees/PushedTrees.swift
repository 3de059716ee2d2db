import PreflightCore

/// The trees of the commits a push sends, each with its listing: asked of git while the push is
/// decided, beside `git status` and the changed paths, so that planning a push whose tree is
/// already verified waits for no further git call. What git could not answer is left out, and
/// planning asks for it itself.
struct PushedTrees: Sendable, Equatable {
    /// The tree of each commit, by commit.
    var trees: [String: String] = [:]
    /// The listing of each tree, by tree.
    var listings: [String: TreeListing] = [:]

    /// The most commits read ahead: a push of more (a mirror, many tags) is planned as before, and
    /// pays nothing for commits it may not check.
    static let limit = 4

    /// Reads the trees of `commits` (one `git rev-parse`) and lists each (`git ls-tree`), all at
    /// once. Empty when there are more than ``limit`` or git fails: planning then asks git.
    static func read(_ commits: [String], in repository: GitRepository) async -> PushedTrees {
        var unique: [String] = []
        for commit in commits where !unique.contains(commit) { unique.append(commit) }
        guard !unique.isEmpty, unique.count <= limit else { return PushedTrees() }
        // `<commit>^{tree}` for both: the same tree whatever the commit's spelling (a tag peels too).
        let names = unique.map { $0 + "^{tree}" }
        async let resolved = try? repository.output(["rev-parse"] + names)
        let listed = await withTaskGroup(of: (String, [String]?).self) { group in
            for (commit, name) in zip(unique, names) {
                group.addTask { (commit, try? await repository.entries(TreeListing.arguments(name))) }
            }
            var listed: [String: [String]] = [:]
            for await (commit, entries) in group { listed[commit] = entries }
            return listed
        }
        guard let lines = await resolved?.split(separator: "\n").map(String.init), lines.count == unique.count else {
            return PushedTrees()
        }
        var pushed = PushedTrees()
        for (commit, tree) in zip(unique, lines) {
            pushed.trees[commit] = tree
            if let entries = listed[commit] { pushed.listings[tree] = TreeListing(lsTree: entries, root: tree) }
        }
        return pushed
    }
}
