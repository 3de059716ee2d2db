import Foundation
import PreflightCore

/// The configuration files a check of a tree reads, checked before anything runs: for each unit,
/// the nearest `.preflight.json` from its folder up to the root, as the tree has it (a pushed commit
/// checked in prepush's worktree reads its own files, not the work tree's). Every section the check
/// reads is checked: prepush's, todoscan's and errorlint's.
enum TreeConfiguration {
    /// Checks the file each of `units` reads in `listing` (a tree of `repository`, whose work tree
    /// is at `root`). A bad file throws its ``ConfigurationError``, naming the file on disk when it
    /// holds the same text, else `label:path` (`git show` reads that).
    static func check(
        _ units: [CheckUnit], listing: TreeListing, label: String, root: String, repository: GitRepository
    ) async throws {
        var checked: Set<String> = []
        for unit in units {
            guard let path = nearestFile(from: unit.path, in: listing), checked.insert(path).inserted else { continue }
            if let file = try await load(path, listing: listing, label: label, root: root, repository: repository) {
                try SettingsResolver.check(file, as: PrePushOptions.checkedSettings)
            }
        }
    }

    /// The configuration a check of `listing` reads for the unit at `unitPath`: the tree's own
    /// nearest `.preflight.json` from the unit's folder up to the root, read from git's objects —
    /// never a file the tree does not hold (an ignored one, one in a folder above the repository).
    /// `nil`: the tree has none.
    static func file(
        for unitPath: String, listing: TreeListing, label: String, root: String, repository: GitRepository
    ) async throws -> ConfigurationFile? {
        guard let path = nearestFile(from: unitPath, in: listing) else { return nil }
        return try await load(path, listing: listing, label: label, root: root, repository: repository)
    }

    /// The file at `path` in `listing`, named by its path on disk when the disk holds the same
    /// text, else `label:path` (`git show` reads that).
    private static func load(
        _ path: String, listing: TreeListing, label: String, root: String, repository: GitRepository
    ) async throws -> ConfigurationFile? {
        guard let object = listing.objects[path] else { return nil }
        // The text without its final newlines, which JSON does not care about.
        let text = try await repository.output(["cat-file", "blob", object])
        let diskPath = root + "/" + path
        let onDisk = FileManager.default.contents(atPath: diskPath).map {
            String(String(decoding: $0, as: UTF8.self).reversed().drop { $0 == "\n" }.reversed())
        }
        return try ConfigurationFile(data: Data(text.utf8), path: onDisk == text ? diskPath : "\(label):\(path)")
    }

    /// The repository-relative path of the `.preflight.json` nearest to `folder` in `listing`, if
    /// any.
    static func nearestFile(from folder: String, in listing: TreeListing) -> String? {
        var folder = folder
        while true {
            let file = folder.isEmpty ? ConfigurationFile.fileName : folder + "/" + ConfigurationFile.fileName
            if listing.objects[file] != nil { return file }
            if folder.isEmpty { return nil }
            folder = RepositoryLayout.parent(of: folder)
        }
    }
}
