/// A key as the code uses it.
public struct KeyUsage: Sendable, Hashable {
    public var key: String
    /// The table (`tableName:` / `table:`); `Localizable` by default.
    public var table: String
    /// The code's default value (`value:` / `defaultValue:`), the source text when the catalog has
    /// no source-language value.
    public var defaultValue: String?

    public init(key: String, table: String = "Localizable", defaultValue: String? = nil) {
        self.key = key
        self.table = table
        self.defaultValue = defaultValue
    }
}
