/// One table (`Localizable`, `Errors`, …): every file of that name, every language, merged.
package struct CatalogTable: Sendable, Hashable {
    /// The file name without its extension.
    var name: String
    /// The language the keys are written in: the xcstrings `sourceLanguage`, else the development
    /// language given to the loader.
    var sourceLanguage: String
    /// Entries by key.
    package var entries: [String: CatalogEntry] = [:]
    /// The languages any file of this table has (xcstrings localizations and source language,
    /// `.lproj` folders; `Base` included).
    var languages: Set<String> = []
    /// The files read for this table, by language (an xcstrings file under every language it holds).
    var files: [String: [String]] = [:]

    /// The entry for a key, if the table has it.
    subscript(key: String) -> CatalogEntry? { entries[key] }

    /// `true` when some file of the table is an xcstrings catalog.
    var hasStringCatalog: Bool {
        files.values.contains { $0.contains { CatalogFormat(path: $0) == .xcstrings } }
    }
}
