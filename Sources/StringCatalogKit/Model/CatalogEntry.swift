import PreflightCore

/// One key of one table, with its value in every language that has one.
public struct CatalogEntry: Sendable, Hashable {
    public var key: String
    /// The table name (the file name without its extension).
    public var table: String
    /// The xcstrings `comment` (for translators).
    public var comment: String?
    /// The xcstrings `extractionState`; `nil` when absent.
    public var extractionState: ExtractionState?
    /// The xcstrings `shouldTranslate`; `false` means no language needs a translation.
    public var shouldTranslate: Bool
    /// Values by language tag.
    public var localizations: [String: CatalogLocalization]
    /// Every place the key is defined (one per file), in load order.
    public var locations: [SourceLocation]

    public init(
        key: String, table: String, comment: String? = nil, extractionState: ExtractionState? = nil,
        shouldTranslate: Bool = true, localizations: [String: CatalogLocalization] = [:],
        locations: [SourceLocation] = []
    ) {
        self.key = key
        self.table = table
        self.comment = comment
        self.extractionState = extractionState
        self.shouldTranslate = shouldTranslate
        self.localizations = localizations
        self.locations = locations
    }

    /// Where to point at the key: its line in the given language's file when it has one (the
    /// source language, usually), else its first definition.
    public func location(preferring language: String?) -> SourceLocation? {
        if let language, let localization = localizations[language], localization.format != .xcstrings {
            return localization.location
        }
        return locations.first
    }
}
