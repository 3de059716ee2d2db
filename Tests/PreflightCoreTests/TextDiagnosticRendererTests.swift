import Testing

@testable import PreflightCore

@Suite("TextDiagnosticRenderer")
struct TextDiagnosticRendererTests {
    @Test("Golden output: one compiler-style line per finding, line breaks in messages become spaces")
    func golden() {
        let expected = """
            Sources/Café.swift:10:1: error: FIXME: first line second line third — naïve ✓
            Sources/My App/Main.swift:3:5: warning: TODO: 100% done: a, b
            Sources/My App/Main.swift:12:9: note: HACK: keep

            """
        #expect(TextDiagnosticRenderer().render(DiagnosticSamples.report) == expected)
    }

    @Test("With rule ids, each line ends in [ruleID]")
    func ruleIDs() {
        let expected = """
            Sources/Café.swift:10:1: error: FIXME: first line second line third — naïve ✓ [fixme]
            Sources/My App/Main.swift:3:5: warning: TODO: 100% done: a, b [todo]
            Sources/My App/Main.swift:12:9: note: HACK: keep [hack]

            """
        #expect(TextDiagnosticRenderer(showsRuleID: true).render(DiagnosticSamples.report) == expected)
    }

    @Test("Severity words are exactly error, warning and note", arguments: Severity.allCases)
    func severityWords(severity: Severity) {
        let diagnostic = Diagnostic(
            location: SourceLocation(path: "a.swift", line: 1, column: 2), severity: severity, message: "m",
            ruleID: "r")
        let word = ["error", "warning", "note"].first { $0 == severity.rawValue }
        #expect(word != nil)
        #expect(TextDiagnosticRenderer().line(for: diagnostic) == "a.swift:1:2: \(word ?? "?"): m")
    }

    @Test("Streaming line by line gives the same text as rendering the report")
    func streaming() {
        let renderer = TextDiagnosticRenderer(showsRuleID: true)
        let streamed = DiagnosticSamples.report.diagnostics.map { renderer.line(for: $0) + "\n" }.joined()
        #expect(streamed == renderer.render(DiagnosticSamples.report))
    }

    @Test("Every kind of line break is flattened, in the path and the rule id too")
    func lineBreaks() {
        let diagnostic = Diagnostic(
            location: SourceLocation(path: "a\nb.swift", line: 1, column: 1), severity: .warning,
            message: "one\rtwo\r\nthree\nfour\u{2028}five", ruleID: "x\ny")
        let line = TextDiagnosticRenderer(showsRuleID: true).line(for: diagnostic)
        #expect(line == "a b.swift:1:1: warning: one two three four five [x y]")
        #expect(!line.contains { $0.isNewline })
    }

    @Test("An escape sequence in the path or the message is written visibly")
    func controls() {
        let diagnostic = Diagnostic(
            location: SourceLocation(path: "e\u{1B}[2K.swift", line: 2, column: 1), severity: .error,
            message: "ERROR: x\u{1B}[8m\u{202E}", ruleID: "error")
        let line = TextDiagnosticRenderer().line(for: diagnostic)
        #expect(line == "e\\u{1B}[2K.swift:2:1: error: ERROR: x\\u{1B}[8m\\u{202E}")
    }

    @Test("No findings, no output")
    func empty() {
        #expect(TextDiagnosticRenderer().render(DiagnosticSamples.empty) == "")
    }
}
