import Foundation
import ProcessKit
import Testing

@testable import PreflightCore

/// ``GitBlobID`` names bytes as `git hash-object` does, and ``CatFileBatchParser`` reads
/// `git cat-file --batch` output however it is cut.
@Suite("Git blob ids and cat-file output")
struct GitBlobIDTests {
    @Test("Blob ids equal git hash-object's at every length around SHA-1's block and padding edges")
    func blobIDs() throws {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 50, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 1000, 65_537, 300_001] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var command = Command("git", ["hash-object", "--stdin"])
            command.standardInput = .bytes(bytes)
            let expected = try command.runBlocking().checked().outputText.trimmingCharacters(in: .newlines)
            #expect(GitBlobID.sha1(of: bytes) == expected, "length \(length)")
        }
    }

    @Test("The processor's SHA instructions and the portable rounds give the same digests, however fed")
    func processorAndPortableAgree() {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 55, 56, 63, 64, 65, 127, 128, 129, 4096, 100_003] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var digests: [String] = []
            for usesProcessor in [true, false] {
                for pieceSize in [length + 1, 7, 64, 1000] {
                    var hasher = SHA1()
                    hasher.usesProcessorInstructions = usesProcessor
                    var start = 0
                    while start < length {
                        hasher.update(Array(bytes[start..<min(length, start + pieceSize)]))
                        start += pieceSize
                    }
                    digests.append(hasher.hexDigest())
                }
            }
            #expect(Set(digests).count == 1, "length \(length): \(digests)")
        }
        // FIPS 180-4's example: "abc".
        var abc = SHA1()
        abc.update(Array("abc".utf8))
        #expect(abc.hexDigest() == "a9993e364706816aba3e25717850c26c9cd0d89d")
    }

    @Test("cat-file --batch output is read alike in one piece and byte by byte; missing objects are nil")
    func batchParsing() throws {
        let output = Array("aaaa blob 3\nabc\nbbbb missing\ncccc blob 0\n\ndddd tree 2\nxy\n".utf8)
        let objects = ["aaaa", "bbbb", "cccc", "dddd"]
        var whole = CatFileBatchParser(objects: objects)
        try whole.consume(output)
        #expect(whole.isComplete)
        #expect(whole.blobs == [Array("abc".utf8), nil, [], nil])
        var pieces = CatFileBatchParser(objects: objects)
        for byte in output {
            #expect(!pieces.isComplete)
            try pieces.consume([byte])
        }
        #expect(pieces.blobs == whole.blobs)
        var cut = CatFileBatchParser(objects: objects)
        try cut.consume(output.prefix(20))
        #expect(cut.interruptedObject == "bbbb")
        var wrong = CatFileBatchParser(objects: ["aaaa"])
        #expect(throws: GitError.self) { try wrong.consume(Array("fatal: not a batch\n".utf8)) }
    }
}
