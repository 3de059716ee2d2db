import ErrorLintSettings
import StringCatalogKit

/// A plural variation that lacks a CLDR category its language needs (Polish and Russian need
/// `few` and `many`, Arabic all six).
struct PluralCategoriesRule: ErrorLintRule {
    static let description = RuleDescription(
        rule: .pluralCategories,
        summary: "A plural variation lacks a category the language requires (CLDR)",
        triggeringExamples: [
            RuleExample(
                files: [
                    "Sources/App/Errors.swift": """
                    struct QuotaError: LocalizedError {
                        var errorDescription: String? { String(localized: "quota.files") }
                    }
                    """,
                    "Sources/App/Resources/Localizable.xcstrings": """
                    { "sourceLanguage" : "en", "version" : "1.0", "strings" : { "quota.files" : { "localizations" : {
                      "en" : { "variations" : { "plural" : {
                        "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file over quota" } },
                        "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files over quota" } } } } },
                      "pl" : { "variations" : { "plural" : {
                        "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld plik" } },
                        "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld pliku" } } } } }
                    } } } }
                    """,
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                files: [
                    "Sources/App/Errors.swift": """
                    struct QuotaError: LocalizedError {
                        var errorDescription: String? { String(localized: "quota.files") }
                    }
                    """,
                    "Sources/App/Resources/Localizable.xcstrings": """
                    { "sourceLanguage" : "en", "version" : "1.0", "strings" : { "quota.files" : { "localizations" : {
                      "en" : { "variations" : { "plural" : {
                        "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file over quota" } },
                        "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files over quota" } } } } },
                      "ja" : { "variations" : { "plural" : {
                        "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld 個のファイル" } } } } }
                    } } } }
                    """,
                ])
        ]
    )

    init() {}

    func findings(in context: RuleContext) -> [RuleFinding] {
        context.keyFindings(.pluralCategories)
    }
}
