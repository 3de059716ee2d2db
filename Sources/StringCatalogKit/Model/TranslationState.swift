/// The `state` of an xcstrings string unit. Unknown values are kept as they are written.
public struct TranslationState: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// Added by extraction, not yet translated.
    public static let new = TranslationState(rawValue: "new")
    /// Translated and accepted.
    public static let translated = TranslationState(rawValue: "translated")
    /// Translated, but the source changed or a reviewer flagged it.
    public static let needsReview = TranslationState(rawValue: "needs_review")
    /// The key is no longer found in the source code.
    public static let stale = TranslationState(rawValue: "stale")

    public var description: String { rawValue }
}
