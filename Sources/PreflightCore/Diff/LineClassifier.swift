#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers the distinct lines of a diff's two sides: equal bytes, equal class. An open-addressing
/// table keyed by a word-at-a-time hash, with the bytes compared on a hash match, so a changed
/// file's thousand lines cost microseconds (a `Dictionary` of slices hashed byte by byte cost
/// most of the diff).
struct LineClassifier {
    /// Class number per slot, -1 empty; the capacity is a power of two at least twice the lines.
    private var slots: [Int32]
    private let mask: Int
    /// Each class's hash and first line.
    private var hashes: [UInt64] = []
    private var representatives: [UnsafeBufferPointer<UInt8>] = []

    /// How many classes there are so far.
    var count: Int { representatives.count }

    init(lineCapacity: Int) {
        var capacity = 16
        while capacity < lineCapacity * 2 { capacity <<= 1 }
        slots = Array(repeating: -1, count: capacity)
        mask = capacity - 1
        hashes.reserveCapacity(lineCapacity)
        representatives.reserveCapacity(lineCapacity)
    }

    /// The class of each line of `side`: its bytes between consecutive `lineStarts`.
    mutating func classes(of bytes: UnsafeBufferPointer<UInt8>, lineStarts: [Int]) -> [Int] {
        guard lineStarts.count > 1, let base = bytes.baseAddress else { return [] }
        var classes: [Int] = []
        classes.reserveCapacity(lineStarts.count - 1)
        for index in 0..<(lineStarts.count - 1) {
            let start = lineStarts[index]
            classes.append(classOf(UnsafeBufferPointer(start: base + start, count: lineStarts[index + 1] - start)))
        }
        return classes
    }

    private mutating func classOf(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = Self.hash(line)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let known = Int(slots[slot])
            if known < 0 { break }
            if hashes[known] == hash {
                let other = representatives[known]
                if other.count == line.count, memcmp(other.baseAddress!, line.baseAddress!, line.count) == 0 {
                    return known
                }
            }
            slot = (slot + 1) & mask
        }
        let created = representatives.count
        slots[slot] = Int32(created)
        hashes.append(hash)
        representatives.append(line)
        return created
    }

    /// A multiply-rotate hash over 8-byte words (the line's length mixed in first).
    private static func hash(_ line: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let factor: UInt64 = 0x517c_c1b7_2722_0a95
        var hash = UInt64(line.count) &* factor
        guard let base = line.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while line.count - offset >= 8 {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = ((hash << 5 | hash >> 59) ^ word) &* factor
            offset += 8
        }
        if offset < line.count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while offset < line.count {
                word |= UInt64(base[offset]) << shift
                shift += 8
                offset += 1
            }
            hash = ((hash << 5 | hash >> 59) ^ word) &* factor
        }
        return hash ^ (hash >> 29)
    }
}
