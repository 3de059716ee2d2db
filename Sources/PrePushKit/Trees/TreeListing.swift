import PreflightCore

/// Every path of a commit's (or snapshot's) tree with its object name, folders included: what
/// layout discovery, manifest reading and per-package cache keys need, from one
/// `git ls-tree -r -t` call.
struct TreeListing: Sendable, Equatable {
    /// Object names of files and folders by repository-relative path; `""` is the root tree.
    var objects: [String: String]
    /// The paths of files (blobs and links), sorted.
    var files: [String]

    init(objects: [String: String], files: [String]) {
        self.objects = objects
        self.files = files
    }

    /// Parses the entries of `git ls-tree -r -t -z --full-tree` (`mode type object<TAB>path`) of
    /// the tree `root`.
    init(lsTree entries: [String], root: String) {
        var objects: [String: String] = ["": root]
        var files: [String] = []
        for record in entries {
            guard let tab = record.firstIndex(of: "\t") else { continue }
            let fields = record[..<tab].split(separator: " ")
            guard fields.count == 3 else { continue }
            let path = String(record[record.index(after: tab)...])
            objects[path] = String(fields[2])
            if fields[1] != "tree" && fields[1] != "commit" { files.append(path) }
        }
        self.objects = objects
        self.files = files.sorted()
    }

    /// Lists the tree `tree` (a tree's object name as git printed it, never a commit's: every
    /// caller has one, so nothing is resolved first) with one git call.
    static func read(_ tree: String, in repository: GitRepository) async throws -> TreeListing {
        TreeListing(lsTree: try await repository.entries(arguments(tree)), root: tree)
    }

    /// git's arguments listing the tree `name` names.
    static func arguments(_ name: String) -> [String] {
        ["ls-tree", "-r", "-t", "-z", "--full-tree", name]
    }
}
