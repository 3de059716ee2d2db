#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding bytes in a file's contents without decoding it.
package enum ByteSearch {
    /// Whether `needle` occurs in `bytes` (memchr for the first byte, then a compare; glibc's
    /// memmem needs _GNU_SOURCE, which Swift's Glibc module does not set).
    package static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: String) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty else { return true }
        let end = base + bytes.count
        var cursor = base
        while end - cursor >= pattern.count,
            let hit = memchr(cursor, Int32(pattern[0]), end - cursor - pattern.count + 1)
        {
            let candidate = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(candidate, pattern, pattern.count) == 0 { return true }
            cursor = candidate + 1
        }
        return false
    }
}
