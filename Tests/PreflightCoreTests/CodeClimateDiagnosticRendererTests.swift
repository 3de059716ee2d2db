import Foundation
import Testing

@testable import PreflightCore

/// `--format codeclimate`: the issues array GitLab's Code Quality reads.
@Suite("Code Climate renderer")
struct CodeClimateDiagnosticRendererTests {
    private func issues(_ report: DiagnosticReport) throws -> [[String: Any]] {
        let text = CodeClimateDiagnosticRenderer().render(report)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test("Every issue has what GitLab requires: description, check_name, fingerprint, severity, path, begin")
    func fields() throws {
        let issues = try issues(DiagnosticSamples.report)
        #expect(issues.count == 3)
        let first = issues[0]
        #expect(first["type"] as? String == "issue")
        #expect(first["check_name"] as? String == "fixme")
        #expect(first["description"] as? String == "FIXME: first line\nsecond line\r\nthird — naïve ✓")
        #expect(first["categories"] as? [String] == ["Bug Risk"])
        let location = first["location"] as? [String: Any]
        #expect(location?["path"] as? String == "Sources/Café.swift")
        #expect((location?["lines"] as? [String: Any])?["begin"] as? Int == 10)
        #expect(issues.map { $0["severity"] as? String } == ["critical", "minor", "info"])
        #expect(issues.allSatisfy { ($0["fingerprint"] as? String)?.count == 16 })
        #expect(Set(issues.compactMap { $0["fingerprint"] as? String }).count == 3)
    }

    @Test("A finding moved by an unrelated edit keeps its fingerprint; two alike in a file differ")
    func stableFingerprints() throws {
        func report(_ lines: [Int]) -> DiagnosticReport {
            DiagnosticReport(
                tool: DiagnosticSamples.tool,
                diagnostics: lines.map {
                    Diagnostic(
                        location: SourceLocation(path: "Sources/A.swift", line: $0, column: 4), severity: .warning,
                        message: "TODO: retry", ruleID: "todo")
                }, filesScanned: 1)
        }
        let before = try issues(report([3, 9])).compactMap { $0["fingerprint"] as? String }
        let after = try issues(report([4, 10])).compactMap { $0["fingerprint"] as? String }
        #expect(before == after)
        #expect(before[0] != before[1])
    }

    @Test("No findings: an empty array; streamed in pieces, the same bytes as rendered whole")
    func emptyAndStreamed() {
        #expect(CodeClimateDiagnosticRenderer().render(DiagnosticSamples.empty) == "[]\n")
        let renderer = CodeClimateDiagnosticRenderer()
        var pieces: [String] = []
        renderer.write(DiagnosticSamples.report) { pieces.append($0) }
        #expect(pieces.joined() == renderer.render(DiagnosticSamples.report))
        #expect(renderer.render(DiagnosticSamples.report).hasPrefix("[\n{"))
        #expect(renderer.render(DiagnosticSamples.report).hasSuffix("}\n]\n"))
    }
}
