import PreflightCore

/// One `.strings` file as parsed: its pairs in file order (a duplicate key keeps its later value
/// and line) and the duplicates.
struct StringsFile: Sendable {
    struct Entry: Sendable, Hashable {
        var key: String
        var value: String
        /// The key's first character.
        var location: SourceLocation
    }

    var entries: [Entry]
    /// (earlier, later) definitions of the same key.
    var duplicates: [(key: String, first: SourceLocation, duplicate: SourceLocation)]
}
