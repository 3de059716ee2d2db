import Testing

@testable import ErrorLintKit

@Suite struct FormatMismatchRuleTests {
    static func project(english: String, german: String) throws -> TemporaryProject {
        try TemporaryProject(
            files: CatalogExamples.xcstrings(
                key: "upload.failed", english: CatalogExamples.unit(english), german: CatalogExamples.unit(german)))
    }

    @Test func reorderedPositionalSpecifiersAreFine() throws {
        #expect(
            try Self.project(english: "%1$@ to %2$lld", german: "%2$lld: %1$@").lint(rule: "format-mismatch").isEmpty)
    }

    @Test func droppedObjectSpecifierIsReported() throws {
        let findings = try Self.project(english: "Could not upload %@.", german: "Hochladen fehlgeschlagen.")
            .lint(rule: "format-mismatch")
        #expect(findings.count == 1)
        #expect(findings.first?.hasPrefix("Sources/App/Resources/Localizable.xcstrings:") == true)
    }

    @Test func positionZeroIsInvalid() throws {
        #expect(!(try Self.project(english: "%1$@", german: "%0$@").lint(rule: "format-mismatch").isEmpty))
    }

    @Test func stringsdictVariablesExpand() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": """
            struct E: LocalizedError { var errorDescription: String? { String(localized: "files.count") } }
            """,
            "Sources/App/en.lproj/Localizable.stringsdict": Self.stringsdict(one: "%d file", other: "%d files"),
            "Sources/App/de.lproj/Localizable.stringsdict": Self.stringsdict(one: "eine Datei", other: "%@ Dateien"),
        ])
        #expect(project.lint(rule: "format-mismatch").count == 1)
    }

    static func stringsdict(one: String, other: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
          <key>files.count</key>
          <dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
            <key>files</key>
            <dict>
              <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
              <key>NSStringFormatValueTypeKey</key><string>d</string>
              <key>one</key><string>\(one)</string>
              <key>other</key><string>\(other)</string>
            </dict>
          </dict>
        </dict></plist>
        """
    }
}
