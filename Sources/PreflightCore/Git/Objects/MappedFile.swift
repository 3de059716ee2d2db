#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file mapped read-only into memory, unmapped when the last reference goes: git's
/// packs and their indexes, which can be far larger than what one scan reads of them.
final class MappedFile: @unchecked Sendable {
    // Unchecked: the mapping is read-only and never changes after `init`.
    let bytes: UnsafeRawBufferPointer

    /// Maps the regular file at `path`; `nil` when it cannot be opened, is not a regular file, is
    /// empty, or cannot be mapped.
    init?(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            return nil
        }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress!), bytes.count) }

    /// The number in git's offset encoding at `position`, before `end` (a pack's `OFS_DELTA`
    /// distance, an index v4 entry's dropped prefix): 7 bits a byte, most significant first, each
    /// continuation adding one; `position` moves past it. `nil` when it runs past `end` or 63 bits.
    func offsetEncodedNumber(at position: inout Int, end: Int) -> Int? {
        guard position < end else { return nil }
        var byte = bytes[position]
        position += 1
        var value = Int(byte & 0x7f)
        while byte & 0x80 != 0 {
            guard position < end, value < Int.max >> 8 else { return nil }
            byte = bytes[position]
            position += 1
            value = ((value + 1) << 7) | Int(byte & 0x7f)
        }
        return value
    }

    /// The big-endian 32-bit number at `offset` (which the caller has checked is in the file).
    func uint32(at offset: Int) -> UInt32 {
        UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}
