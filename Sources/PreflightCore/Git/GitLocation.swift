/// Where git's variables put the repository a hook is about: git exports `GIT_DIR`,
/// `GIT_WORK_TREE` and `GIT_INDEX_FILE` to a hook of `git --git-dir=… --work-tree=… commit` (the
/// bare-repository dotfiles layout), `GIT_INDEX_FILE` to every pre-commit hook, and a hook's own
/// git calls find the repository through them, not through the folder they run in.
///
/// git gives a pre-push hook of `git --git-dir=… --work-tree=… push` `GIT_DIR` and `GIT_WORK_TREE`
/// the same way (as typed, relative to the folder the hook runs in).
///
/// The executables read them, only when run as a hook (`--staged`, `prepush hook`), and pass them
/// here; every other run names its folder, and a stray `GIT_DIR` in a shell must not point it
/// elsewhere. A ``GitRepository`` given a location sets them again for each of its own git calls:
/// they never reach a git call about another folder (a worktree, a fixture package).
package struct GitLocation: Sendable, Equatable {
    /// `GIT_DIR`, absolute.
    package var gitDirectory: String?
    /// `GIT_WORK_TREE`, absolute.
    package var workTree: String?
    /// `GIT_COMMON_DIR`, absolute.
    package var commonDirectory: String?
    /// `GIT_INDEX_FILE`, absolute: the index a commit of other than the index records
    /// (`git commit -a`, `git commit <paths>`).
    package var indexFile: String?

    package init(
        gitDirectory: String? = nil, workTree: String? = nil, commonDirectory: String? = nil, indexFile: String? = nil
    ) {
        self.gitDirectory = gitDirectory
        self.workTree = workTree
        self.commonDirectory = commonDirectory
        self.indexFile = indexFile
    }

    /// The location `environment` gives a hook run in `directory` (git's variables, relative ones
    /// taken from `directory`, as git takes them; empty ones unset).
    package static func hook(_ environment: [String: String], in directory: String) -> GitLocation {
        func path(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return StandardPath.absolute(value, relativeTo: directory)
        }
        return GitLocation(
            gitDirectory: path("GIT_DIR"), workTree: path("GIT_WORK_TREE"), commonDirectory: path("GIT_COMMON_DIR"),
            indexFile: path("GIT_INDEX_FILE"))
    }

    /// Whether the repository is named, not found from the folder: then git alone knows where it
    /// is, and the in-process readers of the plain layout stand aside.
    package var namesRepository: Bool { gitDirectory != nil || workTree != nil || commonDirectory != nil }

    /// The variables a git call about this repository is given (after the inherited ones are
    /// cleared).
    var variables: [String: String] {
        var variables: [String: String] = [:]
        variables["GIT_DIR"] = gitDirectory
        variables["GIT_WORK_TREE"] = workTree
        variables["GIT_COMMON_DIR"] = commonDirectory
        variables["GIT_INDEX_FILE"] = indexFile
        return variables
    }
}
