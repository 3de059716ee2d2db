/// `unused-key`: a key of the catalogs no code refers to. Tables the system reads by itself are
/// left out: `InfoPlist` (Info.plist keys), `AppShortcuts` (App Intents' phrases), `ServicesMenu`
/// (the Services menu's titles), and a table named
/// like a storyboard or xib of the project (keyed by object identifiers). A key Xcode marks
/// `stale` that code still uses is used; one that is unused says it is stale.
package enum UnusedKeyCheck {
    /// Tables never reported.
    static let systemTables: Set<String> = ["InfoPlist", "AppShortcuts", "ServicesMenu"]

    package static func findings(
        in catalogs: CatalogSet, interfaceFiles: Set<String>, reference: (String) -> KeyReference
    ) -> (findings: [CatalogFinding], possiblyUsed: Int) {
        var findings: [CatalogFinding] = []
        var possiblyUsed = 0
        for table in catalogs.tables.values.sorted(by: { $0.name < $1.name })
        where !systemTables.contains(table.name) && !interfaceFiles.contains(table.name) {
            for entry in table.entries.values.sorted(by: { $0.key < $1.key }) where !entry.key.isEmpty {
                switch reference(entry.key) {
                case .used: continue
                case .possiblyUsed:
                    possiblyUsed += 1
                    continue
                case .unused: break
                }
                let stale = entry.extractionState == .stale ? " (Xcode marks it stale)" : ""
                findings.append(
                    CatalogFinding(
                        kind: .unusedKey, location: entry.location(preferring: table.sourceLanguage), key: entry.key,
                        table: table.name, language: nil,
                        message:
                            "key \(entry.key.quotedForMessage) of table \(table.name) is not used by any code\(stale)"))
            }
        }
        return (findings, possiblyUsed)
    }
}
