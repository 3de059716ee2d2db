import Foundation
import PreflightCore

/// What ``AppleOnlyImports/unconditional(in:)`` found in each Swift blob, by the blob's object id
/// (git's name for the bytes), kept in `.git/preflight/apple-only-imports` between runs: a push
/// reads from git only the Swift files it has not read before, so the cost follows the change, not
/// the package. The answer for a blob never changes; a file of another header (format, version,
/// module list) is ignored and written again.
///
/// The file is prepush's own but its words come from the repository's sources: it is read with a
/// size bound and a line that is not an object id followed by known module names is dropped, so a
/// damaged or planted file can only cost a read of the blobs.
struct AppleOnlyImportsCache: Sendable, Equatable {
    /// The Apple-only modules each blob imports unconditionally (mostly none), by object id.
    var entries: [String: [String]] = [:]

    /// Change this when what ``AppleOnlyImports`` reads from a file changes.
    static let format = "preflight apple-only imports 1"
    static var header: String {
        "\(format) \(PreflightVersion.current) "
            + StableHash.fnv1a64Hex(AppleOnlyImports.modules.sorted().joined(separator: ","))
    }
    /// Beyond this the file is ignored (and written again within it).
    static let maximumFileSize = 32 << 20
    /// Entries kept at most: those of the run that writes, then others.
    static let maximumEntries = 200_000

    /// The cache file of the repository whose git directory is `gitDirectory`.
    static func path(gitDirectory: String) -> String { gitDirectory + "/preflight/apple-only-imports" }

    /// The cache at `path`; empty when it is missing, too large or of another header.
    static func read(at path: String) -> AppleOnlyImportsCache {
        guard let bytes = try? BoundedFile.read(path, limit: maximumFileSize) else { return AppleOnlyImportsCache() }
        return parse(bytes)
    }

    /// The entries of a cache file's bytes: every line that is exactly right.
    static func parse(_ bytes: [UInt8]) -> AppleOnlyImportsCache {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
        guard let first = lines.popFirst(), first.elementsEqual(header.utf8) else { return AppleOnlyImportsCache() }
        var cache = AppleOnlyImportsCache()
        for line in lines where !line.isEmpty {
            let words = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            guard let object = words.first, ObjectName.isValid(object),
                words.dropFirst().allSatisfy(AppleOnlyImports.modules.contains)
            else { continue }
            cache.entries[object] = Array(words.dropFirst())
        }
        return cache
    }

    /// The file's bytes: the header, then one sorted line per entry.
    func serialized() -> [UInt8] {
        var text = Self.header + "\n"
        for (object, modules) in entries.sorted(by: { $0.key < $1.key }) {
            text += ([object] + modules).joined(separator: " ") + "\n"
        }
        return Array(text.utf8)
    }

    /// `found` added to the entries, keeping at most ``maximumEntries``: `found` first.
    func adding(_ found: [String: [String]]) -> AppleOnlyImportsCache {
        var kept = AppleOnlyImportsCache(entries: found)
        for (object, modules) in entries where kept.entries.count < Self.maximumEntries {
            if kept.entries[object] == nil { kept.entries[object] = modules }
        }
        return kept
    }

    /// Writes the cache to `path` whole (a new file renamed over the old); a failure only means the
    /// next run reads the blobs again.
    func write(to path: String) {
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? Data(serialized()).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
