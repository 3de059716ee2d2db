/// Every catalog of a project: tables by name, the languages they hold, and what the `.strings`
/// parser noticed. Build one with ``CatalogLoader``.
package struct CatalogSet: Sendable, Hashable {
    /// Tables by name.
    package var tables: [String: CatalogTable] = [:]
    /// Keys defined twice in one `.strings` file.
    var duplicateKeys: [DuplicateKey] = []
    /// The language assumed for `.strings`/`.stringsdict` tables (and files outside a `.lproj`).
    var developmentLanguage: String

    /// The name of the `.lproj` folder that holds the base (development) localization.
    static let baseLanguage = "Base"

    /// Every language present in any table, `Base` left out: the languages the project ships.
    var languages: Set<String> {
        tables.values.reduce(into: Set<String>()) { $0.formUnion($1.languages) }.subtracting([Self.baseLanguage])
    }

    /// The entry for a key in a table.
    package func entry(key: String, table: String = "Localizable") -> CatalogEntry? {
        tables[table]?.entries[key]
    }

    /// The text a user sees for a key in one language: the plain value, the `other` plural form or
    /// the device default. In the table's source language a key without a value shows the
    /// `Base.lproj` value, else `defaultValue`, else the key itself (as Foundation does). `nil` when
    /// the language has no value.
    func displayText(
        key: String, table: String = "Localizable", language: String, defaultValue: String? = nil
    )
        -> String?
    {
        let table = tables[table]
        let localizations = table?.entries[key]?.localizations
        if let text = localizations?[language]?.displayText { return text }
        guard language == (table?.sourceLanguage ?? developmentLanguage) else { return nil }
        return localizations?[Self.baseLanguage]?.displayText ?? defaultValue ?? key
    }

    /// ``displayText(key:table:language:defaultValue:)`` for each of `languages` (default: every
    /// language of the table, and its source language) that has a text.
    package func displayTexts(
        key: String, table: String = "Localizable", languages: [String]? = nil, defaultValue: String? = nil
    ) -> [String: String] {
        let names =
            languages
            ?? Array((tables[table]?.languages ?? []).union([tables[table]?.sourceLanguage ?? developmentLanguage]))
        var texts: [String: String] = [:]
        for language in names {
            texts[language] = displayText(key: key, table: table, language: language, defaultValue: defaultValue)
        }
        return texts
    }
}
