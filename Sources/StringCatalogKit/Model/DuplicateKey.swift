import PreflightCore

/// A key defined twice in one `.strings` file: the later definition wins, as in Foundation.
struct DuplicateKey: Sendable, Hashable {
    var key: String
    /// The table the file belongs to.
    var table: String
    /// The language of the file's `.lproj` folder.
    var language: String
    /// The earlier definition (the one that is ignored).
    var first: SourceLocation
    /// The later definition (the one that is used).
    var duplicate: SourceLocation
}
