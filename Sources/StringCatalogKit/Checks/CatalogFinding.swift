import PreflightCore

/// What a catalog check found. The raw values are errorlint's rule ids.
public enum CatalogFindingKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The key is absent from its table, or has no value for a language the project ships.
    case missingKey = "missing-key"
    /// A value is empty, in state `new`/`needs_review` (non-source language), or the key is stale.
    case untranslated
    /// A translation's format specifiers differ from the source-language value's, or are invalid.
    case formatMismatch = "format-mismatch"
    /// A plural variation lacks a CLDR category its language requires.
    case pluralCategories = "plural-categories"
    /// A key defined twice in one `.strings` file.
    case duplicateKey = "duplicate-key"
}

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

extension String {
    /// The key quoted for a one-line message, shortened when long and with line breaks escaped.
    var quotedForMessage: String {
        var text = utf8.contains(0x0A) ? replacingAll("\n", with: "\\n") : self
        if text.utf8.count > 60 && text.count > 60 { text = String(text.prefix(57)) + "…" }
        return "\"\(text)\""
    }
}
