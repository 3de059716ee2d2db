import Testing

@testable import PreflightCore
@testable import StringCatalogKit

@Suite("Loading a project's catalogs")
struct CatalogLoaderTests {
    @Test("Tables by file name, languages by .lproj; .strings and .stringsdict merge and .stringsdict wins")
    func merge() throws {
        let fixture = try CatalogFixture()
        try fixture.write("App/en.lproj/Localizable.strings", "\"files\" = \"Files\";\n\"title\" = \"Title\";\n")
        try fixture.write(
            "App/en.lproj/Localizable.stringsdict",
            """
            <plist version="1.0"><dict><key>files</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatValueTypeKey</key><string>d</string>
            <key>one</key><string>%d file</string><key>other</key><string>%d files</string></dict>
            </dict></dict></plist>
            """)
        try fixture.write("Kit/de.lproj/Localizable.strings", "\"title\" = \"Titel\";\n")
        try fixture.write("Kit/Base.lproj/Localizable.strings", "\"title\" = \"Title\";\n")
        try fixture.write("Errors.xcstrings", xcstrings(entry("e", [("fr", unit("E"))]), sourceLanguage: "de"))
        try fixture.write("README.md", "not a catalog")
        let loaded = fixture.load([
            "App/en.lproj/Localizable.strings", "App/en.lproj/Localizable.stringsdict",
            "Kit/de.lproj/Localizable.strings", "Kit/Base.lproj/Localizable.strings", "Errors.xcstrings", "README.md",
        ])
        #expect(loaded.problems.isEmpty)
        let catalogs = loaded.catalogs
        #expect(Set(catalogs.tables.keys) == ["Localizable", "Errors"])
        #expect(catalogs.languages == ["en", "de", "fr"])
        #expect(catalogs.tables["Localizable"]?.languages == ["en", "de", "Base"])
        #expect(catalogs.tables["Localizable"]?.sourceLanguage == "en")
        #expect(catalogs.tables["Errors"]?.sourceLanguage == "de")
        let files = try #require(catalogs.entry(key: "files"))
        #expect(files.localizations["en"]?.format == .stringsdict)
        #expect(files.locations.count == 2)
        #expect(catalogs.entry(key: "title")?.localizations.keys.sorted() == ["Base", "de", "en"])
        #expect(catalogs.tables["Localizable"]?.files["en"]?.count == 2)
    }

    @Test("One unreadable file is reported; the rest are still read")
    func problemsDoNotStopTheRest() throws {
        let fixture = try CatalogFixture()
        try fixture.write("en.lproj/Good.strings", "\"a\" = \"A\";\n")
        try fixture.write("en.lproj/Bad.strings", "\"a\" = \"A\"\n")
        try fixture.write("Broken.xcstrings", "{")
        let loaded = fixture.load([
            "en.lproj/Good.strings", "en.lproj/Bad.strings", "Broken.xcstrings", "missing.strings",
        ])
        #expect(loaded.catalogs.tables.keys.sorted() == ["Good"])
        #expect(loaded.problems.count == 3)
        #expect(loaded.problems.map(\.location.path.isEmpty) == [false, false, false])
        if case .unreadable(let path, _) = loaded.problems.last {
            #expect(path.hasSuffix("missing.strings"))
        } else {
            Issue.record("the missing file is not reported as unreadable")
        }
        for problem in loaded.problems {
            #expect(
                problem.errorDescription != nil && problem.failureReason != nil && problem.recoverySuggestion != nil)
        }
    }

    @Test("A .strings file outside any .lproj is in the development language")
    func developmentLanguage() throws {
        let fixture = try CatalogFixture()
        try fixture.write("Resources/Localizable.strings", "\"a\" = \"A\";\n")
        let loaded = fixture.load(["Resources/Localizable.strings"], developmentLanguage: "fr")
        #expect(loaded.catalogs.entry(key: "a")?.localizations["fr"] != nil)
        #expect(CatalogFormat.fileExtensions == ["strings", "stringsdict", "xcstrings"])
        #expect(CatalogFormat(path: "a.lproj/b.stringsdict") == .stringsdict)
        #expect(CatalogFormat(path: "x.strings/readme") == nil)
    }

    @Test("Display text per language: plain value, plural other form, device default, source fallback")
    func displayTexts() throws {
        let fixture = try CatalogFixture()
        let device = #"""
            { "variations" : { "device" : { "iphone" : \#(unit("Tippen")), "other" : \#(unit("Klicken")) } } }
            """#
        try fixture.write(
            "Localizable.xcstrings",
            xcstrings(
                [
                    entry("Tap", [("de", device), ("fr", unit("Touchez"))]),
                    entry("%lld files", [("de", plural([("one", "%lld Datei"), ("other", "%lld Dateien")]))]),
                ].joined(separator: ",\n")))
        let catalogs = fixture.load(["Localizable.xcstrings"]).catalogs
        #expect(catalogs.displayTexts(key: "Tap") == ["en": "Tap", "de": "Klicken", "fr": "Touchez"])
        #expect(catalogs.displayText(key: "%lld files", language: "de") == "%lld Dateien")
        #expect(catalogs.displayText(key: "%lld files", language: "fr") == nil)
        #expect(catalogs.displayText(key: "login", language: "en", defaultValue: "Log in") == "Log in")
        #expect(catalogs.displayTexts(key: "Tap", languages: ["de"]) == ["de": "Klicken"])
    }

    @Test("Many files of every format read in parallel give the same catalogs as one by one")
    func parallel() throws {
        let fixture = try CatalogFixture()
        var paths: [String] = []
        for index in 0..<24 {
            let language = "l\(index)"
            try fixture.write("\(language).lproj/T.strings", "\"k\(index)\" = \"v\";\n\"shared\" = \"\(index)\";\n")
            try fixture.write(
                "\(language).lproj/T.stringsdict",
                "<plist version=\"1.0\"><dict><key>p\(index)</key><dict><key>NSStringLocalizedFormatKey</key>"
                    + "<string>%#@n@</string></dict></dict></plist>")
            try fixture.write("X\(index).xcstrings", xcstrings(entry("x", [(language, unit("X"))])))
            paths += ["\(language).lproj/T.strings", "\(language).lproj/T.stringsdict", "X\(index).xcstrings"]
        }
        let together = fixture.load(paths)
        #expect(together.problems.isEmpty)
        #expect(together.catalogs.tables["T"]?.entries.count == 1 + 24 * 2)
        #expect(together.catalogs.tables.count == 25)
        var oneByOne = CatalogSet(developmentLanguage: "en")
        for path in paths {
            for (name, table) in fixture.load([path]).catalogs.tables {
                oneByOne.tables[name, default: CatalogTable(name: name, sourceLanguage: table.sourceLanguage)]
                    .languages.formUnion(table.languages)
            }
        }
        #expect(together.catalogs.languages == oneByOne.languages)
    }
}
