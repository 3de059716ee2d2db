import PreflightCore

/// Reports the renderer tests share.
enum DiagnosticSamples {
    static let tool = ToolDescriptor(
        name: "todoscan", version: "1.2.0", informationURI: "https://github.com/example/preflight",
        rules: [
            RuleDescriptor(id: "todo", summary: "A TODO comment", defaultSeverity: .warning),
            RuleDescriptor(id: "fixme", summary: "A FIXME comment", defaultSeverity: .error),
        ])

    /// A path with a space, a message with `%`, `:`, `,`, line breaks and non-ASCII text, every
    /// severity, and a rule (`hack`) the tool does not list.
    static let report = DiagnosticReport(
        tool: tool,
        diagnostics: [
            Diagnostic(
                location: SourceLocation(path: "Sources/Café.swift", line: 10, column: 1), severity: .error,
                message: "FIXME: first line\nsecond line\r\nthird — naïve ✓", ruleID: "fixme"),
            Diagnostic(
                location: SourceLocation(path: "Sources/My App/Main.swift", line: 3, column: 5), severity: .warning,
                message: "TODO: 100% done: a, b", ruleID: "todo"),
            Diagnostic(
                location: SourceLocation(path: "Sources/My App/Main.swift", line: 12, column: 9), severity: .note,
                message: "HACK: keep", ruleID: "hack"),
        ],
        filesScanned: 812)

    static let empty = DiagnosticReport(tool: tool, diagnostics: [], filesScanned: 3)
}
