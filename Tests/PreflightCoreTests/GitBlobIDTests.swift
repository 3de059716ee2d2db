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
