import Foundation
import ProcessKit
import Testing

@testable import PreflightCore

/// ``GitObjectStore`` against real git: every blob it reads is the bytes `git cat-file` prints,
/// loose or packed, through offset and reference deltas; what it cannot vouch for is `nil`.
@Suite("Git object store")
struct GitObjectStoreTests {
    /// A repository of this package's sources in three commits (grown, trimmed, edited), so that a
    /// repack stores many blobs as deltas of others, HEAD's among them.
    private func historyRepository() throws -> GitRepositoryFixture {
        let repository = try GitRepositoryFixture()
        let contents = GitLineDiffTests.packageSources(60)
        var random = SeededRandom(seed: 11)
        for step in 0..<3 {
            for (relative, bytes) in contents {
                let text: [UInt8] =
                    switch step {
                    case 0: bytes + Array("// grown\n".utf8)
                    case 1: bytes
                    default: GitLineDiffTests.edited(bytes, heavy: false, random: &random)
                    }
                try FileManager.default.createDirectory(
                    atPath: (repository.path(relative) as NSString).deletingLastPathComponent,
                    withIntermediateDirectories: true)
                try Data(text).write(to: URL(fileURLWithPath: repository.path(relative)))
            }
            try repository.commitAll("step \(step)")
        }
        return repository
    }

