/// What a variation switches on.
struct VariationKind: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    var rawValue: String

    init(rawValue: String) { self.rawValue = rawValue }

    /// CLDR plural categories (`zero`, `one`, `two`, `few`, `many`, `other`).
    static let plural = VariationKind(rawValue: "plural")
    /// Device classes (`iphone`, `ipad`, `mac`, `applewatch`, `appletv`, `applevision`, `other`).
    static let device = VariationKind(rawValue: "device")
    /// `.stringsdict` `NSStringVariableWidthRuleType`: widths (`"20"`, `"50"`).
    static let width = VariationKind(rawValue: "width")
    /// xcstrings `stringSet` (App Shortcuts phrases): forms `"0"`, `"1"`, … in order.
    static let stringSet = VariationKind(rawValue: "stringSet")

    var description: String { rawValue }
}
