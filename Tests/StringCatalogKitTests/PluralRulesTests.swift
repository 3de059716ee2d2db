import Testing

@testable import StringCatalogKit

@Suite("CLDR plural categories")
struct PluralRulesTests {
    @Test(
        "Required categories by primary subtag",
        arguments: [
            ("en", "one other"), ("en-GB", "one other"), ("de", "one other"), ("nl", "one other"),
            ("sv", "one other"), ("fr", "one other"), ("es-419", "one other"), ("it", "one other"),
            ("pt-BR", "one other"), ("pl", "one few many other"), ("ru", "one few many other"),
            ("uk", "one few many other"), ("cs", "one few other"), ("ar", "zero one two few many other"),
            ("he", "one two other"), ("ja", "other"), ("ko", "other"), ("zh-Hans", "other"), ("zh_Hant_TW", "other"),
            ("tlh", "other"),
        ])
    func required(language: String, expected: String) {
        #expect(PluralRules.requiredCategories(for: language).map(\.rawValue).joined(separator: " ") == expected)
    }

    @Test("All categories include those only fractions or millions use")
    func all() {
        #expect(PluralRules.categories(for: "fr") == [.one, .many, .other])
        #expect(PluralRules.categories(for: "cs") == [.one, .few, .many, .other])
        #expect(PluralRules.categories(for: "xx") == nil)
    }

    @Test("Missing categories, in CLDR order; extra ones are fine")
    func missing() {
        #expect(PluralRules.missingCategories(in: ["one", "other"], language: "pl") == [.few, .many])
        #expect(PluralRules.missingCategories(in: ["other"], language: "ja").isEmpty)
        #expect(PluralRules.missingCategories(in: ["zero", "one", "other"], language: "en").isEmpty)
        #expect(PluralRules.missingCategories(in: ["one"], language: "ja") == [.other])
        #expect(PluralRules.primarySubtag(of: "PT-br") == "pt")
    }
}
