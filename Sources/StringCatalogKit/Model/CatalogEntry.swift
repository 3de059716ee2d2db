import PreflightCore

/// One key of one table, with its value in every language that has one.
package struct CatalogEntry: Sendable, Hashable {
    var key: String
    /// The table name (the file name without its extension).
    var table: String
    /// The xcstrings `comment` (for translators).
    var comment: String?
    /// The xcstrings `extractionState`; `nil` when absent.
    var extractionState: ExtractionState?
    /// The xcstrings `shouldTranslate`; `false` means no language needs a translation.
    var shouldTranslate: Bool = true
    /// Values by language tag.
    var localizations: [String: CatalogLocalization] = [:]
    /// Every place the key is defined (one per file), in load order.
    var locations: [SourceLocation] = []

    /// Where to point at the key: its line in the given language's file when it has one (the
    /// source language, usually), else its first definition.
    func location(preferring language: String?) -> SourceLocation? {
        if let language, let localization = localizations[language], localization.format != .xcstrings {
            return localization.location
        }
        return locations.first
    }
}
