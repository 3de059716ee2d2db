/// The `extractionState` of an xcstrings key; `nil` on ``CatalogEntry`` means the field is absent
/// (extracted automatically). Unknown values are kept as they are written.
struct ExtractionState: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    var rawValue: String

    init(rawValue: String) { self.rawValue = rawValue }

    /// Added by hand; Xcode never removes it.
    static let manual = ExtractionState(rawValue: "manual")
    /// No longer found in the source code.
    static let stale = ExtractionState(rawValue: "stale")
    /// Extracted from a call that gives a default value (the key differs from the text).
    static let extractedWithValue = ExtractionState(rawValue: "extracted_with_value")
    /// Migrated from `.strings`/`.stringsdict` files.
    static let migrated = ExtractionState(rawValue: "migrated")

    var description: String { rawValue }
}
