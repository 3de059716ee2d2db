import PreflightCore

/// What a rule is set to: a severity, or off.
package enum RuleSetting: Sendable, Hashable {
    case severity(Severity)
    case off

    /// `error`, `warning`, `note` or `off`.
    package init?(_ text: String) {
        if text == "off" {
            self = .off
        } else if let severity = Severity(rawValue: text) {
            self = .severity(severity)
        } else {
            return nil
        }
    }

    package var text: String {
        switch self {
        case .severity(let severity): severity.rawValue
        case .off: "off"
        }
    }
}
