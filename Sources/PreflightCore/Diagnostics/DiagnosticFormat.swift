/// The output formats every Preflight scanner offers through `--format`.
///
/// The raw value is the spelling on the command line (`--format sarif`).
package enum DiagnosticFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// Compiler style, one `path:line:column: severity: message` line per finding (Xcode, SwiftPM,
    /// editors and terminals read it).
    case text
    /// A stable JSON document for scripts; see ``JSONDiagnosticDocument``.
    case json
    /// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.
    case sarif
    /// GitHub Actions workflow commands (`::warning file=…::message`) that become annotations.
    case github
    /// Code Climate's issues JSON, which GitLab's Code Quality reads.
    case codeclimate

    /// The format used when `--format` is not given: ``text``.
    static let `default`: DiagnosticFormat = .text

    /// One short phrase per format for `--help`.
    var help: String {
        switch self {
        case .text: "compiler-style lines: path:line:column: severity: message"
        case .json: "one JSON document with every finding and a summary"
        case .sarif: "SARIF 2.1.0 for GitHub code scanning"
        case .github: "GitHub Actions annotations (::warning file=…::message)"
        case .codeclimate: "Code Climate JSON for GitLab Code Quality"
        }
    }

    /// The renderer for this format.
    ///
    /// - Parameter showingRuleIDs: for ``text`` only, append ` [ruleID]` to each line; the other
    ///   formats always carry the rule id.
    package func renderer(showingRuleIDs: Bool = false) -> any DiagnosticRenderer {
        switch self {
        case .text: TextDiagnosticRenderer(showsRuleID: showingRuleIDs)
        case .json: JSONDiagnosticRenderer()
        case .sarif: SARIFDiagnosticRenderer()
        case .github: GitHubDiagnosticRenderer()
        case .codeclimate: CodeClimateDiagnosticRenderer()
        }
    }
}
