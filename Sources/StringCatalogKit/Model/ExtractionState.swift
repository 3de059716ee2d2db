/// The `extractionState` of an xcstrings key; `nil` on ``CatalogEntry`` means the field is absent
/// (extracted automatically). Unknown values are kept as they are written.
package struct ExtractionState: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    package var rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    /// Added by hand; Xcode never removes it.
    package static let manual = ExtractionState(rawValue: "manual")
    /// No longer found in the source code.
    package static let stale = ExtractionState(rawValue: "stale")
    /// Extracted from a call that gives a default value (the key differs from the text).
    package static let extractedWithValue = ExtractionState(rawValue: "extracted_with_value")
    /// Migrated from `.strings`/`.stringsdict` files.
    package static let migrated = ExtractionState(rawValue: "migrated")

    package var description: String { rawValue }
}
