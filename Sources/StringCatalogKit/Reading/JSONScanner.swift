/// A JSON value with the place it starts, for diagnostics that point into a string catalog.
struct JSONNode: Sendable {
    indirect enum Value: Sendable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        /// The number as written.
        case number(String)
        case bool(Bool)
        case null
    }

    /// An object member; members keep the file's order (a repeated key appears twice).
    struct Member: Sendable {
        var key: String
        /// 1-based line and column (UTF-8 bytes) of the key's opening quote.
        var line: Int
        var column: Int
        var value: JSONNode
    }

    var value: Value
    var line: Int
    var column: Int

    /// The members when this is an object.
    var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The last member named `key` (JSON decoders let the later one win).
    func member(_ key: String) -> Member? {
        members?.last { $0.key == key }
    }

    var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    var int: Int? {
        if case .number(let text) = value { return Int(text) }
        return nil
    }
}

/// A strict JSON (RFC 8259) reader over UTF-8 bytes that records the line and column of every
/// value and key. One linear pass; strings without escapes are decoded straight from the bytes.
struct JSONScanner {
    /// Where and why the text is not JSON.
    struct SyntaxError: Error {
        var line: Int
        var column: Int
        var message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    private static let maximumDepth = 512

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
    }

    /// The document's single value.
    mutating func parse() throws(SyntaxError) -> JSONNode {
        skipSpace()
        let root = try value()
        skipSpace()
        guard index == bytes.count else { throw error("unexpected \(found()) after the end of the JSON value") }
        return root
    }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(line: line, column: index - lineStart + 1, message: message)
    }

    private func found() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte < 0x20 { return "control character 0x" + String(byte, radix: 16) }
        let end = min(bytes.count, index + 10)
        var text = String(decoding: bytes[index..<end], as: UTF8.self)
        if let newline = text.firstIndex(where: \.isNewline) { text = String(text[..<newline]) }
        return "'\(text)'"
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private mutating func value() throws(SyntaxError) -> JSONNode {
        let startLine = line
        let startColumn = index - lineStart + 1
        guard index < bytes.count else { throw error("expected a value, found end of file") }
        let value: JSONNode.Value
        switch bytes[index] {
        case UInt8(ascii: "{"): value = try object()
        case UInt8(ascii: "["): value = try array()
        case UInt8(ascii: "\""): value = .string(try string())
        case UInt8(ascii: "t"): value = try literal("true", .bool(true))
        case UInt8(ascii: "f"): value = try literal("false", .bool(false))
        case UInt8(ascii: "n"): value = try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try number()
        default: throw error("expected a value, found \(found())")
        }
        return JSONNode(value: value, line: startLine, column: startColumn)
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func object() throws(SyntaxError) -> JSONNode.Value {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSONNode.Member] = []
        skipSpace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a quoted key, found \(found())")
            }
            let keyLine = line
            let keyColumn = index - lineStart + 1
            let key = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after key \"\(key)\", found \(found())")
            }
            index += 1
            skipSpace()
            members.append(JSONNode.Member(key: key, line: keyLine, column: keyColumn, value: try value()))
            skipSpace()
            guard index < bytes.count else { throw error("expected ',' or '}', found end of file") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipSpace()
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw error("expected ',' or '}' after the value of \"\(key)\", found \(found())")
        }
    }

    private mutating func array() throws(SyntaxError) -> JSONNode.Value {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONNode] = []
        skipSpace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            skipSpace()
            guard index < bytes.count else { throw error("expected ',' or ']', found end of file") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipSpace()
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            throw error("expected ',' or ']', found \(found())")
        }
    }

    private mutating func literal(_ word: String, _ value: JSONNode.Value) throws(SyntaxError) -> JSONNode.Value {
        let utf8 = Array(word.utf8)
        guard bytes.count - index >= utf8.count, bytes[index..<(index + utf8.count)].elementsEqual(utf8) else {
            throw error("expected a value, found \(found())")
        }
        index += utf8.count
        return value
    }

    private mutating func number() throws(SyntaxError) -> JSONNode.Value {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits() > 0 else { throw error("expected a digit, found \(found())") }
        if bytes[integerStart] == UInt8(ascii: "0") && index - integerStart > 1 {
            throw error("a number must not start with 0")
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected a digit after '.', found \(found())") }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard digits() > 0 else { throw error("expected a digit in the exponent, found \(found())") }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func string() throws(SyntaxError) -> String {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("unescaped \(found()) in a string (strings end on their line)") }
            index += 1
        }
        var output = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else { throw error("unterminated string, found end of file") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: output, as: UTF8.self)
            }
            if byte < 0x20 { throw error("unescaped \(found()) in a string (strings end on their line)") }
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { throw error("unterminated string, found end of file") }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escaped)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                {
                    let saved = index
                    index += 2
                    let low = try hex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = saved
                    }
                }
                output.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}")!)
            default:
                index -= 2
                throw error("invalid escape '\\\(String(decoding: [escaped], as: UTF8.self))' in a string")
            }
        }
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error("expected 4 hex digits after \\u, found end of file") }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected 4 hex digits after \\u, found \(found())")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
