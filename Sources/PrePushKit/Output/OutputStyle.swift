import Foundation

/// How a run prints: a verdict (the step table, what failed, the path of the full log), every line
/// as it comes (verbose, and in CI), or quietly; in colour or plain, with GitHub workflow
/// annotations.
package struct OutputStyle: Sendable, Equatable {
    /// ANSI colours for headers, statuses and warnings.
    var usesColor: Bool
    /// Failures are also printed as GitHub workflow commands (`::error …::`), which the runner
    /// turns into annotations.
    var annotatesForGitHub: Bool
    /// Only failures and the final verdict; a step's output is kept back and shown only if the
    /// step fails.
    var isQuiet: Bool
    /// Every step's output as it comes, and prepush's own notes (`--verbose`, and in CI mode, whose
    /// log is read afterwards); otherwise they go to the run's log file only.
    var isVerbose: Bool
    /// One status line, redrawn in place, naming the running step and its time (a terminal, not in
    /// CI mode, colour allowed).
    var showsLiveStatus: Bool

    init(
        usesColor: Bool = false, annotatesForGitHub: Bool = false, isQuiet: Bool = false, isVerbose: Bool = true,
        showsLiveStatus: Bool = false
    ) {
        self.usesColor = usesColor
        self.annotatesForGitHub = annotatesForGitHub
        self.isQuiet = isQuiet
        self.isVerbose = isVerbose
        self.showsLiveStatus = showsLiveStatus
    }

    /// Every line on screen as it comes: verbose and not quiet (quiet wins).
    var streams: Bool { isVerbose && !isQuiet }

    /// The style for a run: CI mode with `ci` (`--ci`), or by default when `CI` is `true` (as GitHub
    /// Actions and most CI services set it); colour only when the output is a terminal, never in CI
    /// mode, with `noColor` (`--no-color`) or with `NO_COLOR` set to anything non-empty
    /// (no-color.org). Every line as it comes with `verbose` (`--verbose`, or `PREPUSH_VERBOSE` set
    /// to anything but `0`/`false`) or in CI mode; a live
    /// status line where there is colour and the verdict alone is shown.
    package static func resolve(
        noColor: Bool, ci: Bool?, quiet: Bool, verbose: Bool = false, environment: [String: String],
        outputIsTerminal: Bool
    ) -> OutputStyle {
        let ciMode = ci ?? ["true", "1"].contains(environment["CI"]?.lowercased() ?? "")
        let color = outputIsTerminal && !noColor && !ciMode && (environment["NO_COLOR"] ?? "").isEmpty
        // A hook takes no flags: `PREPUSH_VERBOSE=1 git push` asks for every line.
        let asked = verbose || !["", "0", "false"].contains(environment["PREPUSH_VERBOSE"]?.lowercased() ?? "")
        let isVerbose = (asked || ciMode) && !quiet
        return OutputStyle(
            usesColor: color, annotatesForGitHub: ciMode, isQuiet: quiet, isVerbose: isVerbose,
            showsLiveStatus: color && !quiet && !isVerbose)
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

    /// `text` without the colours ``paint(_:_:)`` put in (for the log file).
    static func unpainted(_ text: String) -> String {
        guard text.contains("\u{1B}[") else { return text }
        return text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }
}
