import PreflightCore

/// Where the repository is: its work tree's root and its git directory, and where git's variables
/// put it for the hook (``GitLocation``; empty by hand and where git names none).
struct RepositoryPlace: Sendable {
    let root: String
    let gitDirectory: String
    var location = GitLocation()

    /// The repository containing `directory`, or the one `location` names: git's own answer for
    /// a hook of `git --git-dir=… --work-tree=… push` (the dotfiles layout, a work tree nested in
    /// another repository's), whose folder alone would name no repository or the wrong one.
    static func locate(_ directory: String, location: GitLocation = GitLocation()) async throws -> RepositoryPlace {
        // The plain layouts (a hook's usual case) are answered from `.git` itself, as git would.
        if !location.namesRepository, let plain = GitRepository.plainPlace(containing: directory) {
            return RepositoryPlace(root: plain.root, gitDirectory: plain.gitDirectory)
        }
        var git = GitRepository(root: directory)
        git.location = location
        guard let places = try? await git.output(["rev-parse", "--show-toplevel", "--absolute-git-dir"]) else {
            throw PrePushError.notARepository(directory)
        }
        let lines = places.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var place: RepositoryPlace
        if lines.count == 2 {
            place = RepositoryPlace(root: lines[0], gitDirectory: lines[1])
        } else {
            // A newline in a folder's name: ask one at a time.
            place = RepositoryPlace(
                root: try await git.output(["rev-parse", "--show-toplevel"]),
                gitDirectory: try await git.output(["rev-parse", "--absolute-git-dir"]))
        }
        place.location = location
        // `GIT_DIR` alone makes the folder git runs in the work tree: named, so every later call
        // (each run in the root) is about the same one.
        if location.gitDirectory != nil, location.workTree == nil { place.location.workTree = place.root }
        return place
    }

    /// Where a run's reports go from a run that found no repository before it ended: the one
    /// containing `directory` (or that `location` names), else `directory` itself (a report path
    /// is taken from there).
    static func forReports(_ directory: String, location: GitLocation = GitLocation()) async -> RepositoryPlace {
        (try? await locate(directory, location: location))
            ?? RepositoryPlace(root: directory, gitDirectory: directory + "/.git")
    }

    /// The repository, its git calls given ``location``.
    var repository: GitRepository {
        var repository = GitRepository(root: root)
        repository.location = location
        return repository
    }

    /// Where the run's reports may go (``ReportDestination``'s rules).
    var reportDestination: ReportDestination {
        ReportDestination(root: root, gitDirectory: gitDirectory, location: location)
    }
}
