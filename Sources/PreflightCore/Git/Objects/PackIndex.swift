#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a pack holds an object: its `.idx` file (version 2, what git has written since 1.5.2) read
/// in place. Object ids are raw 20-byte SHA-1 names.
struct PackIndex: Sendable {
    private let file: MappedFile
    private let count: Int

    private static let headerSize = 8
    private static let fanoutSize = 256 * 4

    /// The index at `path`; `nil` when it is missing, not version 2, or shorter than its own
    /// table says.
    init?(_ path: String) {
        guard let file = MappedFile(path), file.bytes.count >= Self.headerSize + Self.fanoutSize,
            file.uint32(at: 0) == 0xff74_4f63, file.uint32(at: 4) == 2
        else { return nil }
        let count = Int(file.uint32(at: Self.headerSize + 255 * 4))
        // Names, CRCs, 4-byte offsets, then the two trailing checksums at least.
        guard file.bytes.count >= Self.headerSize + Self.fanoutSize + count * 28 + 40 else { return nil }
        self.file = file
        self.count = count
    }

    /// The pack offset of the object named `id` (20 bytes), or `nil` when this pack has none.
    func offset(of id: [UInt8]) -> Int? {
        let first = Int(id[0])
        var low = first == 0 ? 0 : Int(file.uint32(at: Self.headerSize + (first - 1) * 4))
        var high = Int(file.uint32(at: Self.headerSize + first * 4))
        let names = Self.headerSize + Self.fanoutSize
        guard low <= high, high <= count else { return nil }
        while low < high {
            let middle = (low + high) / 2
            let order = id.withUnsafeBytes { wanted in
                memcmp(file.bytes.baseAddress! + names + middle * 20, wanted.baseAddress!, 20)
            }
            if order == 0 { return entryOffset(middle) }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The pack offset of the object at `position` in the sorted table: a 31-bit offset, or
    /// (high bit set) an index into the table of 8-byte offsets that follows.
    private func entryOffset(_ position: Int) -> Int? {
        let offsets = Self.headerSize + Self.fanoutSize + count * 24
        let small = file.uint32(at: offsets + position * 4)
        guard small & 0x8000_0000 != 0 else { return Int(small) }
        let large = offsets + count * 4 + Int(small & 0x7fff_ffff) * 8
        guard large + 8 <= file.bytes.count - 40 else { return nil }
        let value = UInt64(file.uint32(at: large)) << 32 | UInt64(file.uint32(at: large + 4))
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
