import PreflightCore

/// A key defined twice in one `.strings` file: the later definition wins, as in Foundation.
package struct DuplicateKey: Sendable, Hashable {
    package var key: String
    /// The table the file belongs to.
    package var table: String
    /// The language of the file's `.lproj` folder.
    package var language: String
    /// The earlier definition (the one that is ignored).
    package var first: SourceLocation
    /// The later definition (the one that is used).
    package var duplicate: SourceLocation

    package init(key: String, table: String, language: String, first: SourceLocation, duplicate: SourceLocation) {
        self.key = key
        self.table = table
        self.language = language
        self.first = first
        self.duplicate = duplicate
    }
}
