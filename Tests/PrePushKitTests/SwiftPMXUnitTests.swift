import Foundation
import Testing

@testable import PrePushKit

#if canImport(FoundationXML)
import FoundationXML
#endif

/// prepush reads SwiftPM's xUnit file without Foundation's `XMLParser` (`SwiftPMXUnit.Markup`), so
/// that its binary does not load libxml2: here `XMLParser` is the reference for what a document
/// holds, on the real captures and on markup SwiftPM does not write today but may (comments, single
/// quotes, references).
@Suite("SwiftPM's xUnit file, read without XMLParser")
struct SwiftPMXUnitTests {
    /// The tags of `data` as `XMLParser` reports them (an empty element: a start and an end);
    /// `nil` when it refuses the document.
    static func reference(_ data: Data) -> [String]? {
        final class Collector: NSObject, XMLParserDelegate {
            var tags: [String] = []
            func parser(
                _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String]
            ) {
                tags.append("<\(elementName) \(attributes.sorted { $0.key < $1.key })>")
            }
            func parser(
                _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
            ) {
                tags.append("</\(elementName)>")
            }
        }
        let parser = XMLParser(data: data)
        let collector = Collector()
        parser.delegate = collector
        parser.shouldResolveExternalEntities = false
        return parser.parse() ? collector.tags : nil
    }

    /// The same from ``SwiftPMXUnit/Markup``.
    static func scanned(_ data: Data) -> [String]? {
        var tags: [String] = []
        let completed = SwiftPMXUnit.Markup.scan(Array(data)) { tag in
            switch tag {
            case .start(let name, let attributes, let closed):
                tags.append("<\(name) \(attributes.sorted { $0.key < $1.key })>")
                if closed { tags.append("</\(name)>") }
            case .end(let name):
                tags.append("</\(name)>")
            }
        }
        return completed ? tags : nil
    }

    static let documents = [
        // Comments, a doctype, CDATA, single quotes, spaces around `=`, every reference.
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE testsuites>
        <!-- written by a later SwiftPM -->
        <testsuites>
          <testsuite name='Results' tests = "2">
            <testcase classname="M.C" name="test&lt;T&gt;(_:)" time="0.5"><failure message="a &amp; b &quot;q&quot; &apos;s&apos; &#8594; &#x2192;"/></testcase>
            <testcase classname="M.C" name="lone" time="1e-3"/>
            <testcase classname="M.C" name="text"><system-out><![CDATA[<not a tag>]]></system-out></testcase>
          </testsuite>
        </testsuites>
        """,
        "<testsuite><testcase\tname=\"tab\"\n classname=\"M.C\"></testcase></testsuite>",
    ]

    @Test("The tags and attributes XMLParser reads, from the real captures and from markup SwiftPM may write")
    func sameAsXMLParser() throws {
        let fixtures = try ["swift-test-parallel-xunit.xml", "swift-test-parallel-xunit-swift-testing.xml"].map {
            try ParallelTestRunTests.fixture($0)
        }
        for data in fixtures + Self.documents.map({ Data($0.utf8) }) {
            let expected = try #require(Self.reference(data))
            #expect(Self.scanned(data) == expected, "\(String(decoding: data, as: UTF8.self))")
        }
        let cases = try #require(SwiftPMXUnit.parse(Data(Self.documents[0].utf8)))
        #expect(cases.map(\.name) == ["test<T>(_:)", "lone", "text"])
        #expect(cases[0].message == "a & b \"q\" 's' \u{2192} \u{2192}")
        #expect(cases.map(\.failed) == [true, false, false])
        #expect(cases[1].seconds == 0.001)
    }

    /// (Not compared with XMLParser: on Linux its `parse()` returns `true` for each of these, having
    /// reported the tags before the error; on macOS it returns `false`, as the reader here does.)
    @Test("Markup that is not well-formed is no xUnit file: unfinished tags, comments and files, bad references")
    func malformed() {
        for text in [
            "<testsuites><testcase name=\"a\"", "<testsuites><!-- no end", "<testsuite><testcase name=\"&nbsp;\"/>",
            "<testsuite><testcase name=\"&#xZZ;\"/>", "<testsuite><testcase name=\"a<b\"/>",
            "<testsuite><testcase name=a/>", "<testsuite><testcase name=\"a\" name/>",
            // Cut short, or not nested.
            "<testsuites><testsuite><testcase name=\"a\"></testcase>", "<testsuite><testcase></testsuite></testcase>",
        ] {
            #expect(SwiftPMXUnit.parse(Data(text.utf8)) == nil, "\(text)")
        }
    }
}
