import PreflightCore

/// One finding about one key.
public struct CatalogFinding: Sendable, Hashable {
    public var kind: CatalogFindingKind
    /// The catalog file and line of the key or unit concerned; `nil` when the key is in no catalog
    /// (report it at the code that uses the key).
    public var location: SourceLocation?
    public var key: String
    public var table: String
    /// The language concerned, when one is.
    public var language: String?
    /// One line, without the rule id.
    public var message: String

    public init(
        kind: CatalogFindingKind, location: SourceLocation?, key: String, table: String, language: String?,
        message: String
    ) {
        self.kind = kind
        self.location = location
        self.key = key
        self.table = table
        self.language = language
        self.message = message
    }
}
