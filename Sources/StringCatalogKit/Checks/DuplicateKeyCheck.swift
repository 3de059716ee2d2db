/// `duplicate-key`: a key defined twice in one `.strings` file; reported at the later definition,
/// which is the one Foundation uses.
enum DuplicateKeyCheck {
    static func findings(_ duplicates: [DuplicateKey]) -> [CatalogFinding] {
        duplicates.map { duplicate in
            CatalogFinding(
                kind: .duplicateKey, location: duplicate.duplicate, key: duplicate.key, table: duplicate.table,
                language: duplicate.language,
                message:
                    "key \(duplicate.key.quotedForMessage) is defined again (first at line \(duplicate.first.line)); this later value wins"
            )
        }
    }
}
