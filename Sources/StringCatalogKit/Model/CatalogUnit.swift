import PreflightCore

/// One piece of translated text and its state.
struct CatalogUnit: Sendable, Hashable {
    /// The text (a format string when the code passes arguments).
    var value: String
    /// The xcstrings `state`; `nil` for `.strings`/`.stringsdict` values, which have none.
    var state: TranslationState?
    /// Where the value is written (the line of `stringUnit` in xcstrings, of the key or `<string>`
    /// elsewhere).
    var location: SourceLocation
}
