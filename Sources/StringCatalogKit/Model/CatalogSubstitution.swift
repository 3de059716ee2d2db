import PreflightCore

/// A `%#@name@` placeholder's definition: an xcstrings `substitutions` entry, or a `.stringsdict`
/// variable.
struct CatalogSubstitution: Sendable, Hashable {
    /// The name between `%#@` and `@`.
    var name: String
    /// The argument it stands for, 1-based (xcstrings `argNum`); `nil` in `.stringsdict`, where the
    /// placeholder takes the argument at its own position.
    var argumentNumber: Int?
    /// The argument's conversion without `%` (`lld`, `d`, `@`): xcstrings `formatSpecifier`,
    /// `.stringsdict` `NSStringFormatValueTypeKey`.
    var formatSpecifier: String?
    /// The forms (plural categories); `nil` when the file gives none.
    var variations: CatalogVariations?
    /// Where it is defined.
    var location: SourceLocation
}
