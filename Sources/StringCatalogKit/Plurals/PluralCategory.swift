/// A CLDR plural category, in CLDR's order.
enum PluralCategory: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
