import Testing

@testable import StringCatalogKit

@Suite("missing-key")
struct MissingKeyCheckTests {
    @Test("A key in no file of its table, or a table without any file: one finding without a location")
    func absentEverywhere() throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(xcstringsEntries: [entry("present", [("de", unit("da"))])])
        let absent = checker.check(KeyUsage(key: "absent"))
        #expect(absent.count == 1)
        #expect(absent.first?.kind == .missingKey && absent.first?.location == nil)
        #expect(absent.first?.message == #"key "absent" is not in table Localizable"#)
        let noTable = checker.check(KeyUsage(key: "present", table: "Errors"))
        #expect(noTable.map(\.kind) == [.missingKey])
        #expect(noTable.first?.message.contains("no Errors catalog") == true)
        #expect(checker.check(KeyUsage(key: "present")).isEmpty)
    }

    @Test("xcstrings: a {} entry needs every non-source language; the source language needs no unit")
    func xcstringsLanguages() throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(xcstringsEntries: [
            entry("Done", []), entry("Cancel", [("de", unit("Abbrechen")), ("fr", unit("Annuler"))]),
        ])
        #expect(checker.languages == ["de", "en", "fr"])
        let done = checker.check(KeyUsage(key: "Done"))
        #expect(done.map(\.language) == ["de", "fr"])
        #expect(done.allSatisfy { $0.kind == .missingKey && $0.location?.line == 4 })
        #expect(done.first?.message == #"key "Done" has no de value (in Localizable.xcstrings)"#)
        #expect(checker.check(KeyUsage(key: "Cancel")).isEmpty)
    }

    @Test("xcstrings: shouldTranslate false needs no translation")
    func shouldTranslate() throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(xcstringsEntries: [
            entry("Preflight", [], extra: #""shouldTranslate" : false"#), entry("Other", [("de", unit("Andere"))]),
        ])
        #expect(checker.check(KeyUsage(key: "Preflight")).isEmpty)
    }

    @Test("--languages overrides the catalogs' languages")
    func languagesOverride() throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(
            xcstringsEntries: [entry("Done", [("de", unit("Fertig"))]), entry("X", [("fr", unit("X"))])],
            languages: ["de", "it"])
        #expect(checker.check(KeyUsage(key: "Done")).map(\.language) == ["it"])
    }

    @Test(".strings tables: every language needs the key, the development language too; Base is not a language")
    func stringsTables() throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(files: [
            ("en.lproj/Errors.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n"),
            ("de.lproj/Errors.strings", "\"a\" = \"A-de\";\n\"c\" = \"C-de\";\n"),
            ("Base.lproj/Errors.strings", "\"a\" = \"A\";\n"),
        ])
        #expect(checker.languages == ["de", "en"])
        #expect(checker.check(KeyUsage(key: "a", table: "Errors")).isEmpty)
        let b = checker.check(KeyUsage(key: "b", table: "Errors"))
        #expect(b.map(\.language) == ["de"])
        #expect(b.first?.location?.path.hasSuffix("en.lproj/Errors.strings") == true)
        #expect(b.first?.location?.line == 2)
        #expect(b.first?.message == #"key "b" has no de value (in de.lproj/Errors.strings)"#)
        let c = checker.check(KeyUsage(key: "c", table: "Errors"))
        #expect(c.map(\.language) == ["en"])
        #expect(c.first?.location?.path.hasSuffix("de.lproj/Errors.strings") == true)
    }

    @Test("The message names the file the key belongs in, and says when that file does not exist")
    func fileNames() throws {
        let fixture = try CatalogFixture()
        try fixture.write("en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try fixture.write(
            "en.lproj/Localizable.stringsdict",
            "<plist version=\"1.0\"><dict><key>n</key><dict><key>NSStringLocalizedFormatKey</key>"
                + "<string>%#@v@</string></dict></dict></plist>")
        let loaded = fixture.load(["en.lproj/Localizable.strings", "en.lproj/Localizable.stringsdict"])
        let checker = CatalogChecker(catalogs: loaded.catalogs, languages: ["en", "it"])
        #expect(
            checker.check(KeyUsage(key: "a")).map(\.message) == [
                #"key "a" has no it value (in it.lproj/Localizable.strings, which does not exist)"#
            ])
        #expect(
            checker.check(KeyUsage(key: "n")).of(.missingKey).map(\.message) == [
                #"key "n" has no it value (in it.lproj/Localizable.stringsdict, which does not exist)"#
            ])
    }
}
