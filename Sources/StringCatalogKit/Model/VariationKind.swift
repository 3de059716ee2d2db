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
