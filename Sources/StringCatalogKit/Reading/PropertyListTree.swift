import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML property list read with `XMLParser`, so every key and value keeps its line
/// (`PropertyListSerialization` gives none).
final class PropertyListNode {
    enum Kind: Equatable {
        case dictionary
        case array
        /// `<string>`, `<integer>`, `<real>`, `<date>`, `<data>`: the text as written.
        case scalar(String)
        case boolean(Bool)
    }

    struct Member {
        var key: String
        var line: Int
        var column: Int
        var value: PropertyListNode
    }

    var kind: Kind
    var line: Int
    var column: Int
    var members: [Member] = []
    var elements: [PropertyListNode] = []
    var text = ""

    init(kind: Kind, line: Int, column: Int) {
        self.kind = kind
        self.line = line
        self.column = column
    }

    func member(_ key: String) -> Member? { members.last { $0.key == key } }

    var string: String? {
        if case .scalar(let text) = kind { return text }
        return nil
    }

    /// Where parsing failed.
    struct SyntaxError: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// The document's top value (inside `<plist>`).
    static func parse(_ data: Data) throws(SyntaxError) -> PropertyListNode {
        if let refused = XMLParserGuard.problem(in: data) { throw refused }
        let parser = XMLParser(data: data)
        let builder = Builder()
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let parsed = parser.parse()
        if let problem = builder.problem { throw problem }
        if let error = builder.syntaxError { throw error }
        guard parsed else {
            let code = (parser.parserError as NSError?)?.code ?? 0
            let name = XMLParserErrorText.describe(code)
            throw SyntaxError(
                line: max(1, parser.lineNumber), column: max(1, parser.columnNumber), message: "malformed XML (\(name))"
            )
        }
        guard let root = builder.root else { throw SyntaxError(line: 1, column: 1, message: "no property list value") }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: PropertyListNode?
        var problem: SyntaxError?
        var syntaxError: SyntaxError?
        /// Open containers, each with the key it will be stored under in its parent.
        private var stack: [(node: PropertyListNode, key: (key: String, line: Int, column: Int)?)] = []
        private var pendingKey: (key: String, line: Int, column: Int)?
        private var text: String?
        private var textLine = 0
        private var textColumn = 0

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            let line = parser.lineNumber
            // XMLParser gives the column of the tag's '>'; plist tags other than <plist> have no
            // attributes, so the tag starts its length earlier.
            let column = max(1, parser.columnNumber - elementName.utf8.count - 1)
            switch elementName {
            case "dict", "array":
                let node = PropertyListNode(
                    kind: elementName == "dict" ? .dictionary : .array, line: line, column: column)
                stack.append((node, pendingKey))
                pendingKey = nil
            case "key", "string", "integer", "real", "date", "data":
                text = ""
                textLine = line
                textColumn = column
            case "true", "false", "plist":
                break
            default:
                fail(parser, "unknown property list element <\(elementName)>")
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text? += string
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            text? += String(decoding: block, as: UTF8.self)
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            switch elementName {
            case "key":
                if let top = stack.last, top.node.kind == .dictionary, pendingKey == nil {
                    pendingKey = (text ?? "", textLine, textColumn)
                } else {
                    fail(parser, "<key> outside a <dict> or after another <key>")
                }
                text = nil
            case "string", "integer", "real", "date", "data":
                attach(PropertyListNode(kind: .scalar(text ?? ""), line: textLine, column: textColumn), parser)
                text = nil
            case "true", "false":
                let node = PropertyListNode(
                    kind: .boolean(elementName == "true"), line: parser.lineNumber, column: parser.columnNumber)
                attach(node, parser)
            case "dict", "array":
                guard let (node, key) = stack.popLast() else { return }
                if pendingKey != nil { fail(parser, "<key> without a value") }
                pendingKey = key
                attach(node, parser)
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            // The first error's place; by the time parse() returns, the parser may be further on.
            if syntaxError == nil {
                let code = (parseError as NSError).code
                let name = XMLParserErrorText.describe(code)
                syntaxError = SyntaxError(
                    line: max(1, parser.lineNumber), column: max(1, parser.columnNumber),
                    message: "malformed XML (\(name))")
            }
        }

        private func attach(_ node: PropertyListNode, _ parser: XMLParser) {
            guard let parent = stack.last?.node else {
                if root == nil { root = node } else { fail(parser, "more than one top-level value") }
                return
            }
            if parent.kind == .array {
                parent.elements.append(node)
            } else if let key = pendingKey {
                parent.members.append(Member(key: key.key, line: key.line, column: key.column, value: node))
                pendingKey = nil
            } else {
                fail(parser, "a value in a <dict> without its <key>")
            }
        }

        private func fail(_ parser: XMLParser, _ message: String) {
            if problem == nil {
                problem = SyntaxError(line: parser.lineNumber, column: max(1, parser.columnNumber), message: message)
            }
            parser.abortParsing()
        }
    }
}
