import PreflightCore

/// What an error member returns, as far as the source shows it without running the code.
indirect enum TextValue: Sendable, Hashable {
    /// Text that goes through a localization API.
    case localized(LocalizedStringReference)
    /// A string literal without interpolation.
    case literal(String, SourceLocation)
    /// A string literal with interpolations: its literal part (so a rule can tell `"Failed: \(x)"`
    /// from `"\(x)"`) and its text with the interpolations as written, for messages.
    case interpolated(InterpolatedText, SourceLocation)
    /// `nil`: the member says nothing for this case.
    case absent(SourceLocation)
    /// Another property of the same value (`self.description`, `reason`), resolved once every
    /// file is read.
    case forward(property: String, SourceLocation)
    /// Any of these, or these joined (`a ?? b`, `c ? a : b`, `a + b`, `if`/`switch` expressions
    /// that do not switch over `self`).
    case combination([TextValue])
    /// Something the linter cannot see through (a call, a variable); never guessed.
    case opaque(String, SourceLocation)

    /// Every value this one is made of, itself included, depth first.
    var leaves: [TextValue] {
        if case .combination(let parts) = self { return parts.flatMap(\.leaves) }
        return [self]
    }

    /// Where the value is written.
    var location: SourceLocation? {
        switch self {
        case .localized(let reference): reference.location
        case .literal(_, let location), .interpolated(_, let location), .absent(let location),
            .forward(_, let location), .opaque(_, let location):
            location
        case .combination(let parts): parts.lazy.compactMap(\.location).first
        }
    }

    /// A literal's text as a message quotes it, interpolations as written (`Hi \(name)`); `nil` for
    /// any other value.
    var literalDisplayText: String? {
        switch self {
        case .literal(let text, _): text
        case .interpolated(let text, _): text.displayText
        default: nil
        }
    }

    /// `true` when the value is `nil` on every path.
    var isAbsent: Bool {
        leaves.allSatisfy { if case .absent = $0 { true } else { false } }
    }
}

/// A call to a localization API whose key (and table) the source states.
struct LocalizedStringReference: Sendable, Hashable {
    /// Which API: `NSLocalizedString`, `String(localized:)`, `LocalizedStringResource`, …
    var api: String
    /// The key, when it is a literal; `nil` for a key computed at run time (not checked).
    var key: String?
    /// `true` when the key came from an interpolated literal (`String(localized: "Hi \(name)")`),
    /// whose catalog key has format specifiers in place of the interpolations.
    var keyHasInterpolations: Bool
    /// The key as the source writes it, interpolations as written (`Hi \(name)` for the key
    /// `Hi %@`), for messages and pages; the key itself when it has no interpolations.
    var displayKey: String?
    /// The table (`tableName:` / `table:`); `nil` means `Localizable`.
    var table: String?
    /// The text used when the key is missing (`value:` / `defaultValue:`).
    var defaultValue: String?
    /// The bundle the call names, as written (`.module`, `Bundle.main`); `nil` when it names none.
    var bundle: String?
    /// The `#if` branch the call is in (`#if os(macOS)`), when it is in one.
    var branch: String?
    /// Where the call is written.
    var location: SourceLocation

    init(
        api: String, key: String?, keyHasInterpolations: Bool = false, displayKey: String? = nil,
        table: String? = nil, defaultValue: String? = nil, bundle: String? = nil, branch: String? = nil,
        location: SourceLocation
    ) {
        self.api = api
        self.key = key
        self.keyHasInterpolations = keyHasInterpolations
        self.displayKey = displayKey ?? key
        self.table = table
        self.defaultValue = defaultValue
        self.bundle = bundle
        self.branch = branch
        self.location = location
    }

    /// The table the key is looked up in.
    var tableName: String { table ?? "Localizable" }

    /// Whether the text is looked up in the main bundle, the app's: no `bundle:` (the APIs'
    /// default), `bundle: .main` or `Bundle.main`. A local package's such text is in the catalogs of
    /// the app it is built into, not its own.
    var looksUpMainBundle: Bool {
        guard let bundle else { return true }
        return bundle == ".main" || bundle == "Bundle.main"
    }
}
