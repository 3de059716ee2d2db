import Foundation
import Testing

@testable import PreflightCore

@Suite("SARIFDiagnosticRenderer")
struct SARIFDiagnosticRendererTests {
    @Test("Golden output")
    func golden() {
        #expect(SARIFDiagnosticRenderer().render(DiagnosticSamples.report) == Self.golden + "\n")
    }

    @Test("The same input gives byte-identical output")
    func deterministic() {
        let first = Data(SARIFDiagnosticRenderer().render(DiagnosticSamples.report).utf8)
        #expect(first == Data(SARIFDiagnosticRenderer().render(DiagnosticSamples.report).utf8))
        let rebuilt = DiagnosticReport(
            tool: DiagnosticSamples.tool, diagnostics: DiagnosticSamples.report.diagnostics.reversed(),
            filesScanned: 812)
        let second = Data(SARIFDiagnosticRenderer().render(rebuilt).utf8)
        #expect(first == second)
    }

    @Test("Every field SARIF 2.1.0 requires and GitHub code scanning wants is there")
    func requiredFields() throws {
        let log = try Self.parse(SARIFDiagnosticRenderer().render(DiagnosticSamples.report))
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "todoscan")
        #expect(driver["version"] as? String == "1.2.0")
        #expect(driver["semanticVersion"] as? String == "1.2.0")
        #expect(driver["informationUri"] as? String == "https://github.com/example/preflight")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == ["todo", "fixme", "hack"])
        for rule in rules {
            #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(["error", "warning", "note"].contains(level ?? ""))
        }

        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 3)
        for result in results {
            let message = result["message"] as? [String: Any]
            #expect(message?["text"] is String)
            let ruleID = try #require(result["ruleId"] as? String)
            let ruleIndex = try #require(result["ruleIndex"] as? Int)
            #expect(rules[ruleIndex]["id"] as? String == ruleID)
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
            let locations = try #require(result["locations"] as? [[String: Any]])
            let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(physical["artifactLocation"] as? [String: Any])
            let uri = try #require(artifact["uri"] as? String)
            #expect(!uri.hasPrefix("/") && !uri.contains(" ") && !uri.contains("://"))
            #expect(URL(string: uri) != nil)
            #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
            let region = try #require(physical["region"] as? [String: Any])
            #expect((region["startLine"] as? Int ?? 0) >= 1)
            #expect((region["startColumn"] as? Int ?? 0) >= 1)
            let fingerprints = try #require(result["partialFingerprints"] as? [String: String])
            let hash = try #require(fingerprints["primaryLocationLineHash"])
            #expect(hash.wholeMatch(of: /[0-9a-f]{16}:[0-9]+/) != nil)
        }
    }

    @Test("Results carry the finding: rule, level, message, place and its fingerprint hash")
    func resultContent() throws {
        let log = try Self.parse(SARIFDiagnosticRenderer().render(DiagnosticSamples.report))
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        #expect(result["ruleId"] as? String == "fixme")
        #expect(result["ruleIndex"] as? Int == 1)
        #expect(result["level"] as? String == "error")
        #expect(
            (result["message"] as? [String: Any])?["text"] as? String == DiagnosticSamples.report.diagnostics[0].message
        )
        let fingerprint = DiagnosticSamples.report.diagnostics[0].fingerprint
        #expect(
            (result["partialFingerprints"] as? [String: String])
                == ["primaryLocationLineHash": StableHash.fnv1a64Hex(fingerprint) + ":1"])
    }

    @Test(
        "Paths become valid URI references",
        arguments: [
            ("Sources/My App/Main.swift", "Sources/My%20App/Main.swift", "%SRCROOT%"),
            ("./Sources/A.swift", "Sources/A.swift", "%SRCROOT%"),
            ("Sources/Café.swift", "Sources/Caf%C3%A9.swift", "%SRCROOT%"),
            ("a:b/100%#?[x].swift", "a%3Ab/100%25%23%3F%5Bx%5D.swift", "%SRCROOT%"),
            ("weird-._~!$&'()*+,;=@.swift", "weird-._~!$&'()*+,;=@.swift", "%SRCROOT%"),
            ("/home/me/My App/x.swift", "file:///home/me/My%20App/x.swift", nil),
        ] as [(String, String, String?)])
    func artifactLocations(path: String, uri: String, base: String?) {
        let location = SARIFArtifactLocation(path: path)
        #expect(location.uri == uri)
        #expect(location.uriBaseID == base)
        #expect(URL(string: location.uri) != nil)
    }

    @Test("A rule the tool does not list is added to tool.driver.rules at the finding's severity")
    func unknownRule() throws {
        let log = try Self.parse(SARIFDiagnosticRenderer().render(DiagnosticSamples.report))
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let hack = try #require(rules.last)
        #expect(hack["id"] as? String == "hack")
        #expect((hack["defaultConfiguration"] as? [String: Any])?["level"] as? String == "note")
        let result = try #require((run["results"] as? [[String: Any]])?.last)
        #expect(result["ruleId"] as? String == "hack")
        #expect(result["ruleIndex"] as? Int == 2)
    }

    @Test("Repeated findings in one file get occurrence suffixes; the same finding elsewhere starts at 1")
    func occurrences() throws {
        func todo(_ path: String, _ line: Int) -> Diagnostic {
            Diagnostic(
                location: SourceLocation(path: path, line: line, column: 3), severity: .warning, message: "TODO: x",
                ruleID: "todo")
        }
        let report = DiagnosticReport(
            tool: DiagnosticSamples.tool, diagnostics: [todo("a.swift", 9), todo("a.swift", 2), todo("b.swift", 4)],
            filesScanned: 2)
        let log = try Self.parse(SARIFDiagnosticRenderer().render(report))
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let hashes = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"] }
        let hash = StableHash.fnv1a64Hex("todo:TODO: x")
        #expect(hashes == [hash + ":1", hash + ":2", hash + ":1"])
    }

    @Test("semanticVersion only for MAJOR.MINOR.PATCH versions; empty informationUri left out")
    func driverVersions() throws {
        for (version, semantic) in [("1.2.0", true), ("0.1.0-beta.1+abc", true), ("dev", false), ("1.2", false)] {
            let tool = ToolDescriptor(name: "errorlint", version: version, informationURI: "", rules: [])
            let log = try Self.parse(
                SARIFDiagnosticRenderer().render(DiagnosticReport(tool: tool, diagnostics: [], filesScanned: 0)))
            let run = try #require((log["runs"] as? [[String: Any]])?.first)
            let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
            #expect(driver["version"] as? String == version)
            #expect((driver["semanticVersion"] as? String) == (semantic ? version : nil))
            #expect(driver["informationUri"] == nil)
            #expect((driver["rules"] as? [Any])?.isEmpty == true)
            #expect((run["results"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("startColumn counts UTF-16 code units, and the run declares columnKind")
    func utf16Columns() throws {
        // The byte column 26 is the UTF-16 column 23 here (é: 2 bytes, 1 unit; 😀: 4 bytes, 2 units).
        let line = #"let s = "héllo😀"; // TODO: x"#
        let byteColumn = line.utf8.count - "TODO: x".utf8.count + 1
        #expect(byteColumn == 26)
        let utf16Column = SourceLocation.utf16Column(ofByteColumn: byteColumn, linePrefix: Array(line.utf8))
        #expect(utf16Column == 23)
        let diagnostic = Diagnostic(
            location: SourceLocation(path: "a.swift", line: 1, column: byteColumn, utf16Column: utf16Column),
            severity: .warning, message: "TODO: x", ruleID: "todo")
        let log = try Self.parse(
            SARIFDiagnosticRenderer().render(
                DiagnosticReport(tool: DiagnosticSamples.tool, diagnostics: [diagnostic], filesScanned: 1)))
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((physical?["region"] as? [String: Any])?["startColumn"] as? Int == 23)
        // Text output keeps the compiler's byte column.
        #expect(TextDiagnosticRenderer().line(for: diagnostic) == "a.swift:1:26: warning: TODO: x")
    }

    private static func parse(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private static let golden = #"""
        {
          "$schema" : "https://json.schemastore.org/sarif-2.1.0.json",
          "runs" : [
            {
              "columnKind" : "utf16CodeUnits",
              "results" : [
                {
                  "level" : "error",
                  "locations" : [
                    {
                      "physicalLocation" : {
                        "artifactLocation" : {
                          "uri" : "Sources/Caf%C3%A9.swift",
                          "uriBaseId" : "%SRCROOT%"
                        },
                        "region" : {
                          "startColumn" : 1,
                          "startLine" : 10
                        }
                      }
                    }
                  ],
                  "message" : {
                    "text" : "FIXME: first line\nsecond line\r\nthird — naïve ✓"
                  },
                  "partialFingerprints" : {
                    "primaryLocationLineHash" : "58360049e9daee80:1"
                  },
                  "ruleId" : "fixme",
                  "ruleIndex" : 1
                },
                {
                  "level" : "warning",
                  "locations" : [
                    {
                      "physicalLocation" : {
                        "artifactLocation" : {
                          "uri" : "Sources/My%20App/Main.swift",
                          "uriBaseId" : "%SRCROOT%"
                        },
                        "region" : {
                          "startColumn" : 5,
                          "startLine" : 3
                        }
                      }
                    }
                  ],
                  "message" : {
                    "text" : "TODO: 100% done: a, b"
                  },
                  "partialFingerprints" : {
                    "primaryLocationLineHash" : "5028541f90599d4a:1"
                  },
                  "ruleId" : "todo",
                  "ruleIndex" : 0
                },
                {
                  "level" : "note",
                  "locations" : [
                    {
                      "physicalLocation" : {
                        "artifactLocation" : {
                          "uri" : "Sources/My%20App/Main.swift",
                          "uriBaseId" : "%SRCROOT%"
                        },
                        "region" : {
                          "startColumn" : 9,
                          "startLine" : 12
                        }
                      }
                    }
                  ],
                  "message" : {
                    "text" : "HACK: keep"
                  },
                  "partialFingerprints" : {
                    "primaryLocationLineHash" : "599695cf58d7b238:1"
                  },
                  "ruleId" : "hack",
                  "ruleIndex" : 2
                }
              ],
              "tool" : {
                "driver" : {
                  "informationUri" : "https://github.com/example/preflight",
                  "name" : "todoscan",
                  "rules" : [
                    {
                      "defaultConfiguration" : {
                        "level" : "warning"
                      },
                      "id" : "todo",
                      "shortDescription" : {
                        "text" : "A TODO comment"
                      }
                    },
                    {
                      "defaultConfiguration" : {
                        "level" : "error"
                      },
                      "id" : "fixme",
                      "shortDescription" : {
                        "text" : "A FIXME comment"
                      }
                    },
                    {
                      "defaultConfiguration" : {
                        "level" : "note"
                      },
                      "id" : "hack",
                      "shortDescription" : {
                        "text" : "hack"
                      }
                    }
                  ],
                  "semanticVersion" : "1.2.0",
                  "version" : "1.2.0"
                }
              }
            }
          ],
          "version" : "2.1.0"
        }
        """#
}