    /// Every blob of the repository with its bytes, as `git cat-file` prints them.
    private func allBlobs(_ repository: GitRepositoryFixture) throws -> [(String, [UInt8])] {
        let listing = try repository.git("cat-file", "--batch-all-objects", "--batch-check")
        let ids = listing.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            return fields.count == 3 && fields[1] == "blob" ? String(fields[0]) : nil
        }
        return try ids.map { id in
            let command = Command(
                "git", ["cat-file", "blob", id], workingDirectory: repository.root,
                environment: GitRepositoryFixture.environment)
            return (id, try command.runBlocking().checked().standardOutput?.bytes ?? [])
        }
    }

    @Test(
        "Packed history: every blob, whole or a delta (by offset or by reference), is the bytes git prints",
        arguments: [true, false])
    func packedHistory(offsetDeltas: Bool) throws {
        let repository = try historyRepository()
        defer { repository.remove() }
        try repository.git(
            "-c", "repack.useDeltaBaseOffset=\(offsetDeltas)", "repack", "-q", "-a", "-d", "-f", "--depth=50",
            "--window=50")
        let pack = try #require(
            FileManager.default.contentsOfDirectory(atPath: repository.path(".git/objects/pack"))
                .first { $0.hasSuffix(".pack") })
        // verify-pack lists a delta with its depth and base: seven fields.
        let entries = try repository.git("verify-pack", "-v", ".git/objects/pack/" + pack).split(separator: "\n")
        let deltas = entries.filter { $0.split(separator: " ", omittingEmptySubsequences: true).count == 7 }
        #expect(deltas.count > 20, "too few deltas to test: \(deltas.count)")

        let store = try #require(GitObjectStore(root: repository.root))
        let blobs = try allBlobs(repository)
        #expect(blobs.count > 100)
        for (id, bytes) in blobs {
            #expect(store.blob(id, limit: 1 << 20) == bytes, "\(id)")
        }
    }

    @Test(
        "Loose objects are read; a tree asked for as a blob, a damaged, missing or oversized object, a malformed id are nil"
    )
    func looseObjects() throws {
        let repository = try GitRepositoryFixture()
        defer { repository.remove() }
        try repository.write("a.swift", "let a = 1\n")
        try repository.write("Folder/b.swift", GitRepositoryFixture.numberedLines(2000))
        try repository.commitAll("one")
        let store = try #require(GitObjectStore(root: repository.root))
        let small = try repository.git("rev-parse", "HEAD:a.swift").trimmingCharacters(in: .newlines)
        let large = try repository.git("rev-parse", "HEAD:Folder/b.swift").trimmingCharacters(in: .newlines)
        let tree = try repository.git("rev-parse", "HEAD:Folder").trimmingCharacters(in: .newlines)
        #expect(store.blob(small, limit: 100) == Array("let a = 1\n".utf8))
        #expect(store.blob(large, limit: 1 << 20) == Array(GitRepositoryFixture.numberedLines(2000).utf8))
        #expect(store.blob(large, limit: 100) == nil)
        #expect(store.blob(tree, limit: 1 << 20) == nil)
        #expect(store.blob(String(repeating: "0", count: 40), limit: 100) == nil)
        #expect(store.blob("not an id", limit: 100) == nil)
        #expect(store.blob(String(repeating: "a", count: 64), limit: 100) == nil)

        // Another object's bytes under this name: they do not hash to it.
        let objects = repository.path(".git/objects/")
        let smallPath = objects + small.prefix(2) + "/" + small.dropFirst(2)
        let largePath = objects + large.prefix(2) + "/" + large.dropFirst(2)
        try FileManager.default.removeItem(atPath: smallPath)
        try FileManager.default.copyItem(atPath: largePath, toPath: smallPath)
        #expect(store.blob(small, limit: 1 << 20) == nil)
        // Not zlib at all.
        try FileManager.default.removeItem(atPath: smallPath)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: smallPath))
        #expect(store.blob(small, limit: 1 << 20) == nil)
        // Cut short.
        let compressed = try Data(contentsOf: URL(fileURLWithPath: largePath))
        try FileManager.default.removeItem(atPath: largePath)
        try compressed.prefix(compressed.count / 2).write(to: URL(fileURLWithPath: largePath))
        #expect(store.blob(large, limit: 1 << 20) == nil)
    }

    @Test("A linked worktree reads its common directory's objects; alternates are left to git")
    func layouts() throws {
        let repository = try GitRepositoryFixture()
        defer { repository.remove() }
        try repository.write("a.swift", "let a = 1\n")
        try repository.commitAll("one")
        let blob = try repository.git("rev-parse", "HEAD:a.swift").trimmingCharacters(in: .newlines)
        let worktree = repository.root + "-worktree"
        defer { try? FileManager.default.removeItem(atPath: worktree) }
        try repository.git("worktree", "add", "-q", worktree)
        #expect(GitObjectStore(root: worktree)?.blob(blob, limit: 100) == Array("let a = 1\n".utf8))

        try FileManager.default.createDirectory(
            atPath: repository.path(".git/objects/info"), withIntermediateDirectories: true)
        try Data((repository.path(".git/objects") + "\n").utf8).write(
            to: URL(fileURLWithPath: repository.path(".git/objects/info/alternates")))
        #expect(GitObjectStore(root: repository.root) == nil)
        #expect(GitObjectStore(root: repository.path("no such folder")) == nil)
        try FileManager.default.removeItem(atPath: repository.path(".git/objects/info/alternates"))
        #expect(GitObjectStore(root: repository.root) != nil)

        // A replaced object reads as its replacement in git: left to git, loose or packed.
        try repository.write("a.swift", "let a = 2\n")
        try repository.commitAll("two")
        try repository.git("replace", "HEAD", "HEAD~1")
        #expect(GitObjectStore(root: repository.root) == nil)
        try repository.git("pack-refs", "--all")
        #expect(GitObjectStore(root: repository.root) == nil)
        try repository.git("replace", "-d", "HEAD")
        #expect(GitObjectStore(root: repository.root) != nil)

        // SHA-256 names: left to git.
        let sha256 = try GitRepositoryFixture(initialize: false)
        defer { sha256.remove() }
        try sha256.git("init", "-q", "--object-format=sha256")
        #expect(GitObjectStore(root: sha256.root) == nil)
    }

    /// A real repository's history (`PREFLIGHT_OBJECT_STORE_REPOSITORY`: a work tree, e.g. a clone
    /// of an app with years of packed history): up to 3,000 of its blobs, spread over all of them,
    /// read by the store. Each one read is proven by its id, so the check is that none is missed.
    @Test(
        "A real repository's packed history: every sampled blob is read",
        .enabled(if: ProcessInfo.processInfo.environment["PREFLIGHT_OBJECT_STORE_REPOSITORY"] != nil))
    func realHistory() throws {
        let root = try #require(ProcessInfo.processInfo.environment["PREFLIGHT_OBJECT_STORE_REPOSITORY"])
        let store = try #require(GitObjectStore(root: root))
        var listing = Command(
            "git", ["cat-file", "--batch-all-objects", "--batch-check"], workingDirectory: root,
            environment: GitRepositoryFixture.environment)
        listing.timeout = .seconds(300)
        let blobs = try listing.runBlocking().checked().outputText.split(separator: "\n").compactMap {
            line -> String? in
            let fields = line.split(separator: " ")
            return fields.count == 3 && fields[1] == "blob" ? String(fields[0]) : nil
        }
        let step = max(1, blobs.count / 3000)
        let sample = stride(from: 0, to: blobs.count, by: step).map { blobs[$0] }
        let missed = sample.filter { store.blob($0, limit: 64 << 20) == nil }
        #expect(
            missed.isEmpty,
            "\(missed.count) of \(sample.count) sampled blobs (of \(blobs.count)) not read: \(missed.prefix(5))")
    }

    @Test(
        "A hostile pack: a cycle of reference deltas, a size past 60 bits, an offset delta before the pack's start are nil"
    )
    func hostilePack() throws {
        let repository = try GitRepositoryFixture()
        defer { repository.remove() }
        let cycleA = [UInt8](repeating: 0x11, count: 20)
        let cycleB = [UInt8](repeating: 0x22, count: 20)
        let huge = [UInt8](repeating: 0x33, count: 20)
        let early = [UInt8](repeating: 0x44, count: 20)
        let delta: [UInt8] = [3, 3, 0x91, 0, 3]
        var pack = Array("PACK".utf8) + [0, 0, 0, 2, 0, 0, 0, 5]
        var offsets: [[UInt8]: Int] = [:]
        // A sound blob (type 3) beside them, read: the pack and its index are read as made here.
        let sound = try #require(GitObjectStore.binaryID(GitBlobID.sha1(of: Array("abc".utf8))))
        offsets[sound] = pack.count
        pack += [0x33] + Self.storedZlib(Array("abc".utf8))
        // REF_DELTA (type 7) with the other as its base, each way round.
        for (name, base) in [(cycleA, cycleB), (cycleB, cycleA)] {
            offsets[name] = pack.count
            pack += [0x70 | UInt8(delta.count)] + base + Self.storedZlib(delta)
        }
        // A blob (type 3) whose size needs more than 60 bits.
        offsets[huge] = pack.count
        pack += [0xb0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01] + Self.storedZlib([1])
        // OFS_DELTA (type 6) reaching back past the pack's first byte.
        offsets[early] = pack.count
        pack += [0x60 | UInt8(delta.count), 0x7f] + Self.storedZlib(delta)
        pack += [UInt8](repeating: 0, count: 20)

        let names = offsets.keys.sorted { $0.lexicographicallyPrecedes($1) }
        var index: [UInt8] = [0xff, 0x74, 0x4f, 0x63, 0, 0, 0, 2]
        for first in 0..<256 {
            index += Self.bigEndian(UInt32(names.filter { Int($0[0]) <= first }.count))
        }
        for name in names { index += name }
        for _ in names { index += [0, 0, 0, 0] }
        for name in names { index += Self.bigEndian(UInt32(offsets[name]!)) }
        index += [UInt8](repeating: 0, count: 40)
        let folder = repository.path(".git/objects/pack/")
        try Data(pack).write(to: URL(fileURLWithPath: folder + "pack-hostile.pack"))
        try Data(index).write(to: URL(fileURLWithPath: folder + "pack-hostile.idx"))

        let store = try #require(GitObjectStore(root: repository.root))
        #expect(store.blob(GitObjectStore.hex(sound), limit: 1 << 20) == Array("abc".utf8))
        for name in names where name != sound {
            #expect(store.blob(GitObjectStore.hex(name), limit: 1 << 20) == nil)
        }
    }

    /// `bytes` as a zlib stream of one stored (uncompressed) block.
    private static func storedZlib(_ bytes: [UInt8]) -> [UInt8] {
        let length = UInt16(bytes.count)
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return [0x78, 0x01, 0x01, UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8(~length >> 8)]
            + bytes + bigEndian(b << 16 | a)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }

    @Test(
        "Deltas: copies (a size of 0 is 65,536) and inserts; a wrong base size, a range past the base, a reserved op are nil"
    )
    func deltas() {
        let base = Array("hello world".utf8)
        // Copy offset 6 size 5 ("world"), insert "!".
        #expect(GitDelta.apply([11, 6, 0x91, 6, 5, 1, UInt8(ascii: "!")], to: base) == Array("world!".utf8))
        #expect(GitDelta.apply([12, 5, 0x91, 6, 5], to: base) == nil)
        #expect(GitDelta.apply([11, 5, 0x91, 8, 5], to: base) == nil)
        #expect(GitDelta.apply([11, 5, 0], to: base) == nil)
        #expect(GitDelta.apply([11, 6, 0x91, 6, 5], to: base) == nil)
        #expect(GitDelta.apply([11, 2, 2, 1], to: base) == nil)
        // A result of 2^62 bytes claimed: refused before anything is allocated.
        #expect(
            GitDelta.apply([11] + Array(repeating: 0xff, count: 8) + [0x3f, 0x91, 6, 5], to: base, limit: 1 << 20)
                == nil)
        let large = (0..<0x10000).map { UInt8($0 & 0xff) }
        // 65,536 as a size: 0x80 0x80 0x04; a copy op with no size byte copies 65,536.
        #expect(GitDelta.apply([0x80, 0x80, 0x04, 0x80, 0x80, 0x04, 0x80], to: large) == large)
    }
}
