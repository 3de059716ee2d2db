import PreflightCore

/// One case of a variation: the category (`one`, `iphone`, …) and its content.
struct CatalogVariationForm: Sendable, Hashable {
    var category: String
    var content: LocalizedContent
}

/// Text that varies by plural category, device or width. Forms keep the file's order.
struct CatalogVariations: Sendable, Hashable {
    var kind: VariationKind
    var forms: [CatalogVariationForm]
    /// Where the variation is written (the line of `"plural"`, of the variable's key, …).
    var location: SourceLocation

    /// The form for a category, if present.
    func form(_ category: String) -> LocalizedContent? {
        forms.first { $0.category == category }?.content
    }

    /// The categories present, in file order.
    var categories: [String] { forms.map(\.category) }
}
