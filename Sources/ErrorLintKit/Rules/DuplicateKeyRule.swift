import ErrorLintSettings
import StringCatalogKit

/// A key defined twice in one `.strings` file: the later value silently wins.
struct DuplicateKeyRule: ErrorLintRule {
    static let description = RuleDescription(
        rule: .duplicateKey,
        summary: "A key defined twice in one .strings file (the later value silently wins)",
        triggeringExamples: [
            RuleExample(files: [
                "Sources/App/Resources/en.lproj/Localizable.strings": """
                "login.expired" = "Your session expired.";
                "login.expired" = "Session expired.";
                """
            ])
        ],
        nonTriggeringExamples: [
            RuleExample(files: CatalogExamples.strings(german: "\"login.expired\" = \"Sitzung abgelaufen.\";"))
        ]
    )

    init() {}

    func findings(in context: RuleContext) -> [RuleFinding] {
        (context.catalogs?.duplicateKeyFindings() ?? []).compactMap { finding in
            finding.location.map { RuleFinding(location: $0, message: finding.message) }
        }
    }
}
