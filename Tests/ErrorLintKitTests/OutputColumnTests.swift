import Foundation
import Testing

@testable import ErrorLintKit
@testable import ErrorLintSettings
@testable import PreflightCore

/// errorlint's findings carry the UTF-16 column SARIF and GitHub count; text keeps the byte column.
@Suite struct OutputColumnTests {
    // Before the literal: a comment with an accent made of a combining mark, CJK and an emoji.
    static let line = "    var errorDescription: String? { /* e\u{301} 日本 😀 */ \"Not localized\" }"
    static let byteColumn = 59
    static let utf16Column = 52

    @Test func columnsOfALineWithNonASCIIText() throws {
        let prefix = try #require(Self.line.range(of: "\"Not")).lowerBound
        #expect(Self.line.utf8.distance(from: Self.line.startIndex, to: prefix) + 1 == Self.byteColumn)
        #expect(Self.line.utf16.distance(from: Self.line.startIndex, to: prefix) + 1 == Self.utf16Column)

        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": "struct E: LocalizedError {\n\(Self.line)\n}\n"
        ])
        func run(_ format: DiagnosticFormat) -> String {
            project.run {
                $0.format = format
                $0.ruleSettings = ["unlocalized-text": .severity(.warning)]
                $0.requiredMembers = []
            }.output
        }
        #expect(run(.text).contains("E.swift:2:\(Self.byteColumn): warning: errorDescription of 'E'"))
        #expect(run(.github).contains(",line=2,col=\(Self.utf16Column),title=unlocalized-text::"))

        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(run(.sarif).utf8)) as? [String: Any])
        let sarifRun = try #require((sarif["runs"] as? [[String: Any]])?.first)
        #expect(sarifRun["columnKind"] as? String == "utf16CodeUnits")
        let result = try #require((sarifRun["results"] as? [[String: Any]])?.first)
        let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        let region = try #require(physical?["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 2)
        #expect(region["startColumn"] as? Int == Self.utf16Column)

        // The JSON document carries both, so prepush can render errorlint's findings in any format.
        let json = run(.json)
        #expect(json.contains("\"column\" : \(Self.byteColumn)"))
        #expect(json.contains("\"utf16Column\" : \(Self.utf16Column)"))
    }
}
