import PreflightCore

/// One piece of translated text and its state.
public struct CatalogUnit: Sendable, Hashable {
    /// The text (a format string when the code passes arguments).
    public var value: String
    /// The xcstrings `state`; `nil` for `.strings`/`.stringsdict` values, which have none.
    public var state: TranslationState?
    /// Where the value is written (the line of `stringUnit` in xcstrings, of the key or `<string>`
    /// elsewhere).
    public var location: SourceLocation

    public init(value: String, state: TranslationState? = nil, location: SourceLocation) {
        self.value = value
        self.state = state
        self.location = location
    }
}

/// What a variation switches on.
public struct VariationKind: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// CLDR plural categories (`zero`, `one`, `two`, `few`, `many`, `other`).
    public static let plural = VariationKind(rawValue: "plural")
    /// Device classes (`iphone`, `ipad`, `mac`, `applewatch`, `appletv`, `applevision`, `other`).
    public static let device = VariationKind(rawValue: "device")
    /// `.stringsdict` `NSStringVariableWidthRuleType`: widths (`"20"`, `"50"`).
    public static let width = VariationKind(rawValue: "width")
    /// xcstrings `stringSet` (App Shortcuts phrases): forms `"0"`, `"1"`, … in order.
    public static let stringSet = VariationKind(rawValue: "stringSet")

    public var description: String { rawValue }
}

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

/// A localized value: plain text, or variations of it.
public indirect enum LocalizedContent: Sendable, Hashable {
    case unit(CatalogUnit)
    case variations(CatalogVariations)

    /// Every unit, depth first, in file order.
    public var units: [CatalogUnit] {
        switch self {
        case .unit(let unit): [unit]
        case .variations(let variations): variations.forms.flatMap(\.content.units)
        }
    }

    /// Every variation, this one first, depth first.
    public var allVariations: [CatalogVariations] {
        guard case .variations(let variations) = self else { return [] }
        return [variations] + variations.forms.flatMap(\.content.allVariations)
    }

    /// Where it is written.
    public var location: SourceLocation {
        switch self {
        case .unit(let unit): unit.location
        case .variations(let variations): variations.location
        }
    }

    /// The text shown when nothing else is known: the plain value, or the `other` form (the device
    /// `other` form, else the first) followed down to a unit.
    public var displayValue: String? {
        switch self {
        case .unit(let unit):
            return unit.value
        case .variations(let variations):
            return (variations.form("other") ?? variations.forms.first?.content)?.displayValue
        }
    }
}
