/// The `extractionState` of an xcstrings key; `nil` on ``CatalogEntry`` means the field is absent
/// (extracted automatically). Unknown values are kept as they are written.
public struct ExtractionState: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// Added by hand; Xcode never removes it.
    public static let manual = ExtractionState(rawValue: "manual")
    /// No longer found in the source code.
    public static let stale = ExtractionState(rawValue: "stale")
    /// Extracted from a call that gives a default value (the key differs from the text).
    public static let extractedWithValue = ExtractionState(rawValue: "extracted_with_value")
    /// Migrated from `.strings`/`.stringsdict` files.
    public static let migrated = ExtractionState(rawValue: "migrated")

    public var description: String { rawValue }
}
