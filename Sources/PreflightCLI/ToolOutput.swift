#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where tools write: unbuffered, so output and errors interleave as they happen. A closed pipe
/// (`todoscan | head`) ends the writing quietly instead of crashing.
package enum ToolOutput {
    /// Writes `text` to standard output.
    package static func standardOutput(_ text: String) {
        write(text, to: 1)
    }

    /// Writes `text` to standard error.
    package static func standardError(_ text: String) {
        write(text, to: 2)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var copy = text
        copy.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count > 0 {
                    offset += count
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    return  // EPIPE and the like: the reader is gone
                }
            }
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
