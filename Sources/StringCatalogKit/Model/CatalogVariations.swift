import PreflightCore

/// One case of a variation: the category (`one`, `iphone`, …) and its content.
package struct CatalogVariationForm: Sendable, Hashable {
    package var category: String
    package var content: LocalizedContent

    package init(category: String, content: LocalizedContent) {
        self.category = category
        self.content = content
    }
}

/// Text that varies by plural category, device or width. Forms keep the file's order.
package struct CatalogVariations: Sendable, Hashable {
    package var kind: VariationKind
    package var forms: [CatalogVariationForm]
    /// Where the variation is written (the line of `"plural"`, of the variable's key, …).
    package var location: SourceLocation

    package init(kind: VariationKind, forms: [CatalogVariationForm], location: SourceLocation) {
        self.kind = kind
        self.forms = forms
        self.location = location
    }

    /// The form for a category, if present.
    package func form(_ category: String) -> LocalizedContent? {
        forms.first { $0.category == category }?.content
    }

    /// The categories present, in file order.
    package var categories: [String] { forms.map(\.category) }
}
