import PreflightCore

/// A key defined twice in one `.strings` file: the later definition wins, as in Foundation.
public struct DuplicateKey: Sendable, Hashable {
    public var key: String
    /// The table the file belongs to.
    public var table: String
    /// The language of the file's `.lproj` folder.
    public var language: String
    /// The earlier definition (the one that is ignored).
    public var first: SourceLocation
    /// The later definition (the one that is used).
    public var duplicate: SourceLocation

    public init(key: String, table: String, language: String, first: SourceLocation, duplicate: SourceLocation) {
        self.key = key
        self.table = table
        self.language = language
        self.first = first
        self.duplicate = duplicate
    }
}
