import Foundation

/// What can go wrong asking git which lines changed.
package enum GitError: LocalizedError, Sendable, Equatable {
    /// `path` (a directory) is not inside a git work tree.
    case notARepository(path: String)
    /// `revision` names no commit in the repository; `detail` says why (for example "the
    /// repository has no commits yet", or that the clone is shallow).
    case unknownRevision(String, detail: String)
    /// A git command failed; `command` is how to run it by hand, `detail` what went wrong (git's
    /// own message when it printed one).
    case failed(command: String, detail: String)

    package var errorDescription: String? {
        switch self {
        case .notARepository(let path):
            "'\(path)' is not in a git repository."
        case .unknownRevision(let revision, _):
            "Unknown revision '\(revision)'."
        case .failed(let command, _):
            "'\(command)' failed."
        }
    }

    package var failureReason: String? {
        switch self {
        case .notARepository:
            "git found no work tree there: neither the folder nor any folder above it holds a checked-out"
                + " repository (`git rev-parse --show-toplevel` failed)."
        case .unknownRevision(_, let detail), .failed(_, let detail):
            detail
        }
    }

    package var recoverySuggestion: String? {
        switch self {
        case .notARepository:
            "Run from inside a clone of the repository (or pass a path inside one). Finding changed lines needs"
                + " git history; without a repository, scan without a base revision."
        case .unknownRevision(let revision, _):
            "Check the name with `git rev-parse --verify '\(revision)'` (`git branch -a` and `git tag` list"
                + " candidates). A branch that exists only on a remote is spelled like 'origin/main'; in a CI"
                + " checkout fetch it first (`git fetch origin main`) with enough history to reach the merge base"
                + " (`fetch-depth: 0` for actions/checkout)."
        case .failed(let command, _):
            if command.contains(" merge-base ") {
                "Fetch the history that joins the two (`git fetch --unshallow`, or `fetch-depth: 0` for"
                    + " actions/checkout), or compare against a revision the current branch grew from."
            } else {
                "Check that git is installed and on PATH and that the folder is a readable git work tree, then run"
                    + " `\(command)` there by hand to see git's full output."
            }
        }
    }
}
