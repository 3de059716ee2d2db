import ErrorLintSettings
import StringCatalogKit

/// With `--whole-catalog --min-translated PERCENT`: a language with less than that share of the
/// keys translated.
struct TranslationCoverageRule: ErrorLintRule {
    static let description = RuleDescription(
        rule: .translationCoverage,
        summary: "With --whole-catalog --min-translated: a language has less of the keys translated than asked",
        triggeringExamples: [
            RuleExample(
                wholeCatalog: CatalogExamples.xcstrings(keys: ["Your session expired.", "Sync paused."]),
                minimumTranslated: 90)
        ],
        nonTriggeringExamples: [
            RuleExample(
                wholeCatalog: CatalogExamples.xcstrings(keys: ["Your session expired.", "Sync paused."]),
                minimumTranslated: 50),
            RuleExample(wholeCatalog: CatalogExamples.xcstrings(keys: ["Your session expired.", "Sync paused."])),
        ]
    )

    init() {}

    func findings(in context: RuleContext) -> [RuleFinding] {
        guard let whole = context.wholeCatalog, let minimum = context.minimumTranslated else { return [] }
        let threshold = minimum == minimum.rounded() ? "\(Int(minimum))%" : "\(minimum)%"
        return whole.coverage.filter { $0.percent < minimum }.map { coverage in
            RuleFinding(
                location: whole.location,
                message:
                    "\(coverage.language) is \(coverage.percentText) translated (\(coverage.translated) of "
                    + "\(coverage.total) keys), below --min-translated \(threshold)")
        }
    }
}
