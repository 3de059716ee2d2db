import Foundation

/// Why prepush could not run at all.
enum PrePushError: LocalizedError, Sendable, Equatable {
    case notARepository(String)
    case worktreeOccupied(String)
    case noCommits(String)
    /// No folder for the run could be made in the system's temporary directory (the path, errno's text).
    case noTemporaryFolder(String, String)
    /// A file a step reads could not be written into the run's temporary folder (the path, why).
    case runFileUnwritable(String, String)
    /// The run's folder cannot be written, or a step failed while its file system was full (the
    /// folder, what the system said): an I/O error, not a verdict on the code.
    case temporaryFolderFull(String, String)
    /// `PREPUSH_SKIP` names steps no check has (the names, the steps there are).
    case unknownSkippedSteps([String], known: [String])
    /// `--publish-verification` without a key (no `--signing-key`, no `PREFLIGHT_SIGNING_KEY`).
    case noSigningKey
    /// `ssh-keygen -Y sign` failed (the key, what it said).
    case signingFailed(key: String, detail: String)
    /// The notes ref could not be published (the remote, what git said).
    case publishFailed(remote: String, detail: String)
    /// `--publish-verification` of a commit that is not on the trust anchor (the commit, why).
    case publishUnreviewed(commit: String, why: String)

    var errorDescription: String? {
        switch self {
        case .notARepository(let path): "'\(path)' is not inside a git work tree."
        case .worktreeOccupied(let path): "'\(path)' exists but is not this repository's prepush worktree."
        case .noCommits(let path): "The repository at '\(path)' has no commits yet."
        case .noTemporaryFolder(let path, let why): "No folder for the run could be made in '\(path)': \(why)."
        case .runFileUnwritable(let path, let why): "The run's file '\(path)' could not be written: \(why)."
        case .temporaryFolderFull(let path, let why): "The run's temporary folder '\(path)' cannot be written: \(why)."
        case .noSigningKey: "--publish-verification needs a signing key."
        case .signingFailed(let key, let detail):
            "The verification record could not be signed with '\(key)'\(detail.isEmpty ? "" : ": \(detail)")."
        case .publishFailed(let remote, let detail):
            "The verification record could not be published to '\(remote)': \(detail)."
        case .publishUnreviewed(let commit, let why):
            "Commit \(commit.prefix(12)) is not published: \(why)."
        case .unknownSkippedSteps(let names, _):
            "PREPUSH_SKIP names \(names.count == 1 ? "a step" : "steps") prepush does not have: \(names.joined(separator: ", "))."
        }
    }

    var failureReason: String? {
        switch self {
        case .notARepository: "prepush checks the Swift package at the root of a git repository."
        case .worktreeOccupied:
            "prepush checks a pushed commit there when the work tree is not exactly what is pushed, and never "
                + "removes a folder it did not create."
        case .noCommits: "prepush checks what a push would send, and without a commit there is nothing to push."
        case .noSigningKey, .signingFailed:
            "A shared record is signed with an SSH key (ssh-keygen -Y sign), so that teammates' hooks can tell it "
                + "came from a signer their allowed-signers file lists."
        case .publishUnreviewed:
            "A record is signed in a job that ran the commit's own code, which could read the signing key: only "
                + "commits on the default branch (reviewed code) are published, and the job checks that before any step runs."
        case .publishFailed:
            "Records are pushed to the remote's refs/notes/preflight after merging what other publishers pushed "
                + "meanwhile; git refused or the remote could not be reached."
        case .noTemporaryFolder:
            "Every step runs with a private temporary folder of the run's own, removed when the run ends."
        case .runFileUnwritable:
            "prepush writes what a step reads (the check's configuration for errorlint) into the run's own folder."
        case .temporaryFolderFull:
            "SwiftPM, the compiler and the tests write their scratch files there (TMPDIR); a step that fails "
                + "because they cannot says nothing about the code, so the push is not judged on it."
        case .unknownSkippedSteps(_, let known):
            "PREPUSH_SKIP is 1 (skip the check) or a comma-separated list of the steps to skip: "
                + known.joined(separator: ", ") + "; a name that matches none would skip nothing."
        }
    }

    var recoverySuggestion: String? {
        switch self {
        case .notARepository: "Run it inside the repository, or let git run it as the pre-push hook (prepush install)."
        case .worktreeOccupied: "Move or delete that folder, then run prepush or push again."
        case .noCommits: "Commit first (git commit), then run prepush or push."
        case .noSigningKey:
            "Give the private key's path with --signing-key PATH or PREFLIGHT_SIGNING_KEY "
                + "(docs/shared-verification.md)."
        case .signingFailed: "Check that the file is an SSH private key without a passphrase, readable by this user."
        case .publishUnreviewed:
            "Publish from the job that checks the default branch after a merge, and give the key to that job only "
                + "(docs/shared-verification.md); a team that trusts another ref names it with "
                + "git config preflight.trustAnchor REF."
        case .publishFailed: "Check that this job may push to the remote's refs/notes/preflight, then run it again."
        case .noTemporaryFolder, .runFileUnwritable:
            "Free space in that folder or point TMPDIR at a writable folder, then push again."
        case .temporaryFolderFull:
            "Free space on that file system or point TMPDIR at a folder with room, then push again."
        case .unknownSkippedSteps:
            "Spell the steps as the summary table names them (PREPUSH_SKIP=todoscan,errorlint git push), or unset PREPUSH_SKIP."
        }
    }
}
