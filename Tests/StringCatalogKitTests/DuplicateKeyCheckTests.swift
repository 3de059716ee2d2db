import Testing

@testable import StringCatalogKit

@Suite("duplicate-key")
struct DuplicateKeyCheckTests {
    @Test("Each later definition is reported with the earlier line; distinct keys are not")
    func duplicates() throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(files: [
            ("en.lproj/Localizable.strings", "\"a\" = \"1\";\n\"b\" = \"2\";\n\"a\" = \"3\";\n"),
            ("de.lproj/Localizable.strings", "\"a\" = \"1\";\n\"b\" = \"2\";\n"),
        ])
        let findings = checker.duplicateKeyFindings()
        #expect(findings.count == 1)
        #expect(findings.first?.kind == .duplicateKey)
        #expect(findings.first?.location?.line == 3)
        #expect(findings.first?.language == "en")
        #expect(findings.first?.message == #"key "a" is defined again (first at line 1); this later value wins"#)
        #expect(
            CatalogFindingKind.allCases.map(\.rawValue) == [
                "missing-key", "untranslated", "format-mismatch", "plural-categories", "duplicate-key", "unused-key",
            ])
    }
}
