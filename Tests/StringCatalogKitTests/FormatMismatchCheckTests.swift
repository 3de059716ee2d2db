import Foundation
import Testing

@testable import StringCatalogKit

@Suite("format-mismatch")
struct FormatMismatchCheckTests {
    /// (source value, translation, expected messages after "de value of "k" ")
    @Test(
        "Translations against the source-language value",
        arguments: [
            ("%1$@ sent %2$lld files", "%2$lld Dateien von %1$@", [String]()),
            ("%@ sent %lld files", "%2$lld Dateien von %1$@", []),
            (
                "%@ sent %lld files", "%lld Dateien",
                [
                    "reads argument 1 as %lld (integer) where the en value has %@ (object)",
                    "drops argument 2 (%lld in the en value)",
                ]
            ),
            ("Hello, %@!", "Hallo!", ["drops argument 1 (%@ in the en value)"]),
            ("Hello, %@!", "Hallo, %d!", ["reads argument 1 as %d (integer) where the en value has %@ (object)"]),
            ("%lld items", "%d Elemente", []),
            ("%.1f%% done", "%.2f %% fertig", []),
            ("Plain", "Schlicht %@", ["reads argument 1 (%@) that the en value does not have"]),
            (
                "%@", "%0$@",
                ["%0$@ is invalid: argument positions start at 1", "drops argument 1 (%@ in the en value)"]
            ),
        ])
    func translations(source: String, translation: String, expected: [String]) throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(xcstringsEntries: [
            entry("k", [("en", unit(source)), ("de", unit(translation))])
        ])
        let findings = checker.check(KeyUsage(key: "k")).of(.formatMismatch)
        #expect(findings.map(\.message) == expected.map { #"de value of "k""# + ($0.hasPrefix("%") ? ": " : " ") + $0 })
        #expect(findings.allSatisfy { $0.language == "de" && $0.location?.line == 7 })
    }

    @Test("Without a source value the code's default value is the reference, else the key")
    func reference() throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(xcstringsEntries: [
            entry("Hello %@", [("fr", unit("Bonjour"))]), entry("greeting", [("fr", unit("Bonjour %@"))]),
        ])
        #expect(
            checker.check(KeyUsage(key: "Hello %@")).of(.formatMismatch).map(\.message) == [
                #"fr value of "Hello %@" drops argument 1 (%@ in the key)"#
            ])
        #expect(checker.check(KeyUsage(key: "greeting", defaultValue: "Hello %@")).of(.formatMismatch).isEmpty)
        #expect(
            checker.check(KeyUsage(key: "greeting", defaultValue: "Hello")).of(.formatMismatch).map(\.message) == [
                #"fr value of "greeting" reads argument 1 (%@) that the default value in code does not have"#
            ])
    }

    @Test("An invalid directive in the source value is reported once, for the source language")
    func invalidSource() throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(xcstringsEntries: [entry("k", [("en", unit("%0$@")), ("de", unit("%0$@"))])])
        let findings = checker.check(KeyUsage(key: "k")).of(.formatMismatch)
        #expect(findings.map(\.language) == ["en", "de"])
        #expect(findings.allSatisfy { $0.message.contains("%0$@ is invalid") })
    }

    @Test("Plural forms may leave the number out; a form that reads another class is found")
    func pluralForms() throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(xcstringsEntries: [
            entry(
                "%lld files",
                [
                    ("en", plural([("one", "One file"), ("other", "%lld files")])),
                    ("de", plural([("one", "Eine Datei"), ("other", "%lld Dateien")])),
                    ("fr", plural([("one", "%lld fichier"), ("other", "%@ fichiers")])),
                ])
        ])
        let findings = checker.check(KeyUsage(key: "%lld files")).of(.formatMismatch)
        #expect(
            findings.map(\.message) == [
                #"fr value of "%lld files": argument 1 is read as %lld (integer) and as %@ (object)"#
            ])
    }

    static let substitutions = #"""
        { "stringUnit" : { "state" : "translated", "value" : "%VALUE%" },
          "substitutions" : { "count" : { "argNum" : 1, "formatSpecifier" : "%SPEC%",
            "variations" : { "plural" : { "one" : \#(unit("%arg thing")), "other" : \#(unit("%arg things")) } } } } }
        """#

    static func substituted(_ value: String, _ specifier: String = "lld") -> String {
        substitutions.replacingOccurrences(of: "%VALUE%", with: value).replacingOccurrences(
            of: "%SPEC%", with: specifier)
    }

    @Test("%#@name@ expands through xcstrings substitutions (argNum, formatSpecifier)")
    func xcstringsSubstitutions() throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(xcstringsEntries: [
            entry(
                "things",
                [
                    ("en", Self.substituted("%#@count@ in %@")), ("de", Self.substituted("%2$@: %#@count@")),
                    ("fr", Self.substituted("%#@count@ dans %@", "@")), ("it", Self.substituted("%#@count@")),
                ])
        ])
        let findings = checker.check(KeyUsage(key: "things")).of(.formatMismatch)
        #expect(
            findings.map(\.message) == [
                #"fr value of "things" reads argument 1 as %#@count@ (object) where the en value has %#@count@ (integer)"#,
                #"it value of "things" drops argument 2 (%@ in the en value)"#,
            ])
    }

    @Test(".stringsdict variables give the argument's type; positional directives reordered are fine")
    func stringsdictVariables() throws {
        func stringsdict(_ format: String, _ type: String) -> String {
            """
            <plist version="1.0"><dict><key>k</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>\(format)</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>\(type)</string>
            <key>one</key><string>%\(type) x</string><key>other</key><string>%\(type) xs</string></dict>
            </dict></dict></plist>
            """
        }
        let fixture = try CatalogFixture()
        try fixture.write("en.lproj/Localizable.stringsdict", stringsdict("%#@n@ in %@", "d"))
        try fixture.write("de.lproj/Localizable.stringsdict", stringsdict("%2$@: %1$#@n@", "ld"))
        try fixture.write("fr.lproj/Localizable.stringsdict", stringsdict("%#@n@ dans %@", "@"))
        let loaded = fixture.load(["en", "de", "fr"].map { "\($0).lproj/Localizable.stringsdict" })
        #expect(loaded.problems.isEmpty)
        let findings = CatalogChecker(catalogs: loaded.catalogs).check(KeyUsage(key: "k")).of(.formatMismatch)
        #expect(
            findings.map(\.message) == [
                #"fr value of "k" reads argument 1 as %#@n@ (object) where the en value has %#@n@ (integer)"#
            ])
        #expect(findings.first?.location?.path.hasSuffix("fr.lproj/Localizable.stringsdict") == true)
    }

    @Test(".strings identifier keys without a source value are not compared; keys with directives are")
    func identifierKeys() throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(files: [
            ("fr.lproj/Localizable.strings", "\"error.network\" = \"Réseau %@\";\n\"Hello %@\" = \"Bonjour\";\n")
        ])
        #expect(checker.check(KeyUsage(key: "error.network")).isEmpty)
        #expect(
            checker.check(KeyUsage(key: "Hello %@")).map(\.message) == [
                #"fr value of "Hello %@" drops argument 1 (%@ in the key)"#
            ])
    }

    @Test("Without a source-language file, the Base.lproj value is the reference (and the display text)")
    func baseReference() throws {
        let fixture = try CatalogFixture()
        let checker = try fixture.checker(files: [
            ("Base.lproj/Localizable.strings", "\"sent\" = \"%@ sent %lld files\";\n"),
            ("de.lproj/Localizable.strings", "\"sent\" = \"%2$lld Dateien von %1$@\";\n"),
            ("fr.lproj/Localizable.strings", "\"sent\" = \"%@ a envoyé des fichiers\";\n"),
        ])
        #expect(
            checker.check(KeyUsage(key: "sent")).map(\.message) == [
                #"fr value of "sent" drops argument 2 (%lld in the Base value)"#
            ])
        #expect(checker.catalogs.displayText(key: "sent", language: "en") == "%@ sent %lld files")
    }
}
