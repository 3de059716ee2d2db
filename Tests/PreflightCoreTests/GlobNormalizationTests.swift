import Testing

@testable import PreflightCore

/// Issue 24, item 9: APFS and HFS+ hand out names in NFD; patterns are typed in NFC.
@Suite("Glob: Unicode normalization")
struct GlobNormalizationTests {
    @Test("A composed pattern matches a decomposed name and path, and the other way round")
    func normalizationInsensitive() {
        let composed = "Caf\u{E9}"
        let decomposed = "Cafe\u{301}"
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        #expect(Glob(composed + ".swift").matchesFile("Sources/" + decomposed + ".swift"))
        #expect(Glob(decomposed + ".swift").matchesFile("Sources/" + composed + ".swift"))
        #expect(Glob("Sources/" + composed + "/**").matches("Sources/" + decomposed + "/A.swift"))
        #expect(Glob(composed).matches(decomposed + "/A.swift"))
        #expect(Glob("*.swift").matchesFile(decomposed + ".swift"))
        #expect(!Glob(composed + ".swift").matchesFile("Cafe.swift"))
    }
}
