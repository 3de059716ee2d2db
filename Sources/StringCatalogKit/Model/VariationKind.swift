/// What a variation switches on.
package struct VariationKind: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    package var rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    /// CLDR plural categories (`zero`, `one`, `two`, `few`, `many`, `other`).
    package static let plural = VariationKind(rawValue: "plural")
    /// Device classes (`iphone`, `ipad`, `mac`, `applewatch`, `appletv`, `applevision`, `other`).
    package static let device = VariationKind(rawValue: "device")
    /// `.stringsdict` `NSStringVariableWidthRuleType`: widths (`"20"`, `"50"`).
    package static let width = VariationKind(rawValue: "width")
    /// xcstrings `stringSet` (App Shortcuts phrases): forms `"0"`, `"1"`, … in order.
    package static let stringSet = VariationKind(rawValue: "stringSet")

    package var description: String { rawValue }
}
