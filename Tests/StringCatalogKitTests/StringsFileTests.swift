import Foundation
import Testing

@testable import PreflightCore
@testable import StringCatalogKit

@Suite("Reading .strings files")
struct StringsFileTests {
    static let sample = """
        /* Title of the login screen */
        "login.title" = "Sign in";
        // a line comment
        "greeting" = "Hello, %@!";   /* trailing comment */
        "OK";
        unquoted = value.with-dots_1;
        'single' = 'quotes';
        "multi
        line" = "spans lines";
        "after" = "multi";
        """

    @Test("Pairs, comments, \"key\"; and unquoted words, each key with its line and column")
    func basics() throws {
        let fixture = try CatalogFixture()
        let loaded = try fixture.loadOne("en.lproj/Localizable.strings", Self.sample)
        #expect(loaded.problems.isEmpty)
        #expect(loaded.value("login.title", language: "en") == "Sign in")
        #expect(loaded.value("greeting", language: "en") == "Hello, %@!")
        #expect(loaded.value("OK", language: "en") == "OK")
        #expect(loaded.value("unquoted", language: "en") == "value.with-dots_1")
        #expect(loaded.value("single", language: "en") == "quotes")
        #expect(loaded.value("multi\nline", language: "en") == "spans lines")
        let lines = [
            "login.title": 2, "greeting": 4, "OK": 5, "unquoted": 6, "single": 7, "multi\nline": 8, "after": 10,
        ]
        for (key, line) in lines {
            #expect(loaded.catalogs.entry(key: key)?.locations.first?.line == line, "\(key)")
            #expect(loaded.catalogs.entry(key: key)?.locations.first?.column == 1, "\(key)")
        }
        #expect(loaded.catalogs.tables["Localizable"]?.languages == ["en"])
    }

