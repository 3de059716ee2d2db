/// git's index file (`.git/index`, or the one `GIT_INDEX_FILE` names) read in the process: the
/// path, mode and object of each entry, versions 2 to 4.
///
/// Only what is certain is answered: a split index (its entries partly in a shared file), a sparse
/// index (folders standing for their files), an entry added with `--intent-to-add`, or anything
/// malformed is `nil`, and git is asked instead.
struct GitIndexFile {
    struct Entry {
        /// The path, from the work tree's root, as the index holds its bytes.
        var path: [UInt8]
        var mode: UInt32
        /// The object's raw 20-byte id.
        var id: [UInt8]
        /// 0, or 1–3 for the sides of a conflict.
        var stage: Int
    }

    let entries: [Entry]

    /// The entries of the index file at `path`; `nil` where git must read it.
    init?(path: String) {
        guard let file = MappedFile(path) else { return nil }
        let bytes = file.bytes
        // Header, and the trailing checksum.
        guard bytes.count >= 12 + 20, file.uint32(at: 0) == 0x4449_5243 else { return nil }
        let version = file.uint32(at: 4)
        let count = Int(file.uint32(at: 8))
        guard (2...4).contains(version), count <= bytes.count / 24 else { return nil }
        let end = bytes.count - 20
        // The trailing SHA-1 of everything before it, as git checks it (all zeros: index.skipHash).
        let trailer = Array(bytes[end...])
        if trailer.contains(where: { $0 != 0 }) {
            var hasher = SHA1()
            hasher.update(Array(bytes[..<end]))
            guard hasher.hexDigest() == GitObjectStore.hex(trailer) else { return nil }
        }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        var position = 12
        var previous: [UInt8] = []
        for _ in 0..<count {
            // 40 bytes of stat data (mode at 24), the id, then 16 bits of flags.
            guard position + 62 <= end else { return nil }
            let mode = file.uint32(at: position + 24)
            let id = Array(bytes[(position + 40)..<(position + 60)])
            let flags = Int(bytes[position + 60]) << 8 | Int(bytes[position + 61])
            var cursor = position + 62
            if flags & 0x4000 != 0 {
                // Extended flags (version 3 and later): intent-to-add, skip-worktree.
                guard version >= 3, cursor + 2 <= end else { return nil }
                let extended = Int(bytes[cursor]) << 8 | Int(bytes[cursor + 1])
                // An intent-to-add entry is no staged content (git diff --cached leaves it out).
                if extended & 0x2000 != 0 { return nil }
                cursor += 2
            }
            var path: [UInt8]
            if version == 4 {
                // The number of bytes to drop from the previous path, then the rest, NUL-ended.
                guard let dropped = file.offsetEncodedNumber(at: &cursor, end: end), dropped <= previous.count else {
                    return nil
                }
                guard let nul = Self.nul(bytes, from: cursor, end) else { return nil }
                path = Array(previous.dropLast(dropped)) + Array(bytes[cursor..<nul])
                position = nul + 1
            } else {
                guard let nul = Self.nul(bytes, from: cursor, end) else { return nil }
                path = Array(bytes[cursor..<nul])
                // Entries are padded with 1 to 8 NULs to a multiple of 8 bytes.
                let length = nul - position
                position += (length + 8) & ~7
            }
            // A sparse index's folder entry stands for files it does not list.
            guard mode & 0o170000 != 0o040000 else { return nil }
            entries.append(Entry(path: path, mode: mode, id: id, stage: (flags >> 12) & 3))
            previous = path
        }
        // Extensions: a split index ("link") or a sparse one ("sdir") holds entries elsewhere.
        while position + 8 <= end {
            let signature = Array(bytes[position..<(position + 4)])
            if signature == Array("link".utf8) || signature == Array("sdir".utf8) { return nil }
            position += 8 + Int(file.uint32(at: position + 4))
        }
        self.entries = entries
    }

    private static func nul(_ bytes: UnsafeRawBufferPointer, from start: Int, _ end: Int) -> Int? {
        var index = start
        while index < end {
            if bytes[index] == 0 { return index }
            index += 1
        }
        return nil
    }
}
