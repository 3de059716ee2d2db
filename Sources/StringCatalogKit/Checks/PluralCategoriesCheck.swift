/// `plural-categories`: a plural variation (xcstrings `variations.plural`, a substitution's, or a
/// `.stringsdict` plural variable) lacks a category its language requires
/// (``PluralRules/requiredCategories(for:)``). Extra categories are not reported.
enum PluralCategoriesCheck {
    static func findings(_ context: KeyCheckContext) -> [CatalogFinding] {
        let key = context.entry.key.quotedForMessage
        var findings: [CatalogFinding] = []
        for language in context.checkedLanguages {
            guard let localization = context.entry.localizations[language] else { continue }
            for variations in localization.allVariations where variations.kind == .plural {
                let missing = PluralRules.missingCategories(in: variations.categories, language: language)
                guard !missing.isEmpty else { continue }
                let required = PluralRules.requiredCategories(for: language).map(\.rawValue).joined(separator: ", ")
                let subject =
                    localization.substitutions.first { $0.variations == variations }.map { " (%#@\($0.name)@)" } ?? ""
                findings.append(
                    context.finding(
                        .pluralCategories, at: variations.location, language: language,
                        "\(language) plural of \(key)\(subject) lacks \(missing.map(\.rawValue).joined(separator: ", ")) (\(PluralRules.primarySubtag(of: language)) needs \(required))"
                    ))
            }
        }
        return findings
    }
}
