import PreflightCore

/// What a member returns for each case of its type.
enum MemberValue: Sendable, Hashable {
    /// The same expression for every case (a single expression, a stored value, a forward).
    case uniform(TextValue)
    /// `switch self { … }`: one arm per `case` label, and the `default:` arm if there is one.
    case switched(arms: [SwitchArm], defaultArm: TextValue?)

    /// What the member returns for `caseName`, when the source says.
    func value(for caseName: String) -> TextValue? {
        switch self {
        case .uniform(let value): return value
        case .switched(let arms, let defaultArm):
            return arms.first { $0.caseNames.contains(caseName) }?.value ?? defaultArm
        }
    }

    /// Every value written in the member, in source order.
    var allValues: [TextValue] {
        switch self {
        case .uniform(let value): [value]
        case .switched(let arms, let defaultArm): arms.map(\.value) + (defaultArm.map { [$0] } ?? [])
        }
    }
}

/// One arm of a `switch self`: the cases its labels name and the value it returns.
struct SwitchArm: Sendable, Hashable {
    /// Case names in the arm's patterns (`case .a, .b(let x):` gives `a`, `b`).
    var caseNames: [String]
    var value: TextValue
}
