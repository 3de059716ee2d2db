import ErrorLintSettings
import StringCatalogKit

/// A key an error member uses that its table lacks, or lacks in a language the project ships.
struct MissingKeyRule: ErrorLintRule {
    static let description = RuleDescription(
        rule: .missingKey,
        summary: "A key used by an error member is missing from its table or from a shipped language",
        triggeringExamples: [
            RuleExample(files: CatalogExamples.strings(german: "\"login.other\" = \"Andere\";")),
            RuleExample(
                files: [
                    "Sources/App/Errors.swift": """
                    struct SyncError: LocalizedError {
                        var errorDescription: String? { String(localized: "sync.failed", table: "Errors") }
                    }
                    """,
                    "Sources/App/Resources/en.lproj/Localizable.strings": "\"other\" = \"Other\";\n",
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(files: CatalogExamples.strings(german: "\"login.expired\" = \"Sitzung abgelaufen.\";")),
            // The source language needs no unit in a string catalog: the key is the text.
            RuleExample(
                files: CatalogExamples.xcstrings(
                    key: "Your session expired.", english: nil, german: CatalogExamples.unit("Sitzung abgelaufen."))),
        ]
    )

    init() {}

    func findings(in context: RuleContext) -> [RuleFinding] {
        context.keyFindings(.missingKey)
    }
}
