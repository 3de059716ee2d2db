import Testing

@testable import PreflightCore

@Suite("SourceLocation UTF-16 columns")
struct SourceLocationColumnTests {
    /// The UTF-16 column of the first `marker` in `line`, by the helper, and by Swift's own views.
    private static func columns(_ line: String, _ marker: String) -> (byte: Int, utf16: Int, expected: Int) {
        let start = line.range(of: marker)!.lowerBound
        let byte = line.utf8.distance(from: line.startIndex, to: start) + 1
        let expected = line.utf16.distance(from: line.startIndex, to: start) + 1
        return (byte, SourceLocation.utf16Column(ofByteColumn: byte, linePrefix: Array(line.utf8)), expected)
    }

    @Test(
        "Non-ASCII text before the column: accents, combining marks, CJK, emoji, flags",
        arguments: [
            (#"let s = "héllo😀"; // TODO: x"#, 26, 23),
            ("let e = \"e\u{301}\u{301}\" // TODO: x", 20, 18),  // e and two combining acute accents
            ("let k = \"日本語\" // TODO: x", 24, 18),  // CJK: 3 bytes, 1 unit each
            ("let f = \"🇩🇪👩‍👩‍👧\" // TODO: x", 41, 27),  // flag and family: surrogate pairs, ZWJs
            ("    // TODO: ascii", 8, 8),
        ])
    func columns(line: String, byte: Int, utf16: Int) {
        let found = Self.columns(line, "TODO")
        #expect(found.byte == byte)
        #expect(found.utf16 == utf16)
        #expect(found.expected == utf16)
    }

    @Test("Column 1, a column past the given bytes, and a column inside a character")
    func edges() {
        #expect(SourceLocation.utf16Column(ofByteColumn: 1, linePrefix: Array("é".utf8)) == 1)
        // Past the end: the missing bytes count one unit each.
        #expect(SourceLocation.utf16Column(ofByteColumn: 6, linePrefix: Array("é".utf8)) == 5)
        // Inside 😀 (after its first byte): the partial character decodes as one replacement character.
        #expect(SourceLocation.utf16Column(ofByteColumn: 2, linePrefix: Array("😀".utf8)) == 2)
    }

    @Test("columnInUTF16 falls back to the byte column")
    func fallback() {
        #expect(SourceLocation(path: "a", line: 1, column: 7).columnInUTF16 == 7)
        #expect(SourceLocation(path: "a", line: 1, column: 7, utf16Column: 5).columnInUTF16 == 5)
    }
}
