import Foundation
import PreflightCore

/// What errorlint's prefilter learns from one Swift file's bytes (``SwiftSourceReader``): its
/// size, whether it is a seed, and the names its declaration headers mention. Files with
/// suppression comments or nesting too deep are never described this way: they are read each time.
struct SourceFacts: Sendable, Equatable {
    var size: Int
    var isSeed: Bool
    var mentions: Set<String>
}

/// ``SourceFacts`` kept between `errorlint --staged` runs, by the staged blob's object id (git's
/// own name for the bytes: `git ls-files --stage`), in `<git common dir>/preflight/`, so a commit
/// reads from git only the blobs errorlint has not seen and the cost follows the change, not the
/// repository. The facts of a blob never change; a file whose header (format, version, seed words)
/// differs is ignored and written again.
///
/// The file is errorlint's own, but its words come from the repository's sources: it is read with a
/// size bound, every line is checked (object id, size, flag, identifier bytes only) and a line that
/// is not exactly right is dropped, so a damaged or planted file can only cost a read of the blobs.
struct SourceFactsCache: Sendable, Equatable {
    /// Facts by object id.
    var entries: [String: SourceFacts] = [:]

    /// Change this when what ``SwiftSourceReader`` learns from a file changes (``DeclarationMentions``,
    /// the seed test); the version and the seed words are in the header too.
    static let format = "preflight errorlint source facts 1"
    static var header: String {
        "\(format) \(PreflightVersion.current) \(SwiftSourceReader.seedWords.joined(separator: ","))"
    }
    /// The file's bound: beyond it the cache is ignored (and written again within it).
    static let maximumFileSize = 64 << 20
    /// A file whose line would be longer is not kept (it is read each time).
    static let maximumLineLength = 1 << 20

    /// Where the cache of a repository with this common git directory lives.
    static func path(commonDirectory: String) -> String { commonDirectory + "/preflight/errorlint-source-facts" }

    /// The cache at `path`; empty when it is missing, too large or of another header.
    static func read(at path: String) -> SourceFactsCache {
        guard let bytes = try? BoundedFile.read(path, limit: maximumFileSize) else { return SourceFactsCache() }
        return parse(bytes)
    }

    /// The entries of a cache file's bytes: every line that is exactly right.
    static func parse(_ bytes: [UInt8]) -> SourceFactsCache {
        var lines = bytes.split(separator: 10, omittingEmptySubsequences: false)[...]
        guard let first = lines.popFirst(), first.elementsEqual(header.utf8) else { return SourceFactsCache() }
        var cache = SourceFactsCache()
        for line in lines where !line.isEmpty && line.count <= maximumLineLength {
            let fields = line.split(separator: 32, omittingEmptySubsequences: false)
            guard fields.count >= 3, isObjectID(fields[0]), fields[1].count <= 12,
                fields[1].allSatisfy({ (48...57).contains($0) }),
                let size = Int(String(decoding: fields[1], as: UTF8.self)),
                fields[2].count == 1, fields[2].first == UInt8(ascii: "s") || fields[2].first == UInt8(ascii: "-"),
                fields.dropFirst(3).allSatisfy({ !$0.isEmpty && $0.allSatisfy(DeclarationMentions.isIdentifierByte) })
            else { continue }
            cache.entries[String(decoding: fields[0], as: UTF8.self)] = SourceFacts(
                size: size, isSeed: fields[2].first == UInt8(ascii: "s"),
                mentions: Set(fields.dropFirst(3).map { String(decoding: $0, as: UTF8.self) }))
        }
        return cache
    }

    /// The file's bytes: the header, then one sorted line per entry.
    func serialized() -> [UInt8] {
        var text = Self.header + "\n"
        for (object, facts) in entries.sorted(by: { $0.key < $1.key }) {
            let line = ([object, String(facts.size), facts.isSeed ? "s" : "-"] + facts.mentions.sorted())
                .joined(separator: " ")
            guard line.utf8.count <= Self.maximumLineLength else { continue }
            text += line + "\n"
        }
        return Array(text.utf8)
    }

    /// Writes the cache to `path` whole (a new file renamed over the old), creating its folder; a
    /// failure only means the next run reads the blobs again.
    func write(to path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? Data(serialized()).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// A full SHA-1 or SHA-256 object id in lower-case hexadecimal.
    private static func isObjectID(_ field: ArraySlice<UInt8>) -> Bool {
        (field.count == 40 || field.count == 64)
            && field.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
