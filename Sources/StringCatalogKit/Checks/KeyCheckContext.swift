import PreflightCore

/// What every check of one used key needs: the key, its table and entry, and the languages.
struct KeyCheckContext: Sendable {
    let usage: KeyUsage
    let table: CatalogTable
    let entry: CatalogEntry
    /// The languages a value is required in (the project's languages or `--languages`).
    let requiredLanguages: [String]

    /// `true` when the key comes from an xcstrings catalog: there the source language needs no
    /// unit (the key, or the code's default value, is the text).
    let isInStringCatalog: Bool
    /// The languages whose values are checked: the source language, `Base`, and the required ones,
    /// in that order (the required ones sorted), those the entry has a value in.
    let checkedLanguages: [String]

    init(usage: KeyUsage, table: CatalogTable, entry: CatalogEntry, requiredLanguages: [String]) {
        self.usage = usage
        self.table = table
        self.entry = entry
        self.requiredLanguages = requiredLanguages
        isInStringCatalog =
            entry.localizations.values.contains { $0.format == .xcstrings }
            || entry.locations.contains { $0.path.hasSuffix(".xcstrings") }
        var languages = [table.sourceLanguage, CatalogSet.baseLanguage]
        for language in requiredLanguages.sorted() where !languages.contains(language) { languages.append(language) }
        checkedLanguages = languages.filter { entry.localizations[$0] != nil }
        let base = entry.localizations[CatalogSet.baseLanguage]
        sourceLocalization = [entry.localizations[table.sourceLanguage], base].lazy.compactMap { $0 }.first {
            $0.content != nil
        }
    }

    /// The value in the source language, else the `Base.lproj` one (what a user of the development
    /// language sees when no `<source>.lproj` has the key); `nil` when neither has text.
    let sourceLocalization: CatalogLocalization?

    var sourceLanguage: String { table.sourceLanguage }

    /// Where to report something about the key as a whole.
    var keyLocation: SourceLocation? { entry.location(preferring: sourceLanguage) }

    func finding(
        _ kind: CatalogFindingKind, at location: SourceLocation?, language: String?, _ message: String
    )
        -> CatalogFinding
    {
        CatalogFinding(
            kind: kind, location: location, key: entry.key, table: table.name, language: language, message: message)
    }
}
