import PreflightCore

/// A key's value in one language.
struct CatalogLocalization: Sendable, Hashable {
    /// The language tag as the catalog writes it (`en`, `pt-BR`, `zh-Hans`, `Base`).
    var language: String
    /// The text or its variations; `nil` when the file names the language but gives no value.
    var content: LocalizedContent?
    /// `%#@name@` definitions, in file order.
    var substitutions: [CatalogSubstitution] = []
    /// Where the language's value is written (its key in xcstrings, the key's line in `.strings`).
    var location: SourceLocation
    /// The file format it came from.
    var format: CatalogFormat

    /// The substitution named `name`, if defined.
    func substitution(_ name: String) -> CatalogSubstitution? {
        substitutions.first { $0.name == name }
    }

    /// Every unit: the content's, then the substitutions' forms.
    var units: [CatalogUnit] {
        (content?.units ?? [])
            + substitutions.flatMap { $0.variations.map { LocalizedContent.variations($0).units } ?? [] }
    }

    /// Every variation: the content's, then the substitutions'.
    var allVariations: [CatalogVariations] {
        (content?.allVariations ?? [])
            + substitutions.flatMap { $0.variations.map { LocalizedContent.variations($0).allVariations } ?? [] }
    }

    /// The text to show for this language: the plain value, or the `other` form; `%#@name@` is
    /// replaced by the substitution's `other` form (`%arg` by its specifier).
    var displayText: String? {
        guard var text = content?.displayValue else { return nil }
        for substitution in substitutions {
            guard var form = substitution.variations.flatMap({ LocalizedContent.variations($0).displayValue }) else {
                continue
            }
            form = form.replacingAll("%arg", with: "%" + (substitution.formatSpecifier ?? "@"))
            text = text.replacingAll("%#@\(substitution.name)@", with: form)
            if let number = substitution.argumentNumber {
                text = text.replacingAll("%\(number)$#@\(substitution.name)@", with: form)
            }
        }
        return text
    }
}
