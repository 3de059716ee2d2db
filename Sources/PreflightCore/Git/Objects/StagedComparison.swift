import Foundation

/// What the index stages over `HEAD`, worked out in the process from the index file and `HEAD`'s
/// trees (``GitIndexFile``, ``GitObjectStore``): the answer of `git diff --cached --raw
/// --find-renames` and `git ls-files --stage` without starting them.
///
/// Rename detection is git's own similarity search; it is not repeated here. A change that adds a
/// file while another is deleted, where git might pair them, is `nil`, as is a `HEAD` kept in a
/// way not read here (reftable): git answers those.
struct StagedComparison {
    /// The regular files the index adds or changes, by path from the root (its bytes).
    var changes: [[UInt8]: StagedChange] = [:]
    /// Every regular file of the index at stage 0, by path from the root (its bytes) → object id.
    var entries: [[UInt8]: String] = [:]

    /// git canonicalizes a file's mode as it reads a tree: a regular file is 644 or 755.
    private static func canonical(_ mode: UInt32) -> UInt32 {
        mode & 0o170000 == 0o100000 ? (mode & 0o100 != 0 ? 0o100755 : 0o100644) : mode
    }

    private static func isRegular(_ mode: UInt32) -> Bool { mode & 0o170000 == 0o100000 }

    /// The comparison of the index at `indexPath` with `HEAD` in `store`'s repository; `nil`
    /// where git must be asked.
    init?(indexPath: String, store: GitObjectStore) {
        guard let index = GitIndexFile(path: indexPath), let head = Self.head(store) else { return nil }
        var tree: [[UInt8]: (mode: UInt32, id: [UInt8])] = [:]
        if case .tree(let root) = head, !Self.flatten(root, prefix: [], depth: 0, store: store, into: &tree) {
            return nil
        }
        var indexed: Set<[UInt8]> = []
        var addsFile = false
        for entry in index.entries {
            indexed.insert(entry.path)
            // A conflicted path is no staged content (git diff --cached shows it unmerged).
            guard entry.stage == 0 else { continue }
            // The index's modes are git's own (100644, 100755): taken as they are, as git does.
            let mode = entry.mode
            guard mode == 0o100644 || mode == 0o100755 else { continue }
            let path = entry.path
            let id = GitObjectStore.hex(entry.id)
            entries[path] = id
            let old = tree[entry.path]
            if let old, old.id == entry.id, old.mode == mode { continue }
            if let old, Self.isRegular(old.mode) {
                changes[path] = StagedChange(object: id, base: GitObjectStore.hex(old.id))
            } else {
                // New, or a link or submodule turned into a file: git shows it whole.
                changes[path] = StagedChange(object: id, base: nil)
                addsFile = addsFile || old == nil
            }
        }
        // A deleted file beside an added one may be a rename git finds by similarity.
        if addsFile, tree.contains(where: { !indexed.contains($0.key) && $0.value.mode != 0o160000 }) {
            return nil
        }
    }

    /// What `HEAD` is: the tree of the commit it names, or a branch with no commit yet.
    private enum Head {
        case tree(String)
        case unborn
    }

    /// `HEAD` in `store`'s repository; `nil` when that cannot be read here.
    private static func head(_ store: GitObjectStore) -> Head? {
        let fileManager = FileManager.default
        // The reftable format keeps refs in files not read here.
        guard !fileManager.fileExists(atPath: store.commonDirectory + "/reftable"),
            var target = text(store.gitDirectory + "/HEAD")
        else { return nil }
        var commit: String?
        for _ in 0..<5 {
            guard target.hasPrefix("ref:") else {
                commit = target
                break
            }
            // git skips the spaces after "ref:".
            let name = String(target.dropFirst(4).drop { $0 == " " || $0 == "\t" })
            guard isPlainRefName(name) else { return nil }
            // Per-worktree refs live in the worktree's git directory, the others in the common one.
            let perWorktree = name.hasPrefix("refs/worktree/") || name.hasPrefix("refs/bisect/")
            let folder = perWorktree ? store.gitDirectory : store.commonDirectory
            if let loose = text(folder + "/" + name) {
                target = loose
                continue
            }
            // Something there that is not a ref file (a folder, an unreadable file): git decides.
            guard !fileManager.fileExists(atPath: folder + "/" + name) else { return nil }
            // Neither loose nor packed: a branch with no commit yet, which git diff --cached
            // compares with the empty tree.
            guard let packed = packedRef(name, in: store.packedRefs) else { return .unborn }
            commit = packed
            break
        }
        guard let commit, commit.utf8.count == 40,
            let body = store.object(commit, kind: .commit, limit: 1 << 20),
            body.starts(with: Array("tree ".utf8)), body.count >= 45
        else { return nil }
        return .tree(String(decoding: body[5..<45], as: UTF8.self))
    }

    /// The first line of the file at `path`, trailing whitespace (a CR, spaces) dropped as git
    /// drops it from a ref file.
    private static func text(_ path: String) -> String? {
        guard let bytes = try? BoundedFile.read(path, limit: 4096) else { return nil }
        let line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A ref name read here: `refs/…` of printable characters, no space, no `..` (git refuses
    /// those; anything else, git decides).
    private static func isPlainRefName(_ name: String) -> Bool {
        name.hasPrefix("refs/") && !name.contains("..")
            && name.unicodeScalars.allSatisfy {
                $0.value > 0x20 && $0.value != 0x7f && !"~^:?*[\\".unicodeScalars.contains($0)
            }
    }

    /// The id `packed-refs` (its bytes) gives `name`, `nil` when it has none.
    private static func packedRef(_ name: String, in packedRefs: [UInt8]) -> String? {
        let wanted = Array(name.utf8)
        for line in packedRefs.split(separator: UInt8(ascii: "\n")) where line.count == 41 + wanted.count {
            // "<id> <name>"; "# …" headers and "^<id>" peeled tags are other lengths or other names.
            let start = line.startIndex
            if line[(start + 40)] == UInt8(ascii: " "), line[(start + 41)...].elementsEqual(wanted) {
                return String(decoding: line[start..<(start + 40)], as: UTF8.self)
            }
        }
        return nil
    }

    /// Every file of the tree `id` and its subtrees into `files`, by path under `prefix`; false
    /// when a tree cannot be read.
    private static func flatten(
        _ id: String, prefix: [UInt8], depth: Int, store: GitObjectStore,
        into files: inout [[UInt8]: (mode: UInt32, id: [UInt8])]
    ) -> Bool {
        // git refuses trees nested deeper than core.maxTreeDepth (2048 by default).
        guard depth < 2048, let body = store.object(id, kind: .tree, limit: 64 << 20) else { return false }
        // "<octal mode> <name>\0<20-byte id>" per entry.
        var position = 0
        while position < body.count {
            var mode: UInt32 = 0
            while position < body.count, body[position] != UInt8(ascii: " ") {
                let digit = body[position] &- UInt8(ascii: "0")
                guard digit < 8, mode < 0o1000000 else { return false }
                mode = mode << 3 | UInt32(digit)
                position += 1
            }
            guard let nul = body[position...].firstIndex(of: 0), nul + 21 <= body.count, nul > position + 1 else {
                return false
            }
            let path = prefix + body[(position + 1)..<nul]
            let object = Array(body[(nul + 1)..<(nul + 21)])
            position = nul + 21
            if mode == 0o040000 {
                guard
                    flatten(
                        GitObjectStore.hex(object), prefix: path + [UInt8(ascii: "/")], depth: depth + 1, store: store,
                        into: &files)
                else { return false }
            } else {
                files[path] = (canonical(mode), object)
            }
        }
        return true
    }
}
