import Foundation

/// Refuses the few documents that crash FoundationXML's `XMLParser` on Linux instead of failing
/// (found by the fuzz targets in `Fuzz/`): libxml2 reports them to FoundationXML, whose callbacks
/// then trap on a force-unwrap or call `strlen` on a null pointer. None is a valid property list.
enum XMLParserGuard {
    /// Why `data` must not reach `XMLParser`, or `nil` when it may.
    static func problem(in data: Data) -> PropertyListNode.SyntaxError? {
        let bytes = [UInt8](data)
        return emptyProcessingInstruction(in: bytes) ?? invalidUTF8(in: bytes)
    }

    /// A processing instruction without data, `<?name?>` (`<?xml?>` too): FoundationXML passes its
    /// null data pointer to `strlen`.
    static func emptyProcessingInstruction(in bytes: [UInt8]) -> PropertyListNode.SyntaxError? {
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, !isNameEnd(bytes[end]) { end += 1 }
            if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") {
                let place = position(of: index, in: bytes)
                return .init(
                    line: place.line, column: place.column, message: "a processing instruction without data")
            }
            index = end
        }
        return nil
    }

    /// Where a document that is not UTF-16 first breaks UTF-8: libxml2 passes such an element
    /// name or processing-instruction target on, and FoundationXML traps on it. An `encoding`
    /// declaration does not exempt a document: libxml2 ignores a garbled or unknown one and reads
    /// UTF-8 anyway (fuzzing found both), and Xcode and `plutil` write property lists in UTF-8.
    static func invalidUTF8(in bytes: [UInt8]) -> PropertyListNode.SyntaxError? {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        for start: [UInt8] in [[0xFF, 0xFE], [0xFE, 0xFF], [0x3C, 0x00], [0x00, 0x3C]] where bytes.starts(with: start) {
            return nil
        }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                offset += scalar.count
            case .error:
                let place = position(of: offset, in: bytes)
                return .init(line: place.line, column: place.column, message: "the document is not valid UTF-8")
            case .emptyInput:
                return nil
            }
        }
    }

    private static func isNameEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "?") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<") || byte == 0x20
            || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// 1-based line and column (in bytes) of `offset`.
    private static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}
