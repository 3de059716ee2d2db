import PreflightCore

/// A `%#@name@` placeholder's definition: an xcstrings `substitutions` entry, or a `.stringsdict`
/// variable.
package struct CatalogSubstitution: Sendable, Hashable {
    /// The name between `%#@` and `@`.
    package var name: String
    /// The argument it stands for, 1-based (xcstrings `argNum`); `nil` in `.stringsdict`, where the
    /// placeholder takes the argument at its own position.
    package var argumentNumber: Int?
    /// The argument's conversion without `%` (`lld`, `d`, `@`): xcstrings `formatSpecifier`,
    /// `.stringsdict` `NSStringFormatValueTypeKey`.
    package var formatSpecifier: String?
    /// The forms (plural categories); `nil` when the file gives none.
    package var variations: CatalogVariations?
    /// Where it is defined.
    package var location: SourceLocation

    package init(
        name: String, argumentNumber: Int? = nil, formatSpecifier: String? = nil, variations: CatalogVariations? = nil,
        location: SourceLocation
    ) {
        self.name = name
        self.argumentNumber = argumentNumber
        self.formatSpecifier = formatSpecifier
        self.variations = variations
        self.location = location
    }
}
