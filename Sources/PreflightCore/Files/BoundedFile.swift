#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way Preflight reads a whole file it was given: a baseline, a configuration file, a
/// string catalog, a Swift source. Only a regular file is read, and only when it holds at most
/// `limit` bytes, so `/dev/zero`, a FIFO or a huge file is a clear error instead of a hang or
/// memory without bound.
package enum BoundedFile {
    /// The bytes of the regular file at `path`, which must hold at most `limit` bytes.
    ///
    /// A FIFO is opened without waiting for a writer (`O_NONBLOCK`) and refused; a file that grows
    /// past `limit` while it is read is refused too.
    ///
    /// - Throws: ``BoundedFileError``.
    package static func read(_ path: String, limit: Int) throws(BoundedFileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: Self.systemReason(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotOpen(path: path, reason: Self.systemReason(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .notRegularFile(path: path, kind: Self.kind(of: info.st_mode))
        }
        let size = Int(info.st_size)
        guard size <= limit else { throw .tooLarge(path: path, size: size, limit: limit) }
        // One byte more than the size, to see a file that grew (up to the limit and one past it).
        let capacity = min(limit, size) + 1
        var bytes = [UInt8](repeating: 0, count: capacity)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count <= limit else { throw .tooLarge(path: path, size: filled, limit: limit) }
                bytes += [UInt8](repeating: 0, count: min(limit + 1 - bytes.count, max(bytes.count, 64 << 10)))
            }
            let count = bytes.withUnsafeMutableBytes { raw in
                systemRead(descriptor, raw.baseAddress! + filled, raw.count - filled)
            }
            if count > 0 {
                filled += count
            } else if count == 0 {
                break
            } else if errno != EINTR {
                throw .unreadable(path: path, reason: Self.systemReason(errno))
            }
        }
        guard filled <= limit else { throw .tooLarge(path: path, size: filled, limit: limit) }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// What a file of mode `mode` is, in words.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    static func systemReason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif

/// A file ``BoundedFile`` would not read.
package enum BoundedFileError: Error, Sendable, Hashable {
    /// `open` or `fstat` failed; `reason` is the system's.
    case cannotOpen(path: String, reason: String)
    /// A folder, a FIFO, a device or a socket.
    case notRegularFile(path: String, kind: String)
    /// Over the limit (`size` is as much as was seen).
    case tooLarge(path: String, size: Int, limit: Int)
    /// `read` failed; `reason` is the system's.
    case unreadable(path: String, reason: String)

    /// The file's path.
    var path: String {
        switch self {
        case .cannotOpen(let path, _), .notRegularFile(let path, _), .tooLarge(let path, _, _),
            .unreadable(let path, _):
            path
        }
    }

    /// Why, in one sentence without the path (for messages that name the file already).
    package var reason: String {
        switch self {
        case .cannotOpen(_, let reason), .unreadable(_, let reason): reason
        case .notRegularFile(_, let kind): "It is \(kind), not a regular file."
        case .tooLarge(_, let size, let limit):
            "It holds \(size) bytes, over the limit of \(limit) bytes."
        }
    }
}
