import Foundation
import Testing

@testable import ErrorLintKit

@Suite struct MissingKeyRuleTests {
    static let source = """
        enum E: LocalizedError {
            case a, b
            var errorDescription: String? {
                switch self {
                case .a: NSLocalizedString("a.key", tableName: "Errors", comment: "")
                case .b: String(localized: "b.key")
                }
            }
        }
        """

    @Test func tablesSelectTheFileAndEveryLanguageNeedsTheKey() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": Self.source,
            "Sources/App/en.lproj/Errors.strings": "\"a.key\" = \"A\";\n",
            "Sources/App/en.lproj/Localizable.strings": "\"b.key\" = \"B\";\n\"a.key\" = \"wrong table\";\n",
            "Sources/App/de.lproj/Localizable.strings": "\"b.key\" = \"B\";\n",
        ])
        let findings = project.lint(rule: "missing-key")
        // a.key is in Errors for en only: de ships (it has a Localizable table), so it is missing there.
        #expect(findings.count == 1)
        #expect(findings.first?.contains("a.key") == true)
        #expect(findings.first?.contains("de") == true)
    }

    @Test func utf16StringsFilesAreRead() throws {
        let project = try TemporaryProject(files: ["Sources/App/E.swift": Self.source])
        var data = Data([0xFF, 0xFE])
        data += "\"a.key\" = \"A\";\n".data(using: .utf16LittleEndian)!
        try project.write("Sources/App/en.lproj/Errors.strings", data: data)
        try project.write("Sources/App/en.lproj/Localizable.strings", "\"b.key\" = \"B\";\n")
        #expect(project.lint(rule: "missing-key").isEmpty)
    }

    @Test func languagesCanBeGiven() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": Self.source,
            "Sources/App/en.lproj/Errors.strings": "\"a.key\" = \"A\";\n",
            "Sources/App/en.lproj/Localizable.strings": "\"b.key\" = \"B\";\n",
        ])
        #expect(project.lint(rule: "missing-key").isEmpty)
        let findings = project.lint(rule: "missing-key") { $0.languages = ["en", "fr"] }
        #expect(findings.count == 2)
    }

    @Test func noCatalogsMeansNoKeyChecks() throws {
        let project = try TemporaryProject(files: ["Sources/App/E.swift": Self.source])
        #expect(project.lint(rule: "missing-key").isEmpty)
    }
}
