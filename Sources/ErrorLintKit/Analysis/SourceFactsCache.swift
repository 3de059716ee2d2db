import Foundation
import PreflightCore

/// What errorlint's prefilter learns from one Swift file's bytes (``SwiftSourceReader``): its
/// size, whether it is a seed, and the names its declaration headers mention. Files with
/// suppression comments or nesting too deep are never described this way: they are read each time.
struct SourceFacts: Sendable, Equatable {
    var size: Int
    var isSeed: Bool
    /// The names, sorted, one space between two, as the cache's line holds them: a set is made of
    /// them only when a round looks for names (with no seed among the files, none does), so a cache
    /// of a big tree is read without a string per name.
    var words: String

    init(size: Int, isSeed: Bool, mentions: Set<String>) {
        self.init(size: size, isSeed: isSeed, words: mentions.sorted().joined(separator: " "))
    }

    init(size: Int, isSeed: Bool, words: String) {
        self.size = size
        self.isSeed = isSeed
        self.words = words
    }

    var mentions: Set<String> { words.isEmpty ? [] : Set(words.split(separator: " ").map(String.init)) }
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

    /// A repository's cache as a run read it: where it lives and what it held.
    struct Loaded: Sendable {
        var path: String
        var read: SourceFactsCache
    }

    /// The cache of the repository with this common git directory.
    static func load(commonDirectory: String) -> Loaded {
        let path = path(commonDirectory: commonDirectory)
        return Loaded(path: path, read: read(at: path))
    }

    /// Where the cache of a repository with this common git directory lives.
    static func path(commonDirectory: String) -> String { commonDirectory + "/preflight/errorlint-source-facts" }

    /// The cache at `path`; empty when it is missing, too large or of another header.
    static func read(at path: String) -> SourceFactsCache {
        guard let bytes = try? BoundedFile.read(path, limit: maximumFileSize) else { return SourceFactsCache() }
        return parse(bytes)
    }

    /// The entries of a cache file's bytes: every line that is exactly right. One pass over the
    /// bytes, a string made per line only for its object id and its words.
    static func parse(_ bytes: [UInt8]) -> SourceFactsCache {
        bytes.withUnsafeBufferPointer { buffer in
            let headerEnd = buffer.firstIndex(of: 10) ?? buffer.endIndex
            guard buffer[..<headerEnd].elementsEqual(header.utf8) else { return SourceFactsCache() }
            var cache = SourceFactsCache()
            // About one line per 80 bytes: the entries are made without growing the table.
            cache.entries.reserveCapacity(buffer.count / 80)
            var start = headerEnd + 1
            while start < buffer.endIndex {
                let end = buffer[start...].firstIndex(of: 10) ?? buffer.endIndex
                defer { start = end + 1 }
                guard end > start, end - start <= maximumLineLength else { continue }
                if let (object, facts) = entry(UnsafeBufferPointer(rebasing: buffer[start..<end])) {
                    cache.entries[object] = facts
                }
            }
            return cache
        }
    }

    /// One line, `<object> <size> <s or ->[ <word>]…` with single spaces, words of identifier
    /// bytes and a size of at most 12 digits; `nil` when it is anything else.
    private static func entry(_ line: UnsafeBufferPointer<UInt8>) -> (String, SourceFacts)? {
        guard let objectEnd = line.firstIndex(of: 32), isObjectID(line[..<objectEnd]) else { return nil }
        var index = objectEnd + 1
        var size = 0
        let sizeStart = index
        while index < line.endIndex, (48...57).contains(line[index]) {
            size = size * 10 + Int(line[index] - 48)
            index += 1
        }
        guard index > sizeStart, index - sizeStart <= 12, index + 1 < line.endIndex, line[index] == 32,
            line[index + 1] == UInt8(ascii: "s") || line[index + 1] == UInt8(ascii: "-")
        else { return nil }
        let isSeed = line[index + 1] == UInt8(ascii: "s")
        index += 2
        var words = ""
        if index < line.endIndex {
            // " word word": a space before each word, and no word empty.
            let rest = line[(index + 1)...]
            guard line[index] == 32, !rest.isEmpty, rest.last != 32 else { return nil }
            var previous: UInt8 = 32
            for byte in rest {
                guard byte == 32 ? previous != 32 : DeclarationMentions.isIdentifierByte(byte) else { return nil }
                previous = byte
            }
            words = String(decoding: rest, as: UTF8.self)
        }
        return (
            String(decoding: line[..<objectEnd], as: UTF8.self), SourceFacts(size: size, isSeed: isSeed, words: words)
        )
    }

    /// The file's bytes: the header, then one sorted line per entry (written as bytes: a commit
    /// rewrites the whole cache, a line per staged Swift file).
    func serialized() -> [UInt8] {
        var bytes = Array(Self.header.utf8) + [10]
        bytes.reserveCapacity(entries.count * 80)
        for (object, facts) in entries.sorted(by: { $0.key < $1.key }) {
            let start = bytes.count
            bytes += object.utf8
            bytes += " \(facts.size) ".utf8
            bytes.append(facts.isSeed ? UInt8(ascii: "s") : UInt8(ascii: "-"))
            if !facts.words.isEmpty {
                bytes.append(32)
                bytes += facts.words.utf8
            }
            guard bytes.count - start <= Self.maximumLineLength else {
                bytes.removeSubrange(start...)
                continue
            }
            bytes.append(10)
        }
        return bytes
    }

    /// Writes the cache to `path` whole (a new file renamed over the old), creating its folder; a
    /// failure only means the next run reads the blobs again.
    func write(to path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? Data(serialized()).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// A full SHA-1 or SHA-256 object id in lower-case hexadecimal.
    private static func isObjectID(_ field: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        (field.count == 40 || field.count == 64)
            && field.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
