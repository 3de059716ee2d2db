/// A string literal with interpolations, read two ways: the literal parts alone, which tell
/// `"Failed: \(x)"` (words) from `"\(x)"` (none), and the text a reader of a finding recognizes.
struct InterpolatedText: Sendable, Hashable {
    /// The literal parts, escapes resolved, interpolations left out: `Failed: `.
    var literalText: String
    /// The literal parts, escapes resolved, with each interpolation's source text as written
    /// (trimmed): `Failed: \(error.localizedDescription)`, `\(count, specifier: "%d") files`.
    var displayText: String
}
