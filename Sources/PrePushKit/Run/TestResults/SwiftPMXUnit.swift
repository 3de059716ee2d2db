import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// SwiftPM's xUnit file: what `swift test --parallel --xunit-output FILE` writes of the XCTest
/// tests it ran, each in a process of its own. One `<testcase classname="Module.Class"
/// name="test" time="…">` per test, the time being its process's; a failed test holds `<failure
/// message="failure">` and nothing more (no message, no `file:line`), and a skipped test reads as
/// passed. Swift Testing's tests go to a second file beside it (`FILE` with `-swift-testing`
/// before its extension), which is not read here: the event stream says more.
enum SwiftPMXUnit {
    struct Case: Sendable, Equatable {
        /// `Module.Class`.
        var suite: String
        var name: String
        var seconds: Double?
        var failed: Bool
        /// The failure's message, when it says more than SwiftPM's placeholder `failure`.
        var message: String?
        var skipped = false
    }

    /// The cases of `data`, in the file's order; `nil` when it is not such a file (unreadable XML,
    /// no `testsuites` or `testsuite` element).
    static func parse(_ data: Data) -> [Case]? {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        guard parser.parse(), reader.sawSuite else { return nil }
        return reader.cases
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var cases: [Case] = []
        var sawSuite = false
        private var current: Case?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String]
        ) {
            switch elementName {
            case "testsuites", "testsuite": sawSuite = true
            case "testcase":
                current = Case(
                    suite: attributes["classname"] ?? "", name: attributes["name"] ?? "",
                    seconds: attributes["time"].flatMap(Double.init), failed: false)
            case "failure", "error":
                current?.failed = true
                if let message = attributes["message"], !message.isEmpty, message != "failure" {
                    current?.message = message
                }
            case "skipped": current?.skipped = true
            default: break
            }
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            guard elementName == "testcase", let finished = current else { return }
            cases.append(finished)
            current = nil
        }
    }
}
