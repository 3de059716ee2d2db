/// What a catalog check found. The raw values are errorlint's rule ids.
package enum CatalogFindingKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The key is absent from its table, or has no value for a language the project ships.
    case missingKey = "missing-key"
    /// A value is empty, in state `new`/`needs_review` (non-source language), or the key is stale.
    case untranslated
    /// A translation's format specifiers differ from the source-language value's, or are invalid.
    case formatMismatch = "format-mismatch"
    /// A plural variation lacks a CLDR category its language requires.
    case pluralCategories = "plural-categories"
    /// A key defined twice in one `.strings` file.
    case duplicateKey = "duplicate-key"
    /// A key no code refers to (`--whole-catalog`).
    case unusedKey = "unused-key"
}