    @Test(
        "Escapes",
        arguments: [
            (#""k" = "say \"hi\"";"#, "say \"hi\""),
            (#""k" = "back\\slash";"#, "back\\slash"),
            (#""k" = "a\nb\tc\rd";"#, "a\nb\tc\rd"),
            (#""k" = "\U00e9t\u00E9";"#, "été"),
            (#""k" = "\UD83D\UDE00";"#, "😀"),
            (#""k" = "\101\102";"#, "AB"),
            (#""k" = "it\'s";"#, "it's"),
            (#""k" = "100%";"#, "100%"),
        ])
    func escapes(source: String, expected: String) throws {
        let fixture = try CatalogFixture()
        let loaded = try fixture.loadOne("en.lproj/Localizable.strings", source)
        #expect(loaded.problems.isEmpty)
        #expect(loaded.value("k", language: "en") == expected)
    }

    @Test("UTF-16 little and big endian with a byte order mark, and without one; UTF-8 with a mark")
    func encodings() throws {
        let fixture = try CatalogFixture()
        let text = "/* c */\n\"key\" = \"Grüße 😀\";\n\"second\" = \"zwei\";\n"
        try fixture.write("le.lproj/Localizable.strings", bytes: utf16Bytes(text, bigEndian: false))
        try fixture.write("be.lproj/Localizable.strings", bytes: utf16Bytes(text, bigEndian: true))
        try fixture.write("nole.lproj/Localizable.strings", bytes: utf16Bytes(text, bigEndian: false, mark: false))
        try fixture.write("nobe.lproj/Localizable.strings", bytes: utf16Bytes(text, bigEndian: true, mark: false))
        try fixture.write("bom.lproj/Localizable.strings", bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
        let languages = ["le", "be", "nole", "nobe", "bom"]
        let loaded = fixture.load(languages.map { "\($0).lproj/Localizable.strings" })
        #expect(loaded.problems.isEmpty)
        for language in languages {
            #expect(loaded.value("key", language: language) == "Grüße 😀", "\(language)")
            #expect(
                loaded.catalogs.entry(key: "second")?.localizations[language]?.location.line == 3, "\(language)")
        }
    }

    @Test("Invalid UTF-8 and odd-length UTF-16 are reported as undecodable")
    func undecodable() throws {
        let fixture = try CatalogFixture()
        try fixture.write("en.lproj/A.strings", bytes: Array(#""k" = ""#.utf8) + [0xC3, 0x28] + Array(#"";"#.utf8))
        try fixture.write("en.lproj/B.strings", bytes: [0xFF, 0xFE, 0x22])
        let loaded = fixture.load(["en.lproj/A.strings", "en.lproj/B.strings"])
        #expect(loaded.problems.count == 2)
        #expect(loaded.problems.allSatisfy { if case .undecodable = $0 { true } else { false } })
    }

    @Test(
        "Syntax errors reject the file with line, column and message",
        arguments: [
            ("\"a\" = \"1\";\n\"b\" = \"2\"\n\"c\" = \"3\";\n", 2, 10, "missing ';' after the value of key \"b\""),
            ("\"a\" = \"1\";\n\"b\" = ;\n", 2, 7, "expected a quoted value"),
            ("\"a\" = \"1\";\n\"b\" \"2\";\n", 2, 5, "expected '=' or ';'"),
            ("\"a\" = \"unterminated;\n", 1, 7, "unterminated string"),
            ("\"a\" = \"1\"; /* open\n", 1, 12, "unterminated comment"),
            ("= \"x\";", 1, 1, "expected a quoted key"),
        ])
    func syntaxErrors(source: String, line: Int, column: Int, message: String) throws {
        let fixture = try CatalogFixture()
        let loaded = try fixture.loadOne("fr.lproj/Localizable.strings", source)
        #expect(loaded.catalogs.tables.isEmpty)
        let problem = try #require(loaded.problems.first)
        guard case .syntax(let location, let text) = problem else {
            Issue.record("not a syntax error: \(problem)")
            return
        }
        #expect(location.path.hasSuffix("fr.lproj/Localizable.strings"))
        #expect(location.line == line)
        #expect(location.column == column)
        #expect(text.contains(message), "\(text)")
        #expect(problem.errorDescription?.contains(":\(line):\(column): catalog syntax error") == true)
        #expect(problem.failureReason != nil && problem.recoverySuggestion != nil)
    }

    @Test("A duplicate key: the later value wins and both lines are recorded")
    func duplicates() throws {
        let fixture = try CatalogFixture()
        let loaded = try fixture.loadOne(
            "de.lproj/Localizable.strings", "\"a\" = \"eins\";\n\"b\" = \"x\";\n\"a\" = \"zwei\";\n\"a\" = \"drei\";\n")
        #expect(loaded.value("a", language: "de") == "drei")
        #expect(loaded.catalogs.entry(key: "a")?.localizations["de"]?.location.line == 4)
        let duplicates = loaded.catalogs.duplicateKeys
        #expect(duplicates.map(\.first.line) == [1, 3])
        #expect(duplicates.map(\.duplicate.line) == [3, 4])
        #expect(duplicates.allSatisfy { $0.key == "a" && $0.language == "de" && $0.table == "Localizable" })
    }

    @Test("An empty file or one with only comments is an empty table")
    func emptyFile() throws {
        let fixture = try CatalogFixture()
        let loaded = try fixture.loadOne("en.lproj/Empty.strings", "/* nothing */\n// here\n")
        #expect(loaded.problems.isEmpty)
        #expect(loaded.catalogs.tables["Empty"]?.entries.isEmpty == true)
    }

    @Test("XML and binary property list .strings files are read; keys of an XML one keep their lines")
    func propertyLists() throws {
        let fixture = try CatalogFixture()
        try fixture.write(
            "en.lproj/Xml.strings",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>title</key>
                <string>Title &amp; more</string>
            </dict>
            </plist>
            """)
        let binary = try PropertyListSerialization.data(
            fromPropertyList: ["a": "A", "b": "B"], format: .binary, options: 0)
        try fixture.write("en.lproj/Binary.strings", bytes: [UInt8](binary))
        let loaded = fixture.load(["en.lproj/Xml.strings", "en.lproj/Binary.strings"])
        #expect(loaded.problems.isEmpty)
        #expect(loaded.value("title", table: "Xml", language: "en") == "Title & more")
        #expect(loaded.catalogs.entry(key: "title", table: "Xml")?.locations.first?.line == 4)
        #expect(loaded.value("b", table: "Binary", language: "en") == "B")
    }
}
