import PreflightCore

/// What `prepush install` adds so that a plain `git fetch` brings the shared verification records
/// (``SharedNotes``): the refspec `+refs/notes/preflight*:refs/notes/preflight*` on each remote
/// (a pattern, so a remote without the ref fetches nothing and says nothing), and what `prepush
/// uninstall` takes away. The hook itself never fetches: it reads the notes as the last fetch left
/// them.
package enum NotesFetch {
    /// Adds the refspec to each remote that lacks it; a line naming the remotes changed, or `nil`.
    package static func configure(repository: String) -> String? {
        var added: [String] = []
        for remote in remotes(repository) where !fetches(remote, repository) {
            let arguments = ["config", "--local", "--add", "remote.\(remote).fetch", SharedNotes.fetchRefspec]
            if (try? GitRepository.command(arguments, in: repository).runBlocking())?.succeeded == true {
                added.append(remote)
            }
        }
        guard !added.isEmpty else { return nil }
        return "prepush: git fetch from \(added.joined(separator: ", ")) now brings the shared verification "
            + "records (\(SharedNotes.ref)); teammates' hooks trust them per trustedVerifiers\n"
    }

    /// Removes the refspec from every remote.
    package static func remove(repository: String) {
        for remote in remotes(repository) {
            _ = try? GitRepository.command(
                [
                    "config", "--local", "--fixed-value", "--unset-all", "remote.\(remote).fetch",
                    SharedNotes.fetchRefspec,
                ],
                in: repository
            ).runBlocking()
        }
    }

    private static func remotes(_ repository: String) -> [String] {
        guard let result = try? GitRepository.command(["remote"], in: repository).runBlocking(), result.succeeded
        else { return [] }
        return result.outputText.split(separator: "\n").map(String.init)
    }

    private static func fetches(_ remote: String, _ repository: String) -> Bool {
        let result = try? GitRepository.command(["config", "--get-all", "remote.\(remote).fetch"], in: repository)
            .runBlocking()
        return result?.outputText.split(separator: "\n").contains { $0 == SharedNotes.fetchRefspec } ?? false
    }
}
