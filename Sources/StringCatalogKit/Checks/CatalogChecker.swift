/// Runs every catalog check for keys the code uses.
///
/// ```swift
/// let loaded = CatalogLoader.load(catalogPaths)
/// let checker = CatalogChecker(catalogs: loaded.catalogs)          // or languages: ["en", "de"]
/// let findings = checker.check(KeyUsage(key: "login.failed", table: "Errors"))
///     + checker.duplicateKeyFindings()
/// ```
package struct CatalogChecker: Sendable {
    var catalogs: CatalogSet
    /// The languages every used key needs a value in.
    package var languages: [String]

    /// `languages` defaults to every language present in the catalogs (`Base` left out).
    package init(catalogs: CatalogSet, languages: [String]? = nil) {
        self.catalogs = catalogs
        self.languages = languages ?? catalogs.languages.sorted()
    }

    /// Every finding for one used key: `missing-key` (with a `nil` location when no file of the
    /// table has it), `untranslated`, `format-mismatch`, `plural-categories`, in that order.
    package func check(_ usage: KeyUsage) -> [CatalogFinding] {
        guard let table = catalogs.tables[usage.table] else {
            let message =
                "key \(usage.key.quotedForMessage) is not in table \(usage.table): no \(usage.table) catalog was found"
            return [
                CatalogFinding(
                    kind: .missingKey, location: nil, key: usage.key, table: usage.table, language: nil,
                    message: message)
            ]
        }
        guard let entry = table.entries[usage.key] else {
            return [
                CatalogFinding(
                    kind: .missingKey, location: nil, key: usage.key, table: usage.table, language: nil,
                    message: "key \(usage.key.quotedForMessage) is not in table \(usage.table)")
            ]
        }
        let context = KeyCheckContext(usage: usage, table: table, entry: entry, requiredLanguages: languages)
        return MissingKeyCheck.findings(context) + UntranslatedCheck.findings(context)
            + FormatMismatchCheck.findings(context) + PluralCategoriesCheck.findings(context)
    }

    /// `format-mismatch` findings of every key of every table, whether code uses it or not: the
    /// same arguments (count, order, types, positions) in every language and plural variant.
    package func formatFindingsForEveryKey() -> [CatalogFinding] {
        var findings: [CatalogFinding] = []
        for table in catalogs.tables.values.sorted(by: { $0.name < $1.name }) {
            for entry in table.entries.values.sorted(by: { $0.key < $1.key }) {
                let context = KeyCheckContext(
                    usage: KeyUsage(key: entry.key, table: table.name), table: table, entry: entry,
                    requiredLanguages: languages)
                findings += FormatMismatchCheck.findings(context)
            }
        }
        return findings
    }

    /// `duplicate-key` findings of every `.strings` file.
    package func duplicateKeyFindings() -> [CatalogFinding] {
        DuplicateKeyCheck.findings(catalogs.duplicateKeys)
    }
}
