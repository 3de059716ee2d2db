import ErrorLintSettings
import StringCatalogKit

/// A translation that exists but is empty, not yet translated (`new`, `needs_review`) or stale.
struct UntranslatedRule: ErrorLintRule {
    static let description = RuleDescription(
        rule: .untranslated,
        summary: "A translation is empty, new, needs review, or stale",
        triggeringExamples: [
            RuleExample(
                files: CatalogExamples.xcstrings(
                    key: "Your session expired.", english: nil,
                    german: CatalogExamples.unit("Sitzung abgelaufen.", state: "needs_review"))),
            RuleExample(files: CatalogExamples.strings(german: "\"login.expired\" = \"\";")),
        ],
        nonTriggeringExamples: [
            RuleExample(
                files: CatalogExamples.xcstrings(
                    key: "Your session expired.", english: nil, german: CatalogExamples.unit("Sitzung abgelaufen.")))
        ]
    )

    init() {}

    func findings(in context: RuleContext) -> [RuleFinding] {
        context.keyFindings(.untranslated)
    }
}
