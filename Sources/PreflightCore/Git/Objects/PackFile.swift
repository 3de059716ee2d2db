import CPreflightCore

/// One of git's packs (`objects/pack/pack-*.pack` with its `.idx`), read in place: an entry's
/// header, its zlib-compressed body, and the chain of deltas that makes most objects of a packed
/// history.
struct PackFile: Sendable {
    private let pack: MappedFile
    let index: PackIndex

    /// git's object types, as a pack's entry headers number them.
    enum Kind: UInt8 {
        case commit = 1, tree, blob, tag, offsetDelta = 6, referenceDelta

        /// The name an object's header and its id's hash begin with.
        var name: String {
            switch self {
            case .commit: "commit"
            case .tree: "tree"
            case .blob: "blob"
            case .tag: "tag"
            case .offsetDelta, .referenceDelta: "delta"
            }
        }
    }

    /// How long a delta chain may be read here: git's default depth is 50 (`gc --aggressive`'s
    /// too). A longer one, or a loop, is left to git: the chain is followed by recursion, on
    /// threads whose stacks are small.
    private static let maximumDepth = 200
    private static let headerSize = 12
    private static let trailerSize = 20

    /// The pack beside the index at `indexPath` (`….idx` → `….pack`); `nil` when either is
    /// missing or not in a format read here (pack version 2 or 3, index version 2).
    init?(indexPath: String) {
        guard indexPath.hasSuffix(".idx"), let index = PackIndex(indexPath),
            let pack = MappedFile(String(indexPath.dropLast(4)) + ".pack"),
            pack.bytes.count >= Self.headerSize + Self.trailerSize, pack.uint32(at: 0) == 0x5041_434b,
            [2, 3].contains(pack.uint32(at: 4))
        else { return nil }
        self.pack = pack
        self.index = index
    }

    /// Finds the object a `REF_DELTA` names (in this pack or another), at a chain depth.
    typealias BaseLookup = (_ id: [UInt8], _ depth: Int) -> (Kind, [UInt8])?

    /// The object named `id` (20 bytes) when this pack has it and it can be read, at most `limit`
    /// bytes, `depth` deltas down a chain; `base` finds the base a `REF_DELTA` names.
    func object(_ id: [UInt8], limit: Int, depth: Int, base: BaseLookup) -> (Kind, [UInt8])? {
        guard let offset = index.offset(of: id) else { return nil }
        return object(at: offset, limit: limit, depth: depth, base: base)
    }

    private func object(at offset: Int, limit: Int, depth: Int, base: BaseLookup) -> (Kind, [UInt8])? {
        let end = pack.bytes.count - Self.trailerSize
        guard depth <= Self.maximumDepth, offset >= Self.headerSize, offset < end else { return nil }
        // Type in bits 4-6 of the first byte, the size in its low 4 bits and 7 bits a byte after.
        var position = offset
        var byte = pack.bytes[position]
        position += 1
        guard let kind = Kind(rawValue: (byte >> 4) & 7) else { return nil }
        var size = Int(byte & 0x0f)
        var shift = 4
        while byte & 0x80 != 0 {
            guard position < end, shift < 60 else { return nil }
            byte = pack.bytes[position]
            position += 1
            size |= Int(byte & 0x7f) << shift
            shift += 7
        }
        switch kind {
        case .commit, .tree, .blob, .tag:
            guard size <= limit, let body = inflate(from: position, size: size) else { return nil }
            return (kind, body)
        case .offsetDelta:
            // The base's distance back from this entry.
            guard let distance = pack.offsetEncodedNumber(at: &position, end: end),
                distance > 0, distance <= offset,
                let (baseKind, baseBytes) = object(at: offset - distance, limit: limit, depth: depth + 1, base: base),
                Self.deltaFits(size, limit), let delta = inflate(from: position, size: size),
                let result = GitDelta.apply(delta, to: baseBytes, limit: limit)
            else { return nil }
            return (baseKind, result)
        case .referenceDelta:
            guard position + 20 <= end else { return nil }
            let baseID = Array(pack.bytes[position..<(position + 20)])
            guard let (baseKind, baseBytes) = base(baseID, depth + 1),
                Self.deltaFits(size, limit), let delta = inflate(from: position + 20, size: size),
                let result = GitDelta.apply(delta, to: baseBytes, limit: limit)
            else { return nil }
            return (baseKind, result)
        }
    }

    /// Whether a delta of `size` bytes is worth inflating for an object of at most `limit`: git's
    /// deltas copy or insert, an instruction byte for up to 127 inserted, so they are hardly
    /// longer than what they make; twice that is damage (and no allocation of a size it claims).
    private static func deltaFits(_ size: Int, _ limit: Int) -> Bool { size / 2 <= limit }

    /// The `size` bytes of the zlib stream at `offset`; `nil` unless it gives exactly those.
    private func inflate(from offset: Int, size: Int) -> [UInt8]? {
        let available = pack.bytes.count - Self.trailerSize - offset
        guard available > 0 else { return nil }
        var result = [UInt8](repeating: 0, count: size)
        let written = result.withUnsafeMutableBufferPointer { destination in
            pf_zlib_inflate(
                pack.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset, available,
                destination.baseAddress, size, 1, nil)
        }
        return written == size ? result : nil
    }
}
