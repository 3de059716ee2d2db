import Foundation
import Testing

@testable import PreflightCore
@testable import StringCatalogKit

@Suite("Reading .xcstrings catalogs")
struct XCStringsTests {
    static let catalog = xcstrings(
        """
            "" : {

            },
            "Hello %@" : {
              "comment" : "Greeting",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Hallo %@"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "needs_review",
                    "value" : "Bonjour %@"
                  }
                }
              }
            },
            "login.failed" : {
              "extractionState" : "extracted_with_value",
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "new",
                    "value" : "Login failed"
                  }
                }
              }
            },
            "%lld files" : {
              "localizations" : {
                "en" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } }
                    }
                  }
                },
                "de" : {
                  "variations" : {
                    "device" : {
                      "iphone" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien (iPhone)" } },
                      "other" : {
                        "variations" : {
                          "plural" : {
                            "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Datei" } },
                            "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } }
                          }
                        }
                      }
                    }
                  }
                }
              }
            },
            "apples" : {
              "extractionState" : "manual",
              "localizations" : {
                "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@count@ in %@" },
                  "substitutions" : {
                    "count" : {
                      "argNum" : 1,
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg apple" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg apples" } }
                        }
                      }
                    }
                  }
                }
              }
            },
            "Brand\\u00e9 \\"X\\"" : {
              "shouldTranslate" : false,
              "extractionState" : "some_future_state"
            }
        """, version: "1.1")

    @Test("Source language, {} entries, comments, states, extraction states, shouldTranslate, escaped keys")
    func entries() throws {
        let fixture = try CatalogFixture()
        let loaded = try fixture.loadOne("Resources/Localizable.xcstrings", Self.catalog)
        #expect(loaded.problems.isEmpty)
        let table = try #require(loaded.catalogs.tables["Localizable"])
        #expect(table.sourceLanguage == "en")
        #expect(table.languages == ["en", "de", "fr"])
        #expect(table.entries.count == 6)
        #expect(table[""]?.localizations.isEmpty == true)
        let hello = try #require(table["Hello %@"])
        #expect(hello.comment == "Greeting")
        #expect(hello.extractionState == nil)
        #expect(hello.locations.first?.line == 7)
        #expect(hello.localizations["fr"]?.location.line == 16)
        #expect(hello.localizations["fr"]?.content?.units.first?.state == .needsReview)
        #expect(hello.localizations["fr"]?.content?.units.first?.location.line == 17)
        #expect(table["login.failed"]?.extractionState == .extractedWithValue)
        #expect(table["login.failed"]?.localizations["en"]?.content?.units.first?.state == .new)
        let brand = try #require(table["Brandé \"X\""])
        #expect(!brand.shouldTranslate)
        #expect(brand.extractionState?.rawValue == "some_future_state")
        #expect(table["apples"]?.extractionState == .manual)
    }

    @Test("Plural and device variations, nested; substitutions with argNum and formatSpecifier")
    func variations() throws {
        let fixture = try CatalogFixture()
        let loaded = try fixture.loadOne("Localizable.xcstrings", Self.catalog)
        let files = try #require(loaded.catalogs.entry(key: "%lld files"))
        guard case .variations(let plural) = files.localizations["en"]?.content else {
            Issue.record("no en variations")
            return
        }
        #expect(plural.kind == .plural)
        #expect(plural.categories == ["one", "other"])
        let german = try #require(files.localizations["de"])
        #expect(german.allVariations.map(\.kind) == [.device, .plural])
        #expect(german.units.map(\.value) == ["%lld Dateien (iPhone)", "%lld Datei", "%lld Dateien"])
        #expect(german.displayText == "%lld Dateien")

        let apples = try #require(loaded.catalogs.entry(key: "apples")?.localizations["en"])
        let count = try #require(apples.substitution("count"))
        #expect(count.argumentNumber == 1)
        #expect(count.formatSpecifier == "lld")
        #expect(count.variations?.categories == ["one", "other"])
        #expect(apples.displayText == "%lld apples in %@")
        #expect(apples.units.count == 3)
    }

