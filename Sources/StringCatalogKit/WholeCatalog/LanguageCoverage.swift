/// How much of the catalogs one language has translated: the keys that need a translation
/// (`shouldTranslate` not `false`, not `stale`), and those with text in that language that is not
/// empty and not waiting (`new`, `needs_review`).
package struct LanguageCoverage: Sendable, Hashable {
    package var language: String
    package var translated: Int
    package var total: Int

    /// The share translated, 0–100 (100 when nothing needs a translation).
    package var percent: Double { total == 0 ? 100 : Double(translated) * 100 / Double(total) }

    /// `72.4%` (one decimal, none when whole; never rounded up to 100).
    package var percentText: String {
        var value = (percent * 10).rounded(.down) / 10
        if translated < total, value >= 100 { value = 99.9 }
        return value == value.rounded() ? "\(Int(value))%" : "\(value)%"
    }
}

extension CatalogSet {
    /// Where a finding about the catalogs as a whole goes: the first file of the table with the
    /// most keys (`Localizable`, usually).
    package var mainFile: String? {
        let table = tables.values.max { ($0.entries.count, $1.name) < ($1.entries.count, $0.name) }
        return table?.files.values.joined().sorted().first
    }

    /// The coverage of each of `languages` over every table but those it is the source language
    /// of (which need no translation); a language that is every table's source is left out.
    package func coverage(languages: [String]) -> [LanguageCoverage] {
        let sources = Set(tables.values.map(\.sourceLanguage))
        return languages.filter { sources != [$0] }.sorted().map { language in
            var coverage = LanguageCoverage(language: language, translated: 0, total: 0)
            for table in tables.values where table.sourceLanguage != language {
                for entry in table.entries.values where entry.shouldTranslate && entry.extractionState != .stale {
                    coverage.total += 1
                    if let localization = entry.localizations[language], localization.content != nil,
                        !localization.units.contains(where: {
                            $0.value.isEmpty || $0.state == .new || $0.state == .needsReview
                        })
                    {
                        coverage.translated += 1
                    }
                }
            }
            return coverage
        }
    }
}
