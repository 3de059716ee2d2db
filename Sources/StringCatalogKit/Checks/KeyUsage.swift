/// A key as the code uses it.
package struct KeyUsage: Sendable, Hashable {
    var key: String
    /// The table (`tableName:` / `table:`); `Localizable` by default.
    var table: String
    /// The code's default value (`value:` / `defaultValue:`), the source text when the catalog has
    /// no source-language value.
    var defaultValue: String?

    package init(key: String, table: String = "Localizable", defaultValue: String? = nil) {
        self.key = key
        self.table = table
        self.defaultValue = defaultValue
    }
}
