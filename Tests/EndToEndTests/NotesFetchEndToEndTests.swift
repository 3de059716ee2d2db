import Foundation
import ProcessKit
import Testing

/// The fetch refspecs `prepush install` adds for the shared records (issue 36): a plain `git fetch`
/// and `git pull` keep working whatever a pusher does to the notes refs, on a real bare remote.
@Suite("notes fetch end to end", .serialized)
struct NotesFetchEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush
    static let oldRefspec = "+refs/notes/preflight*:refs/notes/preflight*"

    static func fetchRefspecs(_ repository: Repository, in folder: String) async throws -> [String] {
        try await repository.run("git", ["config", "--get-all", "remote.origin.fetch"], in: folder).outputText
            .split(separator: "\n").map(String.init)
    }

    static func head(_ repository: Repository, _ revision: String, in folder: String) async throws -> String {
        try await repository.run("git", ["rev-parse", revision], in: folder).outputText
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(
        "After a pusher deletes refs/notes/preflight and pushes refs/notes/preflight/x (and refs/notes/preflightA), an installed clone's git fetch and git pull still succeed and bring the new commit; a remote without the notes fetches nothing, quietly"
    )
    func conflictingNotesRefs() async throws {
        let repository = try await Repository.make(files: ["README.md": "one\n"])
        try await repository.run("git", ["push", "-q", "origin", "main"]).checked()
        let clone = repository.root + "/a"
        try await repository.run("git", ["clone", "-q", repository.remote, clone], in: repository.root).checked()
        let installed = try await repository.run(Self.prepush, ["install"], in: clone)
        #expect(installed.succeeded, "\(installed.errorText)")
        #expect(
            installed.errorText.contains("now also brings the records of trees teammates verified"),
            "\(installed.errorText)")
        // No notes on the remote yet: nothing fetched, no error.
        let empty = try await repository.run("git", ["fetch", "origin"], in: clone)
        #expect(empty.succeeded && empty.errorText.isEmpty, "\(empty.errorText)")

        // A publisher's notes reach the clone.
        try await repository.run("git", ["notes", "--ref", "preflight", "add", "-m", "record", "HEAD"]).checked()
        try await repository.run("git", ["push", "-q", "origin", "refs/notes/preflight"]).checked()
        try await repository.run("git", ["fetch", "-q", "origin"], in: clone).checked()
        let notes = try await Self.head(repository, "refs/notes/preflight", in: clone)
        #expect(notes == (try await Self.head(repository, "refs/notes/preflight", in: repository.work)))

        // Someone replaces the ref by refs under and beside it, and main moves on.
        try await repository.run("git", ["push", "-q", "origin", ":refs/notes/preflight"]).checked()
        try await repository.run(
            "git", ["push", "-q", "origin", "HEAD:refs/notes/preflight/x", "HEAD:refs/notes/preflightA"]
        ).checked()
        try repository.write("README.md", "two\n")
        try await repository.commit("two")
        try await repository.run("git", ["push", "-q", "origin", "main"]).checked()
        let fetched = try await repository.run("git", ["fetch", "origin"], in: clone)
        #expect(fetched.succeeded, "\(fetched.errorText)")
        // The next stage of the same attack on names the clone might have kept.
        try await repository.run("git", ["push", "-q", "origin", ":refs/notes/preflightA"]).checked()
        try await repository.run("git", ["push", "-q", "origin", "HEAD:refs/notes/preflightA/b"]).checked()
        let pulled = try await repository.run("git", ["pull", "--ff-only"], in: clone)
        #expect(pulled.succeeded, "\(pulled.errorText)")
        #expect(
            try await Self.head(repository, "HEAD", in: clone)
                == (try await repository.remoteHead("main")).trimmingCharacters(in: .whitespacesAndNewlines))
        // Only the one ref was ever fetched, and the clone keeps the notes it had.
        let refs = try await repository.run("git", ["for-each-ref", "--format=%(refname)", "refs/notes"], in: clone)
        #expect(refs.outputText == "refs/notes/preflight\n")
        #expect(try await Self.head(repository, "refs/notes/preflight", in: clone) == notes)
    }

    @Test(
        "prepush install replaces the old refspec pattern with one line saying so, a second install changes nothing, and uninstall removes both forms"
    )
    func migration() async throws {
        let repository = try await Repository.make(files: ["README.md": "one\n"])
        try await repository.run("git", ["push", "-q", "origin", "main"]).checked()
        let clone = repository.root + "/old"
        try await repository.run("git", ["clone", "-q", repository.remote, clone], in: repository.root).checked()
        try await repository.run("git", ["config", "--add", "remote.origin.fetch", Self.oldRefspec], in: clone)
            .checked()
        let installed = try await repository.run(Self.prepush, ["install"], in: clone)
        #expect(installed.succeeded, "\(installed.errorText)")
        let said = installed.errorText.split(separator: "\n").filter { $0.contains("git fetch from") }
        #expect(said.count == 1 && said[0].contains("replacing \(Self.oldRefspec)"), "\(installed.errorText)")
        let migrated = try await Self.fetchRefspecs(repository, in: clone)
        #expect(!migrated.contains(Self.oldRefspec), "\(migrated)")
        #expect(migrated.filter { $0.contains("notes/preflight") }.count == 2, "\(migrated)")
        #expect(try await repository.run("git", ["fetch", "origin"], in: clone).succeeded)

        let again = try await repository.run(Self.prepush, ["install"], in: clone)
        #expect(!again.errorText.contains("git fetch from"), "\(again.errorText)")
        #expect(try await Self.fetchRefspecs(repository, in: clone) == migrated)

        // Both forms go on uninstall.
        try await repository.run("git", ["config", "--add", "remote.origin.fetch", Self.oldRefspec], in: clone)
            .checked()
        try await repository.run(Self.prepush, ["uninstall"], in: clone).checked()
        #expect(try await Self.fetchRefspecs(repository, in: clone) == ["+refs/heads/*:refs/remotes/origin/*"])
    }
}
