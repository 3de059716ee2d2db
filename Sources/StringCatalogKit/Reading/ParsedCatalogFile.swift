/// What one file contributed, before files of the same table are merged.
struct ParsedCatalogFile: Sendable {
    var path: String
    var format: CatalogFormat
    var table: String
    /// The xcstrings `sourceLanguage`; `nil` for `.strings`/`.stringsdict`.
    var sourceLanguage: String?
    /// The languages the file holds.
    var languages: Set<String>
    /// Its keys; each entry's localizations hold only this file's languages.
    var entries: [CatalogEntry]
    var duplicates: [DuplicateKey]
}
