import PreflightCore

/// A `%#@name@` placeholder's definition: an xcstrings `substitutions` entry, or a `.stringsdict`
/// variable.
public struct CatalogSubstitution: Sendable, Hashable {
    /// The name between `%#@` and `@`.
    public var name: String
    /// The argument it stands for, 1-based (xcstrings `argNum`); `nil` in `.stringsdict`, where the
    /// placeholder takes the argument at its own position.
    public var argumentNumber: Int?
    /// The argument's conversion without `%` (`lld`, `d`, `@`): xcstrings `formatSpecifier`,
    /// `.stringsdict` `NSStringFormatValueTypeKey`.
    public var formatSpecifier: String?
    /// The forms (plural categories); `nil` when the file gives none.
    public var variations: CatalogVariations?
    /// Where it is defined.
    public var location: SourceLocation

    public init(
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
