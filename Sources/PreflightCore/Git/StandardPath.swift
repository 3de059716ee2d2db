import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Path arithmetic shared by ``AddedLines`` and ``Baseline``: absolute, lexically standardized
/// paths (no `.`, `..`, repeated or trailing `/`), relative paths between them, and symbolic-link
/// resolution where a file exists.
package enum StandardPath {
    /// The process's current directory.
    static var currentDirectory: String { FileManager.default.currentDirectoryPath }

    /// `path` made absolute against `base` (itself made absolute against the current directory
    /// when relative) and standardized lexically. Symbolic links are not resolved.
    package static func absolute(_ path: String, relativeTo base: String? = nil) -> String {
        if path.hasPrefix("/") { return standardized(path) }
        let directory = base.map { $0.hasPrefix("/") ? $0 : currentDirectory + "/" + $0 } ?? currentDirectory
        return standardized(directory + "/" + path)
    }

    /// An absolute path without `.` and empty components; `..` removes the component before it
    /// (and stops at `/`).
    static func standardized(_ absolutePath: String) -> String {
        if isStandard(absolutePath) { return absolutePath }
        var components: [Substring] = []
        for component in absolutePath.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// Whether `standardized` would return `absolutePath` unchanged: no `//`, no component
    /// starting with `.`, no trailing `/` (most paths, checked without splitting them).
    private static func isStandard(_ absolutePath: String) -> Bool {
        var previous: UInt8 = 0
        for byte in absolutePath.utf8 {
            if previous == UInt8(ascii: "/"), byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") { return false }
            previous = byte
        }
        return absolutePath == "/"
            || (previous != 0 && previous != UInt8(ascii: "/") && absolutePath.utf8.first == UInt8(ascii: "/"))
    }

    /// The absolute path with every symbolic link resolved (`realpath(3)`), or `nil` when the path
    /// does not exist.
    package static func resolved(_ absolutePath: String) -> String? {
        guard let pointer = realpath(absolutePath, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// `absolute(path, relativeTo: base)` with symbolic links resolved when the path exists, so
    /// `/var/x` and `/private/var/x` (macOS) compare equal.
    package static func canonical(_ path: String, relativeTo base: String? = nil) -> String {
        let lexical = absolute(path, relativeTo: base)
        return resolved(lexical) ?? lexical
    }

    /// `path` relative to `directory`, both absolute and standardized, with `..` where `path` is
    /// outside `directory` (`/r/Sources/A.swift` from `/r/config` is `../Sources/A.swift`).
    package static func relative(_ path: String, to directory: String) -> String {
        let target = path.split(separator: "/")
        let origin = directory.split(separator: "/")
        var common = 0
        while common < target.count, common < origin.count, target[common] == origin[common] { common += 1 }
        let parts = Array(repeating: "..", count: origin.count - common) + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
