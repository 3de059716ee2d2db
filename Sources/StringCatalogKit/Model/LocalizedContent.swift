import PreflightCore

/// A localized value: plain text, or variations of it.
indirect enum LocalizedContent: Sendable, Hashable {
    case unit(CatalogUnit)
    case variations(CatalogVariations)

    /// Every unit, depth first, in file order.
    var units: [CatalogUnit] {
        switch self {
        case .unit(let unit): [unit]
        case .variations(let variations): variations.forms.flatMap(\.content.units)
        }
    }

    /// Every variation, this one first, depth first.
    var allVariations: [CatalogVariations] {
        guard case .variations(let variations) = self else { return [] }
        return [variations] + variations.forms.flatMap(\.content.allVariations)
    }

    /// Where it is written.
    var location: SourceLocation {
        switch self {
        case .unit(let unit): unit.location
        case .variations(let variations): variations.location
        }
    }

    /// The text shown when nothing else is known: the plain value, or the `other` form (the device
    /// `other` form, else the first) followed down to a unit.
    var displayValue: String? {
        switch self {
        case .unit(let unit):
            return unit.value
        case .variations(let variations):
            return (variations.form("other") ?? variations.forms.first?.content)?.displayValue
        }
    }
}
