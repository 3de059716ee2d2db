#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When a file's content last changed, to the nanosecond, from `stat(2)` (links followed). Only
/// for ordering work by likelihood, never for deciding what content is.
package enum FileTime {
    /// The modification time of `path` in nanoseconds since the epoch, `nil` when it cannot be read.
    package static func modified(_ path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
