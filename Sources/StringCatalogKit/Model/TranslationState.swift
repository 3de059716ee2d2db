/// The `state` of an xcstrings string unit. Unknown values are kept as they are written.
package struct TranslationState: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    package var rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    /// Added by extraction, not yet translated.
    package static let new = TranslationState(rawValue: "new")
    /// Translated and accepted.
    package static let translated = TranslationState(rawValue: "translated")
    /// Translated, but the source changed or a reviewer flagged it.
    package static let needsReview = TranslationState(rawValue: "needs_review")
    /// The key is no longer found in the source code.
    package static let stale = TranslationState(rawValue: "stale")

    package var description: String { rawValue }
}
