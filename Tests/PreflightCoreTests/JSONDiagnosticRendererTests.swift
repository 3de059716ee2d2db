import Foundation
import Testing

@testable import PreflightCore

@Suite("JSONDiagnosticRenderer")
struct JSONDiagnosticRendererTests {
    @Test("Golden output: sorted keys, pretty-printed, slashes and non-ASCII unescaped")
    func golden() {
        let expected = #"""
            {
              "diagnostics" : [
                {
                  "column" : 1,
                  "fingerprint" : "fixme:FIXME: first line\nsecond line\r\nthird — naïve ✓",
                  "line" : 10,
                  "message" : "FIXME: first line\nsecond line\r\nthird — naïve ✓",
                  "path" : "Sources/Café.swift",
                  "ruleId" : "fixme",
                  "severity" : "error",
                  "utf16Column" : 1
                },
                {
                  "column" : 5,
                  "fingerprint" : "todo:TODO: 100% done: a, b",
                  "line" : 3,
                  "message" : "TODO: 100% done: a, b",
                  "path" : "Sources/My App/Main.swift",
                  "ruleId" : "todo",
                  "severity" : "warning",
                  "utf16Column" : 5
                },
                {
                  "column" : 9,
                  "fingerprint" : "hack:HACK: keep",
                  "line" : 12,
                  "message" : "HACK: keep",
                  "path" : "Sources/My App/Main.swift",
                  "ruleId" : "hack",
                  "severity" : "note",
                  "utf16Column" : 9
                }
              ],
              "filesScanned" : 812,
              "summary" : {
                "errors" : 1,
                "notes" : 1,
                "warnings" : 1
              },
              "tool" : "todoscan",
              "version" : "1.2.0"
            }

            """#
        #expect(JSONDiagnosticRenderer().render(DiagnosticSamples.report) == expected)
    }

    @Test("Decodes back to the same diagnostics, counts and tool")
    func roundTrip() throws {
        let report = DiagnosticSamples.report
        let text = JSONDiagnosticRenderer().render(report)
        let document = try JSONDecoder().decode(JSONDiagnosticDocument.self, from: Data(text.utf8))
        #expect(document.diagnostics.map(\.diagnostic) == report.diagnostics)
        #expect(document == JSONDiagnosticDocument(report))
        #expect(document.tool == "todoscan")
        #expect(document.version == "1.2.0")
        #expect(document.filesScanned == 812)
        #expect(document.summary == JSONDiagnosticDocument.Counts(errors: 1, warnings: 1, notes: 1))
    }

    @Test("Every documented key is present with its JSON type")
    func schema() throws {
        let text = JSONDiagnosticRenderer().render(DiagnosticSamples.report)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(root.keys) == ["tool", "version", "filesScanned", "diagnostics", "summary"])
        #expect(root["tool"] as? String == "todoscan")
        #expect(root["filesScanned"] as? Int == 812)
        let summary = try #require(root["summary"] as? [String: Int])
        #expect(summary == ["errors": 1, "warnings": 1, "notes": 1])
        let entries = try #require(root["diagnostics"] as? [[String: Any]])
        #expect(entries.count == 3)
        for entry in entries {
            #expect(
                Set(entry.keys) == [
                    "path", "line", "column", "utf16Column", "severity", "message", "ruleId", "fingerprint",
                ])
            #expect(entry["line"] is Int)
            #expect(entry["column"] is Int)
            #expect(["error", "warning", "note"].contains(entry["severity"] as? String ?? ""))
        }
    }

    @Test("A report without findings is still a full document")
    func empty() throws {
        let text = JSONDiagnosticRenderer().render(DiagnosticSamples.empty)
        #expect(text.hasSuffix("}\n"))
        let document = try JSONDecoder().decode(JSONDiagnosticDocument.self, from: Data(text.utf8))
        #expect(document.diagnostics.isEmpty)
        #expect(document.filesScanned == 3)
        #expect(document.summary == JSONDiagnosticDocument.Counts(errors: 0, warnings: 0, notes: 0))
    }

    @Test("The same report gives the same bytes")
    func deterministic() {
        let report = DiagnosticSamples.report
        #expect(JSONDiagnosticRenderer().render(report) == JSONDiagnosticRenderer().render(report))
    }
}
