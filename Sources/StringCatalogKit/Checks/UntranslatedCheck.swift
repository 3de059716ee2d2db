/// `untranslated`: a value that is empty, a non-source-language unit in state `new` or
/// `needs_review`, or a key whose extraction state is `stale`.
///
/// A source-language unit in state `new` is normal (Xcode writes it for `extracted_with_value`
/// keys) and not reported; nor is anything but emptiness in a key with `shouldTranslate: false`.
enum UntranslatedCheck {
    static func findings(_ context: KeyCheckContext) -> [CatalogFinding] {
        let entry = context.entry
        let key = entry.key.quotedForMessage
        var findings: [CatalogFinding] = []
        if entry.extractionState == .stale {
            findings.append(
                context.finding(
                    .untranslated, at: context.keyLocation, language: nil,
                    "key \(key) is marked stale in the catalog (its extraction state), though the code uses it"))
        }
        for language in context.checkedLanguages {
            guard let localization = entry.localizations[language] else { continue }
            let isSource = language == context.sourceLanguage
            guard localization.content != nil else {
                findings.append(
                    context.finding(
                        .untranslated, at: localization.location, language: language,
                        "\(language) value of \(key) has no text"))
                continue
            }
            let units = localization.units
            if let empty = units.first(where: { $0.value.isEmpty }) {
                findings.append(
                    context.finding(
                        .untranslated, at: empty.location, language: language, "\(language) value of \(key) is empty"))
                continue
            }
            guard !isSource && entry.shouldTranslate else { continue }
            if let pending = units.first(where: { $0.state == .new || $0.state == .needsReview }),
                let state = pending.state
            {
                let meaning = state == .new ? "not translated yet" : "needs review"
                findings.append(
                    context.finding(
                        .untranslated, at: pending.location, language: language,
                        "\(language) value of \(key) is in state '\(state)' (\(meaning))"))
            }
        }
        return findings
    }
}
