import Foundation
import Testing

@testable import PreflightCore
@testable import StringCatalogKit

@Suite("Reading .stringsdict files")
struct StringsDictTests {
    static let plural = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>files.count</key>
            <dict>
                <key>NSStringLocalizedFormatKey</key>
                <string>%#@files@ in %@</string>
                <key>files</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key>
                    <string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key>
                    <string>d</string>
                    <key>one</key>
                    <string>%d Datei</string>
                    <key>other</key>
                    <string>%d Dateien</string>
                </dict>
            </dict>
            <key>welcome</key>
            <dict>
                <key>NSStringVariableWidthRuleType</key>
                <dict>
                    <key>20</key>
                    <string>Hi</string>
                    <key>100</key>
                    <string>Welcome &amp; hello</string>
                </dict>
            </dict>
        </dict>
        </plist>
        """

    @Test("Format key, plural variable with value type and forms, width rules; lines of keys and strings")
    func plural() throws {
        let fixture = try CatalogFixture()
        let loaded = try fixture.loadOne("de.lproj/Localizable.stringsdict", Self.plural)
        #expect(loaded.problems.isEmpty)
        let entry = try #require(loaded.catalogs.entry(key: "files.count"))
        #expect(entry.locations.first?.line == 5)
        #expect(entry.locations.first?.column == 5)
        let german = try #require(entry.localizations["de"])
        #expect(german.format == .stringsdict)
        guard case .unit(let format) = german.content else {
            Issue.record("no format key unit")
            return
        }
        #expect(format.value == "%#@files@ in %@")
        #expect(format.location.line == 8)
        let files = try #require(german.substitution("files"))
        #expect(files.formatSpecifier == "d")
        #expect(files.argumentNumber == nil)
        #expect(files.location.line == 9)
        #expect(files.variations?.kind == .plural)
        #expect(files.variations?.categories == ["one", "other"])
        #expect(files.variations?.form("one")?.units.first?.location.line == 16)
        #expect(german.displayText == "%d Dateien in %@")

        let welcome = try #require(loaded.catalogs.entry(key: "welcome")?.localizations["de"]?.content)
        guard case .variations(let width) = welcome else {
            Issue.record("no width variations")
            return
        }
        #expect(width.kind == .width)
        #expect(width.categories == ["20", "100"])
        #expect(welcome.units.map(\.value) == ["Hi", "Welcome & hello"])
    }

    @Test("Broken XML is a syntax problem with the file and line")
    func brokenXML() throws {
        let fixture = try CatalogFixture()
        let broken = Self.plural.replacingOccurrences(of: "<string>%d Datei</string>", with: "<string>%d Datei</strin>")
        let loaded = try fixture.loadOne("de.lproj/Localizable.stringsdict", broken)
        #expect(loaded.catalogs.tables.isEmpty)
        let problem = try #require(loaded.problems.first)
        guard case .syntax(let location, let message) = problem else {
            Issue.record("not a syntax error: \(problem)")
            return
        }
        #expect(location.path.hasSuffix("de.lproj/Localizable.stringsdict"))
        #expect(location.line == 16)
        #expect(message.contains("malformed XML"))
    }

    @Test("A <key> without a value and a top level that is not a dictionary are reported")
    func badStructure() throws {
        let fixture = try CatalogFixture()
        try fixture.write(
            "en.lproj/A.stringsdict", "<plist version=\"1.0\">\n<dict>\n<key>a</key>\n</dict>\n</plist>\n")
        try fixture.write(
            "en.lproj/B.stringsdict", "<plist version=\"1.0\">\n<array>\n<string>x</string>\n</array>\n</plist>\n")
        let loaded = fixture.load(["en.lproj/A.stringsdict", "en.lproj/B.stringsdict"])
        #expect(loaded.problems.count == 2)
        #expect(loaded.problems.map(\.location.line) == [4, 2])
    }
}
