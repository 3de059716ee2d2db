/// How a run prints: in colour or plain, with GitHub workflow annotations, or quietly.
package struct OutputStyle: Sendable, Equatable {
    /// ANSI colours for headers, statuses and warnings.
    var usesColor: Bool
    /// Failures are also printed as GitHub workflow commands (`::error …::`), which the runner
    /// turns into annotations.
    var annotatesForGitHub: Bool
    /// Only failures and the final verdict; a step's output is kept back and shown only if the
    /// step fails.
    var isQuiet: Bool

    init(usesColor: Bool = false, annotatesForGitHub: Bool = false, isQuiet: Bool = false) {
        self.usesColor = usesColor
        self.annotatesForGitHub = annotatesForGitHub
        self.isQuiet = isQuiet
    }

    /// The style for a run: CI mode with `ci` (`--ci`), or by default when `CI` is `true` (as GitHub
    /// Actions and most CI services set it); colour only when the output is a terminal, never in CI
    /// mode, with `noColor` (`--no-color`) or with `NO_COLOR` set to anything non-empty
    /// (no-color.org).
    package static func resolve(
        noColor: Bool, ci: Bool?, quiet: Bool, environment: [String: String], outputIsTerminal: Bool
    ) -> OutputStyle {
        let ciMode = ci ?? ["true", "1"].contains(environment["CI"]?.lowercased() ?? "")
        let color = outputIsTerminal && !noColor && !ciMode && (environment["NO_COLOR"] ?? "").isEmpty
        return OutputStyle(usesColor: color, annotatesForGitHub: ciMode, isQuiet: quiet)
    }

    /// ANSI colours used.
    enum Color: String {
        case bold = "1"
        case red = "31"
        case green = "32"
        case yellow = "33"
    }

    /// `text` in `color` when colour is on, else unchanged.
    func paint(_ text: String, _ color: Color) -> String {
        usesColor ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }
}
