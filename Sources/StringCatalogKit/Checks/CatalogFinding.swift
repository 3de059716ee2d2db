import PreflightCore

/// One finding about one key.
package struct CatalogFinding: Sendable, Hashable {
    package var kind: CatalogFindingKind
    /// The catalog file and line of the key or unit concerned; `nil` when the key is in no catalog
    /// (report it at the code that uses the key).
    package var location: SourceLocation?
    var key: String
    var table: String
    /// The language concerned, when one is.
    var language: String?
    /// One line, without the rule id.
    package var message: String
}
