import Testing

@testable import ErrorLintKit

@Suite struct PluralCategoriesRuleTests {
    static func project(language: String, forms: [String]) throws -> TemporaryProject {
        let variations = forms.map {
            #""\#($0)" : { "stringUnit" : { "state" : "translated", "value" : "%lld x" } }"#
        }.joined(separator: ", ")
        return try TemporaryProject(files: [
            "Sources/App/E.swift": """
            struct E: LocalizedError { var errorDescription: String? { String(localized: "n.items") } }
            """,
            "Sources/App/Localizable.xcstrings": """
            { "sourceLanguage" : "en", "version" : "1.0", "strings" : { "n.items" : { "localizations" : {
              "\(language)" : { "variations" : { "plural" : { \(variations) } } } } } } }
            """,
        ])
    }

    @Test(arguments: ["pl", "ru", "uk"])
    func slavicLanguagesNeedFewAndMany(_ language: String) throws {
        let findings = try Self.project(language: language, forms: ["one", "other"]).lint(rule: "plural-categories")
        #expect(findings.count == 1)
        #expect(findings.first?.contains("few") == true)
    }

    @Test func japaneseNeedsOnlyOther() throws {
        #expect(try Self.project(language: "ja", forms: ["other"]).lint(rule: "plural-categories").isEmpty)
    }

    @Test func arabicNeedsAllSix() throws {
        let all = ["zero", "one", "two", "few", "many", "other"]
        #expect(try Self.project(language: "ar", forms: all).lint(rule: "plural-categories").isEmpty)
        #expect(!(try Self.project(language: "ar", forms: ["one", "other"]).lint(rule: "plural-categories").isEmpty))
    }
}
