import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A shell-style path pattern: `*` (within one path component), `**` (across components), `?`,
/// and `[abc]` / `[a-z]` / `[!abc]` classes.
///
/// A pattern without `/` matches a file's name or any one directory on its path
/// (`--exclude Generated` leaves out everything under any `Generated/`); a pattern with `/`
/// matches the whole path relative to the scanned root (`Sources/**/*.swift`).
///
/// Matching is insensitive to Unicode normalization: the pattern and a non-ASCII path are both
/// compared in NFC, since APFS and HFS+ hand out names in the form they were created in or in NFD
/// (`Café.swift` as `Cafe\u{301}.swift`) while a pattern is typed in NFC. Classes and `?` still
/// match one byte: `[é]` is for ASCII.
package struct Glob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    package let pattern: String
    private let bytes: [UInt8]
    private let matchesComponents: Bool

    /// For `*.swift`-like patterns: the literal suffix, matched without the general matcher.
    private let suffix: [UInt8]?

    package init(_ pattern: String) {
        var trimmed = pattern
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        if trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.pattern = pattern
        self.bytes = Self.composed(Array(trimmed.utf8))
        self.matchesComponents = !trimmed.contains("/")
        let special = Set("*?[".utf8)
        if bytes.first == UInt8(ascii: "*"), matchesComponents, !bytes.dropFirst().contains(where: special.contains) {
            suffix = Array(bytes.dropFirst())
        } else {
            suffix = nil
        }
    }

    /// Whether the file at `path` matches: a pattern without `/` is matched against the file's
    /// name only (`--include '*.swift'` does not take in a folder named `csv.swift`).
    func matchesFile(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { matchesFile(utf8: $0) }
    }

    /// ``matchesFile(_:)`` on the path's UTF-8 bytes (discovery tests every path against every
    /// glob: no copies, no allocation for `*.ext`).
    func matchesFile(utf8 path: UnsafeBufferPointer<UInt8>) -> Bool {
        guard matchesComponents else { return matches(String(decoding: path, as: UTF8.self)) }
        if !Self.isASCII(path) {
            return Self.composed(Array(path)).withUnsafeBufferPointer { matchesName(utf8: $0) }
        }
        return matchesName(utf8: path)
    }

    /// The last component of `path` (already in NFC) against a pattern without `/`.
    private func matchesName(utf8 path: UnsafeBufferPointer<UInt8>) -> Bool {
        var nameStart = path.count
        while nameStart > 0 && path[nameStart - 1] != Self.slash { nameStart -= 1 }
        return matchesComponent(UnsafeBufferPointer(rebasing: path[nameStart...]))
    }

    package var description: String { pattern }

    /// Whether `path` (relative, `/`-separated) matches.
    package func matches(_ path: String) -> Bool {
        var text = Self.composed(Array(path.utf8))[...]
        while text.starts(with: [UInt8(ascii: "."), Self.slash]) { text = text.dropFirst(2) }
        if matchesComponents {
            return text.withUnsafeBufferPointer { buffer in
                buffer.split(separator: Self.slash).contains { matchesComponent(UnsafeBufferPointer(rebasing: $0)) }
            }
        }
        return Self.match(bytes[...], text)
    }

    private static let slash = UInt8(ascii: "/")

    private static func isASCII<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        !bytes.contains { $0 >= 0x80 }
    }

    /// `bytes` in Unicode's composed form (NFC); ASCII as it is, without a copy through `String`.
    private static func composed(_ bytes: [UInt8]) -> [UInt8] {
        guard !isASCII(bytes) else { return bytes }
        return Array(String(decoding: bytes, as: UTF8.self).precomposedStringWithCanonicalMapping.utf8)
    }

    private func matchesComponent(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        if let suffix {
            return name.count >= suffix.count
                && suffix.withUnsafeBufferPointer { expected in
                    memcmp(name.baseAddress! + (name.count - suffix.count), expected.baseAddress!, suffix.count) == 0
                }
        }
        return Self.match(bytes[...], ArraySlice(name))
    }

    private static func match(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        var pattern = pattern
        var text = text
        while let head = pattern.first {
            switch head {
            case UInt8(ascii: "*"):
                if pattern.dropFirst().first == UInt8(ascii: "*") {
                    var rest = pattern.dropFirst(2)
                    if rest.first == slash { rest = rest.dropFirst() }  // `**/` also matches no directory
                    var candidate = text
                    while true {
                        if match(rest, candidate) { return true }
                        guard !candidate.isEmpty else { return false }
                        candidate = candidate.dropFirst()
                    }
                }
                let rest = pattern.dropFirst()
                var candidate = text
                while true {
                    if match(rest, candidate) { return true }
                    guard let next = candidate.first, next != slash else { return false }
                    candidate = candidate.dropFirst()
                }
            case UInt8(ascii: "?"):
                guard let next = text.first, next != slash else { return false }
                pattern = pattern.dropFirst()
                text = text.dropFirst()
            case UInt8(ascii: "["):
                guard let next = text.first, let (matched, rest) = matchClass(pattern.dropFirst(), next) else {
                    return false
                }
                guard matched else { return false }
                pattern = rest
                text = text.dropFirst()
            default:
                guard text.first == head else { return false }
                pattern = pattern.dropFirst()
                text = text.dropFirst()
            }
        }
        return text.isEmpty
    }

    /// Matches `byte` against the class that starts after `[`; returns the match and the pattern
    /// after `]`, or `nil` for a class that never closes.
    private static func matchClass(_ body: ArraySlice<UInt8>, _ byte: UInt8) -> (Bool, ArraySlice<UInt8>)? {
        var cursor = body
        var negated = false
        if cursor.first == UInt8(ascii: "!") || cursor.first == UInt8(ascii: "^") {
            negated = true
            cursor = cursor.dropFirst()
        }
        var matched = false
        var first = true
        while let current = cursor.first {
            if current == UInt8(ascii: "]") && !first {
                return (matched != negated, cursor.dropFirst())
            }
            first = false
            let afterCurrent = cursor.dropFirst()
            if afterCurrent.first == UInt8(ascii: "-"), let upper = afterCurrent.dropFirst().first,
                upper != UInt8(ascii: "]")
            {
                if current <= byte && byte <= upper { matched = true }
                cursor = afterCurrent.dropFirst(2)
            } else {
                if current == byte { matched = true }
                cursor = afterCurrent
            }
        }
        return nil
    }
}
