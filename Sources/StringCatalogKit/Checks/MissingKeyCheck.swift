/// `missing-key`: the key has no value in a required language.
///
/// In an xcstrings catalog the source language needs no unit (the key or the code's default value
/// is the text), and `shouldTranslate: false` needs no translation at all. A key absent from every
/// file of its table is ``CatalogChecker``'s business (it has no catalog location).
enum MissingKeyCheck {
    static func findings(_ context: KeyCheckContext) -> [CatalogFinding] {
        let entry = context.entry
        var findings: [CatalogFinding] = []
        for language in context.requiredLanguages.sorted() where entry.localizations[language] == nil {
            let isSource = language == context.sourceLanguage
            if context.isInStringCatalog && (isSource || !entry.shouldTranslate) { continue }
            let file: String
            if context.isInStringCatalog {
                file = "\(context.table.name).xcstrings"
            } else {
                let onlyPlurals = entry.localizations.values.allSatisfy { $0.format == .stringsdict }
                let name = "\(language).lproj/\(context.table.name).\(onlyPlurals ? "stringsdict" : "strings")"
                let exists = context.table.files[language]?.contains { $0.hasSuffix(name) } ?? false
                file = name + (exists ? "" : ", which does not exist")
            }
            findings.append(
                context.finding(
                    .missingKey, at: context.keyLocation, language: language,
                    "key \(entry.key.quotedForMessage) has no \(language) value (in \(file))"))
        }
        return findings
    }
}
