import Foundation
import PreflightCore

/// The notes ref that carries shared records: `refs/notes/preflight`, one note per verified tree
/// (named by the tree's object name, no fan-out), each holding the signed entries of the checks
/// that published for that tree (``SignedEntry``), and the portable coverage profiles the records
/// name under `profiles/` (non-note entries, which `git notes` keeps).
///
/// Publishing (``publish(_:profiles:to:author:)``) fetches the remote's ref, lays the new entries
/// over it — an entry already in a note is kept, so two publishers lose nothing — commits on top
/// of it and pushes; a push refused because another publisher pushed meanwhile starts again.
struct SharedNotes: Sendable {
    static let ref = "refs/notes/preflight"
    /// How many times a refused push is tried again.
    static let attempts = 6

    let repository: GitRepository
    /// A folder for the temporary index.
    let scratch: String

    /// Publishes `entries` (a note's new entries, by tree) and the blobs `profiles` (already
    /// written) to `remote`'s notes ref, and moves the local ref to what was pushed.
    func publish(
        _ entries: [String: SignedEntry], profiles: [String], to remote: String, author: String
    ) async throws {
        var lastRefusal = ""
        for attempt in 0..<Self.attempts {
            if attempt > 0 {
                // Another publisher pushed meanwhile: wait a little (jittered), then merge again.
                try await Task.sleep(for: .milliseconds(Int.random(in: 100...400) * attempt))
            }
            var (base, replaced) = try await fetch(remote)
            let commit: String
            do {
                commit = try await self.commit(entries, profiles: profiles, over: base, author: author)
            } catch  where base != nil {
                // A notes tree git will not lay out (an entry named `..`, say) is replaced, only as
                // it was, as one holding no commit is.
                (replaced, base) = (base, nil)
                commit = try await self.commit(entries, profiles: profiles, over: nil, author: author)
            }
            // A ref that holds no commit (someone pushed a blob there) is replaced, only as it was.
            let lease = replaced.map { ["--force-with-lease=\(Self.ref):\($0)"] } ?? []
            let pushed = try await repository.run(
                ["push", "--quiet", "--no-verify"] + lease + [
                    remote, "\(replaced == nil ? "" : "+")\(commit):\(Self.ref)",
                ])
            if pushed.succeeded {
                _ = try await repository.output(["update-ref", Self.ref, commit])
                return
            }
            lastRefusal = pushed.errorText.trimmingCharacters(in: .whitespacesAndNewlines)
            // Only a refusal to move the ref (someone pushed first) is worth another try.
            guard
                lastRefusal.contains("rejected") || lastRefusal.contains("fetch first")
                    || lastRefusal.contains("non-fast-forward") || lastRefusal.contains("failed to update ref")
                    || lastRefusal.contains("cannot lock ref")
            else { break }
        }
        throw PrePushError.publishFailed(remote: remote, detail: lastRefusal.isEmpty ? "refused" : lastRefusal)
    }

    /// The remote's notes commit now (`nil` when it has none), and the object its ref holds when
    /// that is no commit (to be replaced).
    private func fetch(_ remote: String) async throws -> (base: String?, replaced: String?) {
        let fetched = try await repository.run(["fetch", "--quiet", "--no-tags", remote, Self.ref])
        if fetched.succeeded {
            if let commit = try? await repository.output(["rev-parse", "--verify", "--quiet", "FETCH_HEAD^{commit}"]),
                !commit.isEmpty
            {
                return (commit, nil)
            }
            return (nil, try await repository.output(["rev-parse", "--verify", "FETCH_HEAD"]))
        }
        let said = fetched.errorText
        if said.contains("couldn't find remote ref") || said.contains("could not find remote ref") { return (nil, nil) }
        throw PrePushError.publishFailed(
            remote: remote, detail: said.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// A commit over `base` whose tree is `base`'s with `entries` added to their notes.
    private func commit(
        _ entries: [String: SignedEntry], profiles: [String], over base: String?, author: String
    ) async throws -> String {
        let index = scratch + "/notes-index-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: index) }
        let environment = ["GIT_INDEX_FILE": index]
        _ = try await repository.output(["read-tree"] + (base.map { [$0] } ?? ["--empty"]), environment: environment)
        let trees = entries.keys.sorted()
        // What the notes hold now, read as a check reads them: an oversized note is dropped.
        let existing = try await repository.blobs(
            base.map { base in trees.map { base + ":" + $0 } } ?? [], sizeLimit: SharedRecords.noteSizeLimit)
        var notes: [String] = []
        for (position, tree) in trees.enumerated() {
            var old: [SignedEntry] = []
            if position < existing.count, case .contents(let text) = existing[position] {
                old =
                    SignedEntry.parse(text, limit: SharedRecords.entriesPerNote)
                    .entries
            }
            guard let new = entries[tree] else { continue }
            // The latest entries first; an identical payload is not added twice; 20 entries at most.
            let kept = [new] + old.filter { $0.payload != new.payload }
            notes.append(SignedEntry.note(Array(kept.prefix(SharedRecords.entriesPerNote))))
        }
        let blobs = try await write(notes)
        var info = ""
        for (tree, blob) in zip(trees, blobs) { info += "100644 \(blob)\t\(tree)\n" }
        for profile in profiles { info += "100644 \(profile)\tprofiles/\(profile)\n" }
        var update = repository.command(["update-index", "--add", "--index-info"])
        update.environment = update.environment.setting(environment)
        update.standardInput = .bytes(Array(info.utf8))
        update.standardError = .capture(limit: 1 << 20)
        let updated = try await update.run()
        guard updated.succeeded else { throw GitRepository.failure(updated, ["update-index", "--index-info"]) }
        let tree = try await repository.output(["write-tree"], environment: environment)
        let identity = [
            "GIT_AUTHOR_NAME": "prepush", "GIT_AUTHOR_EMAIL": author, "GIT_COMMITTER_NAME": "prepush",
            "GIT_COMMITTER_EMAIL": author,
        ]
        return try await repository.output(
            ["commit-tree", tree] + (base.map { ["-p", $0] } ?? [])
                + ["-m", "prepush: verification of \(trees.map { String($0.prefix(12)) }.joined(separator: ", "))"],
            environment: identity)
    }

    /// Writes each text as a blob; their object names, in order.
    func write(_ texts: [String]) async throws -> [String] {
        var names: [String] = []
        for text in texts {
            var command = repository.command(["hash-object", "-w", "--stdin"])
            command.standardInput = .bytes(Array(text.utf8))
            command.standardError = .capture(limit: 1 << 20)
            let result = try await command.run()
            guard result.succeeded else { throw GitRepository.failure(result, ["hash-object", "-w", "--stdin"]) }
            names.append(result.outputText.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return names
    }
}
