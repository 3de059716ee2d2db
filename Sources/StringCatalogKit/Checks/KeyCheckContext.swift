import PreflightCore

/// What every check of one used key needs: the key, its table and entry, and the languages.
public struct KeyCheckContext: Sendable {
    public var usage: KeyUsage
    public var table: CatalogTable
    public var entry: CatalogEntry
    /// The languages a value is required in (the project's languages or `--languages`).
    public var requiredLanguages: [String]

    public init(usage: KeyUsage, table: CatalogTable, entry: CatalogEntry, requiredLanguages: [String]) {
        self.usage = usage
        self.table = table
        self.entry = entry
        self.requiredLanguages = requiredLanguages
    }

    public var sourceLanguage: String { table.sourceLanguage }

    /// `true` when the key comes from an xcstrings catalog: there the source language needs no
    /// unit (the key, or the code's default value, is the text).
    public var isInStringCatalog: Bool {
        entry.localizations.values.contains { $0.format == .xcstrings }
            || entry.locations.contains { CatalogFormat(path: $0.path) == .xcstrings }
    }

    /// The languages whose values are checked: the required ones and the source language, in a
    /// stable order (source first), those the entry has a value in.
    public var checkedLanguages: [String] {
        var languages = [sourceLanguage]
        for language in requiredLanguages.sorted() where language != sourceLanguage { languages.append(language) }
        return languages.filter { entry.localizations[$0] != nil }
    }

    /// Where to report something about the key as a whole.
    public var keyLocation: SourceLocation? { entry.location(preferring: sourceLanguage) }

    func finding(
        _ kind: CatalogFindingKind, at location: SourceLocation?, language: String?, _ message: String
    )
        -> CatalogFinding
    {
        CatalogFinding(
            kind: kind, location: location, key: entry.key, table: table.name, language: language, message: message)
    }
}
