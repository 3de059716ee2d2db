import Testing

@testable import StringCatalogKit

@Suite("untranslated")
struct UntranslatedCheckTests {
    @Test("States new and needs_review in a translation are findings; translated is not")
    func states() throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(xcstringsEntries: [
            entry("a", [("de", unit("A", "new")), ("fr", unit("A", "needs_review"))]),
            entry("b", [("de", unit("B")), ("fr", unit("B"))]),
        ])
        let a = checker.check(KeyUsage(key: "a")).of(.untranslated)
        #expect(a.map(\.language) == ["de", "fr"])
        #expect(
            a.map(\.message) == [
                #"de value of "a" is in state 'new' (not translated yet)"#,
                #"fr value of "a" is in state 'needs_review' (needs review)"#,
            ])
        #expect(a.first?.location?.line == 6)
        #expect(checker.check(KeyUsage(key: "b")).isEmpty)
    }

    @Test("A source-language unit in state new for an extracted_with_value key is normal")
    func sourceNew() throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(xcstringsEntries: [
            entry(
                "login.failed", [("en", unit("Login failed", "new")), ("de", unit("Anmeldung fehlgeschlagen"))],
                extra: #""extractionState" : "extracted_with_value""#)
        ])
        #expect(checker.check(KeyUsage(key: "login.failed", defaultValue: "Login failed")).isEmpty)
    }

    @Test("A plural form in state new is found")
    func pluralForm() throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(xcstringsEntries: [
            entry(
                "%lld files",
                [
                    (
                        "de",
                        #"{ "variations" : { "plural" : { "one" : \#(unit("%lld Datei")), "other" : \#(unit("", "new")) } } }"#
                    )
                ])
        ])
        let findings = checker.check(KeyUsage(key: "%lld files")).of(.untranslated)
        #expect(findings.map(\.message) == [#"de value of "%lld files" is empty"#])
    }

    @Test("Stale keys and empty .strings values are findings")
    func staleAndEmpty() throws {
        let fixture = try CatalogFixture()
        let stale = try fixture.checker(xcstringsEntries: [
            entry("old", [("de", unit("Alt"))], extra: #""extractionState" : "stale""#)
        ])
        #expect(stale.check(KeyUsage(key: "old")).map(\.kind) == [.untranslated])
        let strings = try fixture.checker(files: [
            ("en.lproj/Localizable.strings", "\"k\" = \"K\";\n"), ("de.lproj/Localizable.strings", "\"k\" = \"\";\n"),
        ])
        let findings = strings.check(KeyUsage(key: "k"))
        #expect(findings.map(\.kind) == [.untranslated])
        #expect(findings.first?.location?.path.hasSuffix("de.lproj/Localizable.strings") == true)
    }

    @Test("shouldTranslate false: states of other languages do not matter")
    func shouldTranslate() throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(xcstringsEntries: [
            entry("Brand", [("de", unit("Brand", "new"))], extra: #""shouldTranslate" : false"#)
        ])
        #expect(checker.check(KeyUsage(key: "Brand")).isEmpty)
    }
}
