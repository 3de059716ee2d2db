import Testing

@testable import PreflightCore

@Suite("StableHash")
struct StableHashTests {
    @Test("FNV-1a 64 matches the published test vectors")
    func vectors() {
        #expect(StableHash.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.fnv1a64("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test("Hex is 16 lowercase digits, zero-padded")
    func hex() {
        #expect(StableHash.fnv1a64Hex("foobar") == "85944171f73967e8")
        #expect(StableHash.fnv1a64Hex("") == "cbf29ce484222325")
        for text in ["", "a", "todo:TODO: x", "naïve ✓"] {
            let hex = StableHash.fnv1a64Hex(text)
            #expect(hex.count == 16)
            #expect(hex.allSatisfy { "0123456789abcdef".contains($0) })
        }
    }

    @Test("Hashes UTF-8 bytes: composed and decomposed é differ, as their bytes do")
    func bytes() {
        #expect(StableHash.fnv1a64("caf\u{E9}") != StableHash.fnv1a64("cafe\u{301}"))
    }
}
