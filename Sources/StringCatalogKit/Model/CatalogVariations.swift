import PreflightCore

/// One case of a variation: the category (`one`, `iphone`, …) and its content.
public struct CatalogVariationForm: Sendable, Hashable {
    public var category: String
    public var content: LocalizedContent

    public init(category: String, content: LocalizedContent) {
        self.category = category
        self.content = content
    }
}

/// Text that varies by plural category, device or width. Forms keep the file's order.
public struct CatalogVariations: Sendable, Hashable {
    public var kind: VariationKind
    public var forms: [CatalogVariationForm]
    /// Where the variation is written (the line of `"plural"`, of the variable's key, …).
    public var location: SourceLocation

    public init(kind: VariationKind, forms: [CatalogVariationForm], location: SourceLocation) {
        self.kind = kind
        self.forms = forms
        self.location = location
    }

    /// The form for a category, if present.
    public func form(_ category: String) -> LocalizedContent? {
        forms.first { $0.category == category }?.content
    }

    /// The categories present, in file order.
    public var categories: [String] { forms.map(\.category) }
}
