import Testing

@testable import PreflightCore

@Suite("DiagnosticFormat")
struct DiagnosticFormatTests {
    @Test("Raw values are the --format spellings; text is the default")
    func spellings() {
        #expect(DiagnosticFormat.allCases.map(\.rawValue) == ["text", "json", "sarif", "github", "codeclimate"])
        #expect(DiagnosticFormat(rawValue: "sarif") == .sarif)
        #expect(DiagnosticFormat(rawValue: "SARIF") == nil)
        #expect(DiagnosticFormat.default == .text)
        #expect(DiagnosticFormat.allCases.allSatisfy { !$0.help.isEmpty })
    }

    @Test("Each format renders with its renderer")
    func renderers() {
        let report = DiagnosticSamples.report
        #expect(DiagnosticFormat.text.renderer().render(report) == TextDiagnosticRenderer().render(report))
        #expect(
            DiagnosticFormat.text.renderer(showingRuleIDs: true).render(report)
                == TextDiagnosticRenderer(showsRuleID: true).render(report))
        #expect(DiagnosticFormat.json.renderer().render(report) == JSONDiagnosticRenderer().render(report))
        #expect(DiagnosticFormat.sarif.renderer().render(report) == SARIFDiagnosticRenderer().render(report))
        #expect(DiagnosticFormat.github.renderer().render(report) == GitHubDiagnosticRenderer().render(report))
        #expect(
            DiagnosticFormat.codeclimate.renderer().render(report) == CodeClimateDiagnosticRenderer().render(report))
    }
}
