import Testing

@testable import StringCatalogKit

@Suite("plural-categories")
struct PluralCategoriesCheckTests {
    @Test("pl and ru lacking few are found; ja with only other, en with one/other, extra zero are fine")
    func xcstringsPlurals() throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(xcstringsEntries: [
            entry(
                "%lld files",
                [
                    ("en", plural([("zero", "No files"), ("one", "%lld file"), ("other", "%lld files")])),
                    ("pl", plural([("one", "%lld plik"), ("many", "%lld plików"), ("other", "%lld pliku")])),
                    ("ru", plural([("one", "%lld файл"), ("other", "%lld файла")])),
                    ("ja", plural([("other", "%lld ファイル")])),
                    ("pt-BR", plural([("one", "%lld arquivo"), ("other", "%lld arquivos")])),
                ])
        ])
        let findings = checker.check(KeyUsage(key: "%lld files"))
        #expect(findings.map(\.kind) == [.pluralCategories, .pluralCategories])
        #expect(
            findings.map(\.message) == [
                #"pl plural of "%lld files" lacks few (pl needs one, few, many, other)"#,
                #"ru plural of "%lld files" lacks few, many (ru needs one, few, many, other)"#,
            ])
        #expect(findings.map(\.location?.line) == [7, 8])
    }

    @Test("The source language's plural needs its categories too; substitutions are named")
    func sourceAndSubstitution() throws {
        let fixture = try CatalogFixture()
        let value = #"""
            { "stringUnit" : { "state" : "translated", "value" : "%#@n@" },
              "substitutions" : { "n" : { "argNum" : 1, "formatSpecifier" : "lld",
                "variations" : { "plural" : { "other" : \#(unit("%arg items")) } } } } }
            """#
        let checker = try fixture.checker(xcstringsEntries: [entry("items", [("en", value)])])
        #expect(
            checker.check(KeyUsage(key: "items")).map(\.message) == [
                #"en plural of "items" (%#@n@) lacks one (en needs one, other)"#
            ])
    }

    @Test(".stringsdict variables: a ru variable without many is found")
    func stringsdict() throws {
        let fixture = try CatalogFixture()
        try fixture.write(
            "ru.lproj/Localizable.stringsdict",
            """
            <plist version="1.0"><dict><key>files</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>
            <key>one</key><string>%d файл</string><key>few</key><string>%d файла</string>
            <key>other</key><string>%d файлов</string></dict>
            </dict></dict></plist>
            """)
        let loaded = fixture.load(["ru.lproj/Localizable.stringsdict"])
        let findings = CatalogChecker(catalogs: loaded.catalogs).check(KeyUsage(key: "files"))
        #expect(
            findings.map(\.message) == [#"ru plural of "files" (%#@n@) lacks many (ru needs one, few, many, other)"#])
        #expect(findings.first?.location?.line == 3)
    }
}
