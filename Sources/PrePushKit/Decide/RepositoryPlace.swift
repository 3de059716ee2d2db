import PreflightCore

/// Where the repository is: its work tree's root and its git directory.
struct RepositoryPlace: Sendable {
    let root: String
    let gitDirectory: String

    static func locate(_ directory: String) async throws -> RepositoryPlace {
        let git = GitRepository(root: directory)
        guard let places = try? await git.output(["rev-parse", "--show-toplevel", "--absolute-git-dir"]) else {
            throw PrePushError.notARepository(directory)
        }
        let lines = places.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.count == 2 { return RepositoryPlace(root: lines[0], gitDirectory: lines[1]) }
        // A newline in a folder's name: ask one at a time.
        return RepositoryPlace(
            root: try await git.output(["rev-parse", "--show-toplevel"]),
            gitDirectory: try await git.output(["rev-parse", "--absolute-git-dir"]))
    }

    /// Where a run's reports go from a run that found no repository before it ended: the one
    /// containing `directory`, else `directory` itself (a report path is taken from there).
    static func forReports(_ directory: String) async -> RepositoryPlace {
        (try? await locate(directory)) ?? RepositoryPlace(root: directory, gitDirectory: directory + "/.git")
    }

    /// Where the run's reports may go (``ReportDestination``'s rules).
    var reportDestination: ReportDestination {
        ReportDestination(root: root, gitDirectory: gitDirectory)
    }
}
