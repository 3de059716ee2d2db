import PreflightCore

/// `format-mismatch`: a translation reads different arguments than the source-language value
/// (by position and ``FormatArgumentClass``), or a value holds an invalid directive (`%0$@`, a
/// `%#@name@` without its definition, one position read as two classes).
///
/// The reference is the source language's value; without one, the code's default value, else the
/// key (in a `.strings` table only when the key holds a directive: there keys are often
/// identifiers). Positional directives may be reordered freely (`%2$@ %1$@` matches `%@ %@`).
enum FormatMismatchCheck {
    static func findings(_ context: KeyCheckContext) -> [CatalogFinding] {
        let entry = context.entry
        let key = entry.key.quotedForMessage
        var findings: [CatalogFinding] = []
        let sourceLocalization = context.sourceLocalization
        let source: FormatSignature
        let sourceName: String
        if let sourceLocalization {
            source = FormatSignature(localization: sourceLocalization)
            sourceName = "the \(sourceLocalization.language) value"
        } else if let defaultValue = context.usage.defaultValue {
            source = FormatSignature(format: defaultValue)
            sourceName = "the default value in code"
        } else if context.isInStringCatalog || !FormatSpecifier.parse(entry.key).isEmpty {
            source = FormatSignature(format: entry.key)
            sourceName = "the key"
        } else {
            // A `.strings` key without directives is often an identifier (`error.network`), not
            // the source text: nothing to compare with, only invalid directives are reported.
            source = FormatSignature()
            sourceName = ""
        }
        for language in context.checkedLanguages {
            guard let localization = entry.localizations[language], localization.content != nil else { continue }
            let isSource = language == sourceLocalization?.language
            let signature = isSource ? source : FormatSignature(localization: localization)
            var seen = Set<String>()
            for problem in signature.problems where seen.insert(problem.message).inserted {
                findings.append(
                    context.finding(
                        .formatMismatch, at: problem.location ?? localization.location, language: language,
                        "\(language) value of \(key): \(problem.message)"))
            }
            if isSource || sourceName.isEmpty || (!entry.shouldTranslate && language != context.sourceLanguage) {
                continue
            }
            for position in Set(source.positions).union(signature.positions).sorted() {
                let expected = source.arguments[position]
                let actual = signature.arguments[position]
                let location = actual?.location ?? localization.content?.location ?? localization.location
                let message: String
                switch (expected, actual) {
                case (let expected?, let actual?) where expected.argumentClass != actual.argumentClass:
                    message =
                        "reads argument \(position) as \(actual.text) (\(actual.argumentClass.rawValue)) where \(sourceName) has \(expected.text) (\(expected.argumentClass.rawValue))"
                case (let expected?, nil):
                    message = "drops argument \(position) (\(expected.text) in \(sourceName))"
                case (nil, let actual?):
                    message = "reads argument \(position) (\(actual.text)) that \(sourceName) does not have"
                default:
                    continue
                }
                findings.append(
                    context.finding(
                        .formatMismatch, at: location, language: language, "\(language) value of \(key) \(message)"))
            }
        }
        return findings
    }
}
