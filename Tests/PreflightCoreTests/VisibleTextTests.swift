import Testing

@testable import PreflightCore

@Suite("VisibleText")
struct VisibleTextTests {
    @Test("A terminal's escape sequences, line breaks, DEL and C1 controls are written as \\u{…}")
    func controls() {
        let forged = "\u{1B}[2K\u{1B}[1Aprepush: passed\u{1B}[8m"
        #expect(VisibleText.escaped(forged) == "\\u{1B}[2K\\u{1B}[1Aprepush: passed\\u{1B}[8m")
        #expect(
            VisibleText.escaped("a\rb\nc\u{0}d\u{7F}e\u{9B}f\u{85}") == "a\\u{D}b\\u{A}c\\u{0}d\\u{7F}e\\u{9B}f\\u{85}")
        #expect(!VisibleText.escaped(forged).unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test("Bidirectional overrides and isolates are written as \\u{…}; other text, tab and backslash are kept")
    func bidiAndKept() {
        #expect(VisibleText.escaped("a\u{202E}b\u{2066}c\u{2069}") == "a\\u{202E}b\\u{2066}c\\u{2069}")
        let plain = "Café ✓ naïve\ttab \\u{1B} 日本 \u{200B}"
        #expect(VisibleText.escaped(plain) == plain)
        #expect(VisibleText.escaped("") == "")
    }

    @Test("Escaping twice changes nothing")
    func idempotent() {
        let once = VisibleText.escaped("x\u{1B}]8;;http://e\u{7}y\u{202D}")
        #expect(VisibleText.escaped(once) == once)
    }

    @Test(
        "Every scalar that is escaped is one of the listed kinds",
        arguments: [0x00, 0x1F, 0x7F, 0x80, 0x9F, 0x202A, 0x2069])
    func listed(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(VisibleText.needsEscaping(scalar))
        #expect(!VisibleText.needsEscaping("\t"))
        #expect(!VisibleText.needsEscaping(" "))
        #expect(!VisibleText.needsEscaping("\u{A0}"))
        // Line and paragraph separators break a line in some terminals and viewers.
        #expect(VisibleText.escaped("a\u{2028}b\u{2029}") == "a\\u{2028}b\\u{2029}")
    }
}