    @Test("Version 1.0 and 1.3 read alike")
    func versions() throws {
        let fixture = try CatalogFixture()
        for version in ["1.0", "1.3"] {
            let text = xcstrings(
                #""a" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "A" } } } }"#,
                version: version)
            let loaded = try fixture.loadOne("V\(version).xcstrings", text)
            #expect(loaded.problems.isEmpty)
            #expect(loaded.value("a", table: "V\(version)", language: "de") == "A")
        }
    }

    @Test(
        "Broken JSON is a syntax problem with line and column",
        arguments: [
            (
                "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : { }\n    \"b\" : { }\n  }\n}\n", 5,
                5, "expected ',' or '}'"
            ),
            (
                "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : { },\n  }\n}\n", 5, 3,
                "expected a quoted key"
            ),
            ("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n", 4, 1, "end of file"),
            ("{ \"sourceLanguage\" : \"en\", \"strings\" : { \"a\\q\" : {} } }", 1, 44, "invalid escape"),
            ("{ \"sourceLanguage\" : \"en\", \"strings\" : {} } x", 1, 45, "after the end"),
            ("{ \"sourceLanguage\" : tru }", 1, 22, "expected a value"),
        ])
    func brokenJSON(text: String, line: Int, column: Int, message: String) throws {
        let fixture = try CatalogFixture()
        let loaded = try fixture.loadOne("Broken.xcstrings", text)
        #expect(loaded.catalogs.tables.isEmpty)
        let problem = try #require(loaded.problems.first)
        guard case .syntax(let location, let text) = problem else {
            Issue.record("not a syntax error: \(problem)")
            return
        }
        #expect(location.line == line)
        #expect(location.column == column)
        #expect(text.contains(message), "\(text)")
    }

    @Test("JSON that is not a catalog is reported")
    func notACatalog() throws {
        let fixture = try CatalogFixture()
        try fixture.write("A.xcstrings", "[]")
        try fixture.write("B.xcstrings", #"{"strings": {}}"#)
        try fixture.write("C.xcstrings", #"{"sourceLanguage": "en"}"#)
        let loaded = fixture.load(["A.xcstrings", "B.xcstrings", "C.xcstrings"])
        #expect(loaded.problems.count == 3)
        #expect(loaded.problems.allSatisfy { if case .invalidStructure = $0 { true } else { false } })
    }

    @Test("JSON escapes and surrogate pairs in keys and values")
    func jsonEscapes() throws {
        let fixture = try CatalogFixture()
        let text = xcstrings(
            #""tab\tline\nquote\"slash\/\u00e9\ud83d\ude00" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "\u0041\\" } } } }"#
        )
        let loaded = try fixture.loadOne("E.xcstrings", text)
        #expect(loaded.problems.isEmpty)
        #expect(loaded.value("tab\tline\nquote\"slash/é😀", table: "E", language: "de") == "A\\")
    }

    @Test("A stringSet (App Shortcuts phrases) becomes ordered forms with the set's state")
    func stringSet() throws {
        let fixture = try CatalogFixture()
        let text = xcstrings(
            #""Open ${applicationName}" : { "localizations" : { "de" : { "stringSet" : { "state" : "new", "values" : [ "Öffne ${applicationName}", "Starte ${applicationName}" ] } } } }"#
        )
        let loaded = try fixture.loadOne("AppShortcuts.xcstrings", text)
        #expect(loaded.problems.isEmpty)
        let german = loaded.catalogs.entry(key: "Open ${applicationName}", table: "AppShortcuts")?.localizations["de"]
        #expect(german?.allVariations.map(\.kind) == [.stringSet])
        #expect(german?.units.map(\.value) == ["Öffne ${applicationName}", "Starte ${applicationName}"])
        #expect(german?.units.allSatisfy { $0.state == .new } == true)
    }

    @Test("Nesting deeper than 512 levels is refused, not a stack overflow")
    func deepNesting() throws {
        let fixture = try CatalogFixture()
        let loaded = try fixture.loadOne("Deep.xcstrings", String(repeating: "[", count: 100_000))
        guard case .syntax(let location, let message) = loaded.problems.first else {
            Issue.record("no syntax problem")
            return
        }
        #expect(location.column == 513)
        #expect(message.contains("nested deeper than 512"))
    }
}
