import Foundation
import Testing

@testable import PreflightCore
@testable import StringCatalogKit

/// XMLParser's error codes in words: the same text on every platform, never a type name.
@Suite("XMLParser error codes in words")
struct XMLParserErrorTextTests {
    /// What parsing `document` reports.
    static func message(_ document: String) -> String? {
        do {
            _ = try PropertyListNode.parse(Data(document.utf8))
            return nil
        } catch {
            return error.message
        }
    }

    @Test(
        "Malformed documents name their real fault",
        arguments: [
            ("<plist><dict></plist>", "malformed XML (the end tag does not match the start tag)"),
            ("<plist>&foo;</plist>", "malformed XML (undeclared entity)"),
            ("<plist a=></plist>", "malformed XML (an attribute value does not start with a quote)"),
            ("<plist><string>\u{1}</string></plist>", "malformed XML (invalid character)"),
            ("<plist b='1' b='2'></plist>", "malformed XML (an attribute given twice)"),
            ("<plist><!-- x </plist>", "malformed XML (a comment is not closed)"),
            ("  <?xml version=\"1.0\"?><plist/>", "malformed XML (an XML declaration that is not at the start)"),
            ("<plist", "malformed XML ('>' was expected)"),
        ])
    func namesTheFault(document: String, expected: String) {
        #expect(Self.message(document) == expected)
    }

    @Test("An unknown code prints its number; no text is a type name or a case name")
    func fallbackAndShape() {
        #expect(XMLParserErrorText.describe(9_999) == "XML parser error 9999")
        #expect(XMLParserErrorText.describe(0) == "XML parser error 0")
        for (code, text) in XMLParserErrorText.texts {
            #expect(!text.contains("ErrorCode") && !text.contains("Error") && !text.isEmpty, "\(code): \(text)")
        }
    }

    @Test("A .stringsdict with a mismatched end tag says so at its line")
    func stringsdictMismatch() throws {
        let fixture = try CatalogFixture()
        let loaded = try fixture.loadOne(
            "de.lproj/Localizable.stringsdict",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>files</key>
                <string>%d Datei</strin>
            </dict>
            </plist>
            """)
        guard case .syntax(let location, let message) = try #require(loaded.problems.first) else {
            Issue.record("not a syntax error: \(loaded.problems)")
            return
        }
        #expect(location.line == 5)
        #expect(message.contains("malformed XML (the end tag does not match the start tag)"), "\(message)")
    }
}
