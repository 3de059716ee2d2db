import ErrorLintSettings
import StringCatalogKit

/// A translation whose format specifiers differ from the source-language value's, by position.
struct FormatMismatchRule: ErrorLintRule {
    static let description = RuleDescription(
        rule: .formatMismatch,
        summary: "A translation's format specifiers differ from the source language's",
        triggeringExamples: [
            // The translation drops `%@`: the file name never shows, or worse, a crash in C APIs.
            RuleExample(
                files: CatalogExamples.xcstrings(
                    key: "upload.failed", english: CatalogExamples.unit("Could not upload %@ (%lld bytes)."),
                    german: CatalogExamples.unit("Hochladen fehlgeschlagen (%lld Bytes)."))),
            RuleExample(
                files: CatalogExamples.xcstrings(
                    key: "upload.failed", english: CatalogExamples.unit("Could not upload %1$@."),
                    german: CatalogExamples.unit("%0$@ nicht hochgeladen."))),
        ],
        nonTriggeringExamples: [
            // Positional specifiers may be reordered.
            RuleExample(
                files: CatalogExamples.xcstrings(
                    key: "upload.failed", english: CatalogExamples.unit("Could not upload %1$@ to %2$@."),
                    german: CatalogExamples.unit("%2$@: %1$@ nicht hochgeladen.")))
        ]
    )

    init() {}

    func findings(in context: RuleContext) -> [RuleFinding] {
        let used = context.keyFindings(.formatMismatch)
        guard let whole = context.wholeCatalog else { return used }
        // With --whole-catalog every key; a used key's finding keeps the line that says who uses it.
        let reported = Set(used.map(\.location))
        return used
            + whole.formatFindings.compactMap { finding in
                guard let location = finding.location, !reported.contains(location) else { return nil }
                return RuleFinding(location: location, message: finding.message)
            }
    }
}
