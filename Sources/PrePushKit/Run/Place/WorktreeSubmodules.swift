import Foundation
import PreflightCore

/// The submodules a commit records, filled in prepush's worktree from the user's own clones of
/// them, never from the network: a package that depends on a local package inside a submodule
/// (`.package(path: "Vendor/LibX")`) builds in the worktree as it does in the work tree.
///
/// `git worktree add` and `git checkout` leave a submodule's folder empty, and `git submodule
/// update` would fetch from the URL in `.gitmodules` and write `submodule.*` keys into the
/// configuration the worktree shares with the user's clone. Instead each submodule's folder gets
/// a clone that borrows the objects of the user's clone of it (`git clone --shared`: nothing is
/// copied or fetched, the user's clone is only read) and is checked out, detached, at the commit
/// the superproject records; its own submodules follow the same way. The user's clone of a
/// submodule is where `git submodule` keeps it, `<git dir>/modules/<name>` (nested ones under
/// `modules/<name>/modules/`), or an older clone's `<path>/.git` folder in the work tree.
///
/// A submodule that cannot be filled so (never initialised in the user's clone, or the recorded
/// commit not fetched there) stays empty, as it is in the user's work tree, and a note says why
/// and what to run.
struct WorktreeSubmodules: Sendable {
    /// The worktree's root.
    let worktree: String
    /// The root of the user's work tree.
    let userRoot: String
    /// Where the user's clones of the top-level submodules are (`<common git dir>/modules`).
    let moduleStore: String

    /// Fills every submodule the worktree's `HEAD` records, recursively; returns a note for each
    /// that stays empty.
    func fill() async throws -> [String] {
        try await fill(folder: worktree, userFolder: userRoot, modules: moduleStore, prefix: "")
    }

    private func fill(folder: String, userFolder: String, modules: String, prefix: String) async throws -> [String] {
        let repository = GitRepository(root: folder)
        let links = try await Self.gitlinks(in: repository)
        guard !links.isEmpty else { return [] }
        let names = try await Self.names(in: repository, folder: folder)
        var notes: [String] = []
        for link in links {
            let name = names[link.path] ?? link.path
            let shown = prefix + link.path
            let candidates = [modules + "/" + name, userFolder + "/" + link.path + "/.git"]
            let existing = candidates.filter { Self.isDirectory($0) }
            var store: String?
            for candidate in existing
            where try await GitRepository(root: candidate).succeeds(["cat-file", "-e", link.commit + "^{commit}"]) {
                store = candidate
                break
            }
            guard let store else {
                notes.append(
                    existing.isEmpty
                        ? "submodule \(shown) is not initialised in this clone, so the worktree leaves it empty, "
                            + "as the work tree has it (git submodule update --init \(shown) fills it)"
                        : "submodule \(shown): the commit records \(link.commit.prefix(12)), which this clone of "
                            + "it does not have, so the worktree leaves it empty (git submodule update \(shown) "
                            + "fetches it)")
                continue
            }
            let target = folder + "/" + link.path
            try await checkOut(link.commit, from: store, into: target)
            notes += try await fill(
                folder: target, userFolder: userFolder + "/" + link.path, modules: store + "/modules",
                prefix: shown + "/")
        }
        return notes
    }

    /// Puts `target` at `commit`: a clone borrowing `store`'s objects, made on first use and moved
    /// on later (made again if it no longer works: the user's clone was moved or pruned).
    private func checkOut(_ commit: String, from store: String, into target: String) async throws {
        let noHooks = ["-c", "core.hooksPath=/dev/null"]
        let clone = GitRepository(root: target)
        if Self.isDirectory(target + "/.git"),
            try await clone.succeeds(noHooks + ["checkout", "-q", "--force", "--detach", commit])
        {
            _ = try await clone.output(["clean", "-ffdxq"])
            return
        }
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        _ = try await GitRepository(root: target).output(
            noHooks + ["clone", "-q", "--shared", "--no-checkout", "--", store, target])
        _ = try await clone.output(noHooks + ["checkout", "-q", "--force", "--detach", commit])
    }

    /// The submodules `HEAD` records: each gitlink's path and commit.
    private static func gitlinks(in repository: GitRepository) async throws -> [(path: String, commit: String)] {
        try await repository.entries(["ls-tree", "-r", "-z", "HEAD"]).compactMap { entry in
            // "160000 commit <sha>\t<path>"
            guard entry.hasPrefix("160000 commit "), let tab = entry.firstIndex(of: "\t") else { return nil }
            let commit = entry[entry.index(entry.startIndex, offsetBy: 14)..<tab]
            return (String(entry[entry.index(after: tab)...]), String(commit))
        }
    }

    /// Each submodule's name by its path, from the checked-out `.gitmodules` (a submodule missing
    /// there is named by its path, as git names it).
    private static func names(in repository: GitRepository, folder: String) async throws -> [String: String] {
        guard FileManager.default.fileExists(atPath: folder + "/.gitmodules") else { return [:] }
        let result = try await repository.run([
            "config", "-f", ".gitmodules", "-z", "--get-regexp", #"^submodule\..*\.path$"#,
        ])
        guard result.succeeded else { return [:] }
        var names: [String: String] = [:]
        for entry in (result.standardOutput?.bytes ?? []).split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            guard let newline = text.firstIndex(of: "\n") else { continue }
            let key = text[..<newline]
            guard key.hasPrefix("submodule."), key.hasSuffix(".path") else { continue }
            let name = key.dropFirst("submodule.".count).dropLast(".path".count)
            names[String(text[text.index(after: newline)...])] = String(name)
        }
        return names
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
