import PreflightCore
import Testing

@Suite("A name git gives as bytes, as a String of its own")
struct GitPathNameTests {
    static let names: [[UInt8]] = [
        Array("Sources/A.swift".utf8), Array("é/ü.swift".utf8), Array("e".utf8) + [0xFF] + Array(".swift".utf8),
        Array("e".utf8) + [0xFE] + Array(".swift".utf8), Array("e\u{FFFD}.swift".utf8), Array("e\\377.swift".utf8),
        Array("e\\\\377.swift".utf8), Array("tab\there".utf8), Array("line\nbreak".utf8), [0xC3], [0xC3, 0xA9, 0xFF],
        [0xFF, 0x31, 0x32], Array("del\u{7F}".utf8), [0xED, 0xA0, 0x80], Array("\"quoted\"".utf8),
        // café composed (NFC) and decomposed (NFD): equal as Swift strings, two files to git.
        Array("caf\u{E9}.swift".utf8), Array("cafe\u{301}.swift".utf8),
        [0xFF] + Array("caf\u{E9}".utf8), [0xFF] + Array("cafe\u{301}".utf8),
    ]

    @Test("Distinct names stay distinct, and each name gives its bytes back")
    func injective() {
        let shown = Self.names.map { GitPathName.name($0) }
        #expect(Set(shown).count == Self.names.count, "\(shown)")
        for (bytes, name) in zip(Self.names, shown) {
            #expect(GitPathName.bytes(name) == bytes, "\(name)")
        }
    }

    @Test("Escaped as git escapes (octal past ASCII), composed UTF-8 text as it is")
    func shown() {
        #expect(GitPathName.name(Array("é/ü.swift".utf8)) == "é/ü.swift")
        #expect(GitPathName.name(Array("e".utf8) + [0xFF] + Array(".swift".utf8)) == "e\\377.swift")
        #expect(GitPathName.name(Array("e\\377.swift".utf8)) == "e\\\\377.swift")
        #expect(GitPathName.name(Array("tab\there".utf8)) == "tab\\there")
        #expect(GitPathName.name([0xC3, 0xA9, 0xFF]) == "\\303\\251\\377")
        // Text not in composed form is escaped: as a Swift string it would equal the composed name.
        #expect(GitPathName.name(Array("cafe\u{301}.swift".utf8)) == "cafe\\314\\201.swift")
        #expect(GitPathName.name(Array("caf\u{E9}.swift".utf8)) == "caf\u{E9}.swift")
    }
}
