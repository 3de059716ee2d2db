import CPreflightCore
import Foundation

/// A repository's object store read in the process: loose objects (`objects/xx/…`, zlib) and
/// packs (``PackFile``), so that a few blobs cost no `git cat-file` process.
///
/// Every blob it returns hashes to the id it was asked for (``GitBlobID``): an object it cannot
/// find or read, a layout it does not know, or bytes that are not the object are `nil`, and the
/// caller asks git. So only the plain layout is read: objects in the common git directory, no
/// alternates, SHA-1 names, zlib loaded from the system at run time.
package struct GitObjectStore: Sendable {
    /// The git directory of the work tree (a linked worktree's own: its `HEAD`), and the common
    /// one (objects, refs).
    let gitDirectory: String
    let commonDirectory: String
    /// The repository's `packed-refs` (empty without one), read once: replace refs are looked for
    /// in it here, and `HEAD`'s branch may be there (``StagedComparison``).
    let packedRefs: [UInt8]
    private let objects: String
    private let packs: [PackFile]

    /// The store of the repository whose work tree is `root` (its `.git` folder, or the common
    /// directory of the git directory a `.git` file names), as the suite's git calls find it (they
    /// run with `GIT_DIR`, `GIT_OBJECT_DIRECTORY` and the like cleared); `nil` when git must be
    /// asked: another layout, alternates, replace refs (git reads a replaced object as its
    /// replacement), an object format other than SHA-1, or no zlib.
    package init?(root: String) {
        guard let (gitDirectory, commonDirectory) = WorkTreeDiscovery.gitDirectories(root: root),
            pf_zlib_available() != 0
        else { return nil }
        let objects = commonDirectory + "/objects"
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: objects + "/pack", isDirectory: &isDirectory), isDirectory.boolValue,
            !fileManager.fileExists(atPath: objects + "/info/alternates"),
            let names = try? fileManager.contentsOfDirectory(atPath: objects + "/pack"),
            let packedRefs = Self.packedRefs(commonDirectory: commonDirectory),
            Self.isPlainSHA1(commonDirectory: commonDirectory, packedRefs: packedRefs)
        else { return nil }
        self.packedRefs = packedRefs
        self.objects = objects
        self.gitDirectory = gitDirectory
        self.commonDirectory = commonDirectory
        // Newest first would be git's order; any order finds the same bytes, proven by their id.
        packs = names.filter { $0.hasSuffix(".idx") }.sorted().compactMap {
            PackFile(indexPath: objects + "/pack/" + $0)
        }
    }

    /// The bytes of the blob `id` (40 hex digits), at most `limit` of them; `nil` when it is not
    /// here, cannot be read, is not a blob, or does not hash to `id`.
    package func blob(_ id: String, limit: Int) -> [UInt8]? {
        object(id, kind: .blob, limit: limit)
    }

    /// The bytes of the object `id` when it is a `kind` (a tree's entries, a commit's text), at
    /// most `limit` of them, and hashes to `id`; `nil` otherwise.
    func object(_ id: String, kind wanted: PackFile.Kind, limit: Int) -> [UInt8]? {
        guard let name = Self.binaryID(id),
            let (kind, bytes) = loose(id, limit: limit) ?? packed(name, limit: limit, depth: 0),
            kind == wanted, GitBlobID.sha1(of: bytes, type: kind.name) == id
        else { return nil }
        return bytes
    }

    /// A loose object: `blob <size>\0` and the bytes, zlib-compressed in `objects/xx/<38 digits>`.
    private func loose(_ id: String, limit: Int) -> (PackFile.Kind, [UInt8])? {
        let path = objects + "/" + id.prefix(2) + "/" + id.dropFirst(2)
        // The compressed file is rarely larger than its contents; a header's worth of room more.
        guard let compressed = try? BoundedFile.read(path, limit: limit + 4096), !compressed.isEmpty else {
            return nil
        }
        // The header first, from a prefix of the stream.
        var header = [UInt8](repeating: 0, count: 32)
        let headerLength = compressed.withUnsafeBufferPointer { source in
            header.withUnsafeMutableBufferPointer { destination in
                pf_zlib_inflate(source.baseAddress, source.count, destination.baseAddress, destination.count, 0, nil)
            }
        }
        guard headerLength > 0, let space = header.firstIndex(of: UInt8(ascii: " ")),
            let nul = header[0..<headerLength].firstIndex(of: 0), space < nul,
            let size = Int(String(decoding: header[(space + 1)..<nul], as: UTF8.self)), size <= limit
        else { return nil }
        let kind: PackFile.Kind
        switch String(decoding: header[..<space], as: UTF8.self) {
        case "blob": kind = .blob
        case "tree": kind = .tree
        case "commit": kind = .commit
        case "tag": kind = .tag
        default: return nil
        }
        var whole = [UInt8](repeating: 0, count: nul + 1 + size)
        let written = compressed.withUnsafeBufferPointer { source in
            whole.withUnsafeMutableBufferPointer { destination in
                pf_zlib_inflate(source.baseAddress, source.count, destination.baseAddress, destination.count, 1, nil)
            }
        }
        guard written == whole.count else { return nil }
        return (kind, Array(whole[(nul + 1)...]))
    }

    /// An object of the first pack that has it, as git takes it; a `REF_DELTA`'s base looked up
    /// the same way (or loose). One pack a lookup: trying the others too would branch at every
    /// level of a damaged chain that several packs hold.
    private func packed(_ name: [UInt8], limit: Int, depth: Int) -> (PackFile.Kind, [UInt8])? {
        guard let pack = packs.first(where: { $0.index.offset(of: name) != nil }) else { return nil }
        return pack.object(
            name, limit: limit, depth: depth,
            base: { base, depth in
                packed(base, limit: limit, depth: depth) ?? loose(Self.hex(base), limit: limit)
            })
    }

    /// Whether the repository names objects by SHA-1 (no `extensions.objectFormat` other than
    /// `sha1` in its config) and replaces none (`refs/replace/` empty, loose and packed).
    private static func isPlainSHA1(commonDirectory: String, packedRefs: [UInt8]) -> Bool {
        guard let config = try? BoundedFile.read(commonDirectory + "/config", limit: 1 << 20) else { return false }
        for rawLine in String(decoding: config, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let line = rawLine.lowercased().filter { !$0.isWhitespace }
            if line.hasPrefix("objectformat="), line != "objectformat=sha1" { return false }
        }
        if let replaced = try? FileManager.default.contentsOfDirectory(atPath: commonDirectory + "/refs/replace"),
            !replaced.isEmpty
        {
            return false
        }
        // "<id> <name>" lines.
        let replace = Array("refs/replace/".utf8)
        for line in packedRefs.split(separator: UInt8(ascii: "\n")) where line.count > 41 + replace.count {
            if line[(line.startIndex + 41)...].starts(with: replace) { return false }
        }
        return true
    }

    /// The bytes of `packed-refs` (none when there is no such file); `nil` when it cannot be read.
    private static func packedRefs(commonDirectory: String) -> [UInt8]? {
        let path = commonDirectory + "/packed-refs"
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        return try? BoundedFile.read(path, limit: 256 << 20)
    }

    /// 40 hex digits as 20 bytes; `nil` for anything else (a SHA-256 name among them).
    static func binaryID(_ id: String) -> [UInt8]? {
        let digits = Array(id.utf8)
        guard digits.count == 40 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 20)
        for index in 0..<20 {
            guard let high = hexValue(digits[2 * index]), let low = hexValue(digits[2 * index + 1]) else { return nil }
            bytes[index] = high << 4 | low
        }
        return bytes
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes { text += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: text, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
