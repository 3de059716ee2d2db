import PreflightCore

/// Parses the text of a `.strings` file: an old-style property list dictionary without its braces.
///
/// Accepts what Foundation accepts: `"key" = "value";`, `"key";` (the value is the key), unquoted
/// words (`key = value;`), single or double quotes, `//` and `/* */` comments, and the escapes
/// `\" \' \\ \a \b \f \n \r \t \v`, `\U`/`\u` with up to four hex digits (surrogate pairs joined),
/// and up to three octal digits. Any syntax error rejects the whole file, as Foundation does.
struct StringsFileParser {
    private let bytes: [UInt8]
    private let path: String
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// `bytes` is UTF-8 text (see ``TextDecoding``).
    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// Parses one `.strings` file's bytes, whatever their encoding.
    static func parse(fileBytes: [UInt8], path: String) throws(CatalogReadError) -> StringsFile {
        let decoded = TextDecoding.utf8Bytes(of: fileBytes)
        guard let text = decoded.bytes else { throw .undecodable(path: path, encoding: decoded.encoding) }
        var parser = StringsFileParser(bytes: text, path: path)
        return try parser.parse()
    }

    mutating func parse() throws(CatalogReadError) -> StringsFile {
        var entries: [StringsFile.Entry] = []
        var positions: [String: Int] = [:]
        var duplicates: [(key: String, first: SourceLocation, duplicate: SourceLocation)] = []
        while true {
            try skipTrivia()
            guard index < bytes.count else { break }
            let keyLocation = location()
            guard let key = try string() else {
                throw syntax(keyLocation, "expected a quoted key, found \(found())")
            }
            try skipTrivia()
            var value = key
            if peek == UInt8(ascii: "=") {
                index += 1
                try skipTrivia()
                let valueLocation = location()
                guard let parsed = try string() else {
                    throw syntax(
                        valueLocation, "expected a quoted value after '=' for key \"\(key)\", found \(found())")
                }
                value = parsed
                let end = location()
                try skipTrivia()
                guard peek == UInt8(ascii: ";") else {
                    throw syntax(end, "missing ';' after the value of key \"\(key)\" (found \(found()))")
                }
            } else if peek != UInt8(ascii: ";") {
                throw syntax(location(), "expected '=' or ';' after key \"\(key)\", found \(found())")
            }
            index += 1
            let entry = StringsFile.Entry(key: key, value: value, location: keyLocation)
            if let earlier = positions[key] {
                duplicates.append((key, entries[earlier].location, keyLocation))
                entries[earlier] = entry
            } else {
                positions[key] = entries.count
                entries.append(entry)
            }
        }
        return StringsFile(entries: entries, duplicates: duplicates)
    }

    // MARK: Tokens

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func location() -> SourceLocation {
        let column = index - lineStart + 1
        return SourceLocation(
            path: path, line: line, column: column,
            utf16Column: SourceLocation.utf16Column(ofByteColumn: column, linePrefix: bytes[lineStart..<index]))
    }

    private func syntax(_ location: SourceLocation, _ message: String) -> CatalogReadError {
        .syntax(location, message: message)
    }

    /// What is at the current position, for messages.
    private func found() -> String {
        guard let byte = peek else { return "end of file" }
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return "end of line" }
        let end = min(bytes.count, index + 12)
        var text = String(decoding: bytes[index..<end], as: UTF8.self)
        if let newline = text.firstIndex(where: \.isNewline) { text = String(text[..<newline]) }
        return "'\(text)'"
    }

    private mutating func newline(at position: Int) {
        line += 1
        lineStart = position + 1
    }

    /// Skips white space and comments, counting lines.
    private mutating func skipTrivia() throws(CatalogReadError) {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                newline(at: index)
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                let start = location()
                index += 2
                while true {
                    guard index + 1 < bytes.count else {
                        throw syntax(start, "unterminated comment ('/*' without '*/')")
                    }
                    if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
                        index += 2
                        break
                    }
                    if bytes[index] == UInt8(ascii: "\n") { newline(at: index) }
                    index += 1
                }
            default:
                return
            }
        }
    }

    /// A quoted or unquoted string at the current position, or `nil` when none starts here.
    private mutating func string() throws(CatalogReadError) -> String? {
        guard let first = peek else { return nil }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") { return try quoted(first) }
        let start = index
        while index < bytes.count && Self.isUnquoted(bytes[index]) { index += 1 }
        return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    private static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    private mutating func quoted(_ quote: UInt8) throws(CatalogReadError) -> String {
        let start = location()
        index += 1
        let contentStart = index
        // Fast path: no escapes, the text is a slice of the file.
        while index < bytes.count && bytes[index] != quote && bytes[index] != UInt8(ascii: "\\") {
            if bytes[index] == UInt8(ascii: "\n") { newline(at: index) }
            index += 1
        }
        guard index < bytes.count else { throw syntax(start, "unterminated string (no closing quote)") }
        if bytes[index] == quote {
            index += 1
            return String(decoding: bytes[contentStart..<(index - 1)], as: UTF8.self)
        }
        var output = Array(bytes[contentStart..<index])
        var pendingHighSurrogate: UInt32?
        while true {
            guard index < bytes.count else { throw syntax(start, "unterminated string (no closing quote)") }
            let byte = bytes[index]
            if byte == quote {
                index += 1
                break
            }
            guard byte == UInt8(ascii: "\\") else {
                if let high = pendingHighSurrogate.take() { Self.append(high, to: &output) }
                if byte == UInt8(ascii: "\n") { newline(at: index) }
                output.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { throw syntax(start, "unterminated string (no closing quote)") }
            let escaped = bytes[index]
            index += 1
            if escaped == UInt8(ascii: "U") || escaped == UInt8(ascii: "u") {
                var scalar: UInt32 = 0
                var digits = 0
                while digits < 4, index < bytes.count, let digit = Self.hexValue(bytes[index]) {
                    scalar = scalar << 4 | digit
                    digits += 1
                    index += 1
                }
                if (0xDC00...0xDFFF).contains(scalar), let high = pendingHighSurrogate.take() {
                    Self.append(0x10000 + ((high - 0xD800) << 10) + (scalar - 0xDC00), to: &output)
                } else {
                    if let high = pendingHighSurrogate.take() { Self.append(high, to: &output) }
                    if (0xD800...0xDBFF).contains(scalar) {
                        pendingHighSurrogate = scalar
                    } else {
                        Self.append(scalar, to: &output)
                    }
                }
                continue
            }
            if let high = pendingHighSurrogate.take() { Self.append(high, to: &output) }
            switch escaped {
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "a"): output.append(0x07)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "v"): output.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escaped - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                    value = value << 3 | UInt32(bytes[index] - UInt8(ascii: "0"))
                    digits += 1
                    index += 1
                }
                Self.append(value, to: &output)
            case UInt8(ascii: "\n"):
                newline(at: index - 1)
                output.append(escaped)
            default:
                // `\"`, `\'`, `\\` and any other character stand for themselves.
                output.append(escaped)
            }
        }
        if let high = pendingHighSurrogate { Self.append(high, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Appends a scalar as UTF-8; a lone surrogate becomes U+FFFD.
    private static func append(_ value: UInt32, to output: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        output.append(contentsOf: UTF8.encode(scalar)!)
    }
}

extension Optional {
    /// The value, leaving `nil` behind.
    fileprivate mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}
