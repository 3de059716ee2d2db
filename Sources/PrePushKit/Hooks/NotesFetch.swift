import PreflightCore

/// What `prepush install` adds so that a plain `git fetch` brings the shared verification records
/// (``SharedNotes``), and what `prepush uninstall` takes away. The hook itself never fetches: it
/// reads the notes as the last fetch left them.
///
/// Git fetches one exact ref only when the remote has it (a configured `refs/notes/preflight`
/// alone makes every fetch fail while the remote has none), and a pattern such as the
/// `refs/notes/preflight*` of old also brings whatever else a pusher names under it: after
/// `refs/notes/preflight/x` replaced the ref, every clone's fetch failed on the one it kept. So
/// the refspecs match that one ref and nothing else: `refs*/notes/preflight` is a pattern (a
/// remote without the ref fetches nothing and says nothing), and the negative refspec
/// `^refs/*/notes/preflight` (git 2.29) drops every other name it matches, each being under
/// `refs/`.
package enum NotesFetch {
    /// The refspecs added to each remote.
    static let refspecs = ["+refs*/notes/preflight:refs*/notes/preflight", "^refs/*/notes/preflight"]
    /// The pattern earlier versions added, replaced wherever it is found.
    static let oldRefspec = "+refs/notes/preflight*:refs/notes/preflight*"

    /// Adds the refspecs to each remote that lacks them, replacing the old pattern; the lines to
    /// print (each remote changed is named), or `nil` when nothing changed.
    package static func configure(repository: String) -> String? {
        var added: [String] = []
        var replaced: [String] = []
        for remote in remotes(repository) {
            let existing = fetches(remote, repository)
            if existing.contains(oldRefspec), unset(oldRefspec, remote, repository) { replaced.append(remote) }
            var changed = false
            for refspec in refspecs where !existing.contains(refspec) {
                let arguments = ["config", "--local", "--add", "remote.\(remote).fetch", refspec]
                if (try? GitRepository.command(arguments, in: repository).runBlocking())?.succeeded == true {
                    changed = true
                }
            }
            if changed, !replaced.contains(remote) { added.append(remote) }
        }
        var lines = ""
        if !replaced.isEmpty {
            lines +=
                "prepush: git fetch from \(replaced.joined(separator: ", ")) now brings \(SharedNotes.ref) alone "
                + "(replacing \(oldRefspec), which a ref pushed under it could make fail)\n"
        }
        if !added.isEmpty {
            lines +=
                "prepush: git fetch from \(added.joined(separator: ", ")) now also brings the records of trees "
                + "teammates verified (\(SharedNotes.ref)); they count only for the signers .preflight.json lists "
                + "in trustedVerifiers\n"
        }
        return lines.isEmpty ? nil : lines
    }

    /// Removes the refspecs, and the old pattern, from every remote.
    package static func remove(repository: String) {
        for remote in remotes(repository) {
            for refspec in refspecs + [oldRefspec] { _ = unset(refspec, remote, repository) }
        }
    }

    private static func unset(_ refspec: String, _ remote: String, _ repository: String) -> Bool {
        let arguments = ["config", "--local", "--fixed-value", "--unset-all", "remote.\(remote).fetch", refspec]
        return (try? GitRepository.command(arguments, in: repository).runBlocking())?.succeeded == true
    }

    private static func remotes(_ repository: String) -> [String] {
        guard let result = try? GitRepository.command(["remote"], in: repository).runBlocking(), result.succeeded
        else { return [] }
        return result.outputText.split(separator: "\n").map(String.init)
    }

    private static func fetches(_ remote: String, _ repository: String) -> [String] {
        let result = try? GitRepository.command(["config", "--get-all", "remote.\(remote).fetch"], in: repository)
            .runBlocking()
        return result?.outputText.split(separator: "\n").map(String.init) ?? []
    }
}
