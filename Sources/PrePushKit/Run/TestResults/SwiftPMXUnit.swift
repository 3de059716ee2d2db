import Foundation

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

    /// The cases of `data`, in the file's order; `nil` when it is not such a file (markup that
    /// cannot be read, elements cut short, no `testsuites` or `testsuite` element).
    ///
    /// Read by ``Markup``, not Foundation's `XMLParser`: FoundationXML links libxml2, which loads
    /// ICU, lzma and zlib with it at every start of prepush (about 1.7 ms a push, measured, for a
    /// file only a parallel test run writes).
    static func parse(_ data: Data) -> [Case]? {
        var cases: [Case] = []
        var sawSuite = false
        var current: Case?
        let completed = Markup.scan(Array(data)) { tag in
            switch tag {
            case .start(let name, let attributes, let closed):
                switch name {
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
                if closed, name == "testcase", let finished = current {
                    cases.append(finished)
                    current = nil
                }
            case .end(let name):
                if name == "testcase", let finished = current {
                    cases.append(finished)
                    current = nil
                }
            }
        }
        guard completed, sawSuite else { return nil }
        return cases
    }

    /// The tags of an XML document as SwiftPM and swift-testing write their xUnit files: elements
    /// with attributes (in double or single quotes, with the five named entities and numeric
    /// character references), text, comments, CDATA, the declaration. Text is skipped: nothing
    /// read here is in it.
    enum Markup {
        enum Tag {
            case start(name: String, attributes: [String: String], closed: Bool)
            case end(name: String)
        }

        /// Calls `visit` with each tag in order; `false` when the bytes are not such markup, or its
        /// elements do not nest (a file cut short: the tags until then were visited).
        static func scan(_ bytes: [UInt8], visit: (Tag) -> Void) -> Bool {
            var index = 0
            var open: [String] = []
            func skip(past terminator: String) -> Bool {
                let end = Array(terminator.utf8)
                while index + end.count <= bytes.count {
                    if bytes[index..<(index + end.count)].elementsEqual(end) {
                        index += end.count
                        return true
                    }
                    index += 1
                }
                return false
            }
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "<") else {
                    index += 1
                    continue
                }
                let rest = bytes[index...]
                if rest.starts(with: "<?".utf8) {
                    guard skip(past: "?>") else { return false }
                } else if rest.starts(with: "<!--".utf8) {
                    guard skip(past: "-->") else { return false }
                } else if rest.starts(with: "<![CDATA[".utf8) {
                    guard skip(past: "]]>") else { return false }
                } else if rest.starts(with: "<!".utf8) {
                    guard skip(past: ">") else { return false }
                } else {
                    guard let (tag, next) = element(bytes, at: index) else { return false }
                    switch tag {
                    case .start(let name, _, let closed): if !closed { open.append(name) }
                    case .end(let name): guard open.popLast() == name else { return false }
                    }
                    visit(tag)
                    index = next
                }
            }
            return open.isEmpty
        }

        /// The tag at `start` (its `<`) and the index after its `>`; `nil` when it is malformed.
        private static func element(_ bytes: [UInt8], at start: Int) -> (Tag, Int)? {
            var index = start + 1
            let isEnd = index < bytes.count && bytes[index] == UInt8(ascii: "/")
            if isEnd { index += 1 }
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
            func isNameByte(_ byte: UInt8) -> Bool {
                !isSpace(byte) && !"/>=\"'<".utf8.contains(byte)
            }
            func name() -> String? {
                let begin = index
                while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
                return index > begin ? String(decoding: bytes[begin..<index], as: UTF8.self) : nil
            }
            func skipSpace() { while index < bytes.count, isSpace(bytes[index]) { index += 1 } }
            guard let elementName = name() else { return nil }
            var attributes: [String: String] = [:]
            while true {
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ">") {
                    let tag: Tag =
                        isEnd
                        ? .end(name: elementName) : .start(name: elementName, attributes: attributes, closed: false)
                    return (tag, index + 1)
                }
                if !isEnd, bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count,
                    bytes[index + 1] == UInt8(ascii: ">")
                {
                    return (.start(name: elementName, attributes: attributes, closed: true), index + 2)
                }
                guard !isEnd, let key = name() else { return nil }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
                index += 1
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
                else { return nil }
                let quote = bytes[index]
                guard let close = bytes[(index + 1)...].firstIndex(of: quote),
                    let value = decoded(bytes[(index + 1)..<close])
                else { return nil }
                attributes[key] = value
                index = close + 1
            }
        }

        /// An attribute's text with its references replaced; `nil` for an unknown entity, a
        /// reference that names no character, or a `<` (not allowed there).
        static func decoded(_ raw: ArraySlice<UInt8>) -> String? {
            guard raw.contains(UInt8(ascii: "&")) || raw.contains(UInt8(ascii: "<")) else {
                return String(decoding: raw, as: UTF8.self)
            }
            var text = ""
            var rest = raw[...]
            while let ampersand = rest.firstIndex(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") }) {
                guard rest[ampersand] == UInt8(ascii: "&"),
                    let semicolon = rest[ampersand...].firstIndex(of: UInt8(ascii: ";"))
                else { return nil }
                text += String(decoding: rest[..<ampersand], as: UTF8.self)
                let entity = String(decoding: rest[(ampersand + 1)..<semicolon], as: UTF8.self)
                guard let character = character(entity) else { return nil }
                text.append(character)
                rest = rest[(semicolon + 1)...]
            }
            return text + String(decoding: rest, as: UTF8.self)
        }

        /// The character an entity or character reference (between `&` and `;`) stands for.
        private static func character(_ entity: String) -> Character? {
            switch entity {
            case "lt": return "<"
            case "gt": return ">"
            case "amp": return "&"
            case "quot": return "\""
            case "apos": return "'"
            default:
                guard entity.hasPrefix("#") else { return nil }
                let digits = entity.dropFirst()
                let value =
                    digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                return value.flatMap(Unicode.Scalar.init).map(Character.init)
            }
        }
    }
}
