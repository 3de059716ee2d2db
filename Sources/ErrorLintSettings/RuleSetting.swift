import PreflightCore

/// What a rule is set to: a severity, or off.
enum RuleSetting: Sendable, Hashable {
    case severity(Severity)
    case off

    /// `error`, `warning`, `note` or `off`.
    init?(_ text: String) {
        if text == "off" {
            self = .off
        } else if let severity = Severity(rawValue: text) {
            self = .severity(severity)
        } else {
            return nil
        }
    }

    var text: String {
        switch self {
        case .severity(let severity): severity.rawValue
        case .off: "off"
        }
    }
}
