import Foundation
import Testing

@testable import PreflightCore
@testable import StringCatalogKit

/// Inputs the fuzz targets in `Fuzz/` crashed on (`scripts/fuzz.sh`), read from real files.
@Suite("Fuzz regressions: catalog readers")
struct FuzzRegressionTests {
    static let header = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>

        """.utf8)

    /// A property list whose element name is `<str` + `invalid` + `ing>`.
    static func document(invalid: [UInt8]) -> [UInt8] {
        header + Array("\t<key>hello</key>\n\t<str".utf8) + invalid
            + Array("ing>Hello</string>\n</dict>\n</plist>\n".utf8)
    }

    /// FoundationXML trapped on an element name that is not UTF-8 (fuzz target `strings`, an XML
    /// `.strings` file). Now a syntax error at the first bad byte.
    @Test func xmlStringsFileWithInvalidUTF8ElementName() throws {
        let fixture = try CatalogFixture()
        try fixture.write("en.lproj/Localizable.strings", bytes: Self.document(invalid: [0xFB, 0xFF, 0xFF, 0xFF]))
        let loaded = fixture.load(["en.lproj/Localizable.strings"])
        let problem = try #require(loaded.problems.first)
        guard case .syntax(let location, let message) = problem else {
            Issue.record("expected a syntax error, got \(problem)")
            return
        }
        #expect(location.line == 6 && location.column == 6)
        #expect(message == "the document is not valid UTF-8")
    }

    /// The same trap through a `.stringsdict` file (fuzz target `stringsdict`).
    @Test func stringsDictWithInvalidUTF8ElementName() throws {
        let fixture = try CatalogFixture()
        let bytes = Self.document(invalid: [UInt8](repeating: 0xFF, count: 64))
        try fixture.write("en.lproj/Localizable.stringsdict", bytes: bytes)
        let loaded = fixture.load(["en.lproj/Localizable.stringsdict"])
        #expect(loaded.problems.count == 1)
        #expect(loaded.problems.first?.location.line == 6)
        #expect(loaded.catalogs.tables.isEmpty)
    }

    /// A processing instruction without data made FoundationXML call `strlen` on a null pointer
    /// (fuzz target `stringsdict`, which started its document with `<?xml?>`).
    @Test(arguments: [
        "<?xml?>\n<plist version=\"1.0\"><dict/></plist>\n", "<plist version=\"1.0\">\n<?pi?><dict/></plist>",
    ])
    func processingInstructionWithoutData(document: String) throws {
        let fixture = try CatalogFixture()
        try fixture.write("en.lproj/Localizable.stringsdict", document)
        let loaded = fixture.load(["en.lproj/Localizable.stringsdict"])
        let problem = try #require(loaded.problems.first)
        #expect(problem.message == "catalog syntax error: a processing instruction without data")
    }

    /// An encoding declaration that names no encoding (`UTF-<?xml …`) still means UTF-8, and the
    /// invalid element name after it trapped FoundationXML (fuzz target `strings`).
    @Test func garbledEncodingDeclarationWithInvalidUTF8() throws {
        let fixture = try CatalogFixture()
        let bytes =
            Array("<?xml version=\"1.0\" encoding=\"UTF-<?xml version=\"1.0\" encoding=\"UTF-8\"?>\t<str".utf8)
            + [0xFB, 0xFF, 0xFF, 0xFF] + Array("Hello</string>\n</dict>\n".utf8)
        try fixture.write("en.lproj/Localizable.strings", bytes: bytes)
        let loaded = fixture.load(["en.lproj/Localizable.strings"])
        #expect(loaded.problems.count == 1)
        #expect(loaded.problems.first?.message == "catalog syntax error: the document is not valid UTF-8")
    }

    /// A processing instruction target that is not UTF-8, after an unclosed `encoding="utf-16`
    /// that libxml2 ignores (fuzz target `stringsdict`).
    @Test func invalidUTF8ProcessingInstructionTarget() throws {
        let fixture = try CatalogFixture()
        let bytes = Array("<?xml".utf8) + [0xE5] + Array(" encoding=\"utf-16?>\n<plist/>\n".utf8)
        try fixture.write("en.lproj/Localizable.stringsdict", bytes: bytes)
        let loaded = fixture.load(["en.lproj/Localizable.stringsdict"])
        #expect(loaded.problems.first?.message == "catalog syntax error: the document is not valid UTF-8")
    }

    /// A document in another single-byte encoding is refused too: an encoding declaration cannot
    /// be trusted to reach libxml2 (`encoding="utf-16UTF-"` after a garbled `version` crashed).
    @Test func latin1DocumentIsRefused() throws {
        let fixture = try CatalogFixture()
        let text = """
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <plist version="1.0"><dict><key>hello</key><string>caf\u{E9}</string></dict></plist>
            """
        let bytes = text.unicodeScalars.map { UInt8($0.value) }
        try fixture.write("fr.lproj/Localizable.strings", bytes: bytes)
        let loaded = fixture.load(["fr.lproj/Localizable.strings"])
        #expect(loaded.problems.first?.message == "catalog syntax error: the document is not valid UTF-8")
    }
}
