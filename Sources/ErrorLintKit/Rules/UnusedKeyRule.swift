import ErrorLintSettings
import StringCatalogKit

/// With `--whole-catalog`: a key of the catalogs no code refers to.
struct UnusedKeyRule: ErrorLintRule {
    static let description = RuleDescription(
        rule: .unusedKey,
        summary: "With --whole-catalog: a catalog key no code refers to (a key a run-time built key "
            + "may be is not reported)",
        triggeringExamples: [
            RuleExample(wholeCatalog: CatalogExamples.xcstrings(keys: ["Your session expired.", "Sync paused."]))
        ],
        nonTriggeringExamples: [
            RuleExample(wholeCatalog: CatalogExamples.xcstrings(keys: ["Your session expired."])),
            // Built at run time: possibly used, never reported.
            RuleExample(
                wholeCatalog: CatalogExamples.xcstrings(
                    keys: ["Your session expired.", "sync.paused"],
                    swift: "let text = NSLocalizedString(\"sync.\\(state)\", comment: \"\")")),
            // Without --whole-catalog only the keys error types use are read.
            RuleExample(files: CatalogExamples.xcstrings(keys: ["Your session expired.", "Sync paused."])),
        ]
    )

    init() {}

    func findings(in context: RuleContext) -> [RuleFinding] {
        (context.wholeCatalog?.unused ?? []).compactMap { finding in
            finding.location.map { RuleFinding(location: $0, message: finding.message) }
        }
    }
}
