/// The `state` of an xcstrings string unit. Unknown values are kept as they are written.
struct TranslationState: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    var rawValue: String

    init(rawValue: String) { self.rawValue = rawValue }

    /// Added by extraction, not yet translated.
    static let new = TranslationState(rawValue: "new")
    /// Translated and accepted.
    static let translated = TranslationState(rawValue: "translated")
    /// Translated, but the source changed or a reviewer flagged it.
    static let needsReview = TranslationState(rawValue: "needs_review")
    /// The key is no longer found in the source code.
    static let stale = TranslationState(rawValue: "stale")

    var description: String { rawValue }
}
