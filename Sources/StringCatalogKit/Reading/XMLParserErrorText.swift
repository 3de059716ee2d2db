/// What an `XMLParser` error code means, in words, the same on every platform.
///
/// `String(describing: XMLParser.ErrorCode)` cannot be used. On Darwin the type is an imported
/// `NS_ENUM`, which prints its type name and raw value. On Linux swift-corelibs-foundation
/// numbers its cases from 0 while the codes it reports are libxml2's, numbered from 1 as
/// Darwin's are, so every name came out one case off (a tag mismatch, code 76, printed
/// `standaloneValueError`). Codes here are libxml2's and Darwin's (`NSXMLParserError`); any other
/// prints its number.
enum XMLParserErrorText {
    /// The text for `code`: a description for the codes a property list can meet, else its number.
    static func describe(_ code: Int) -> String {
        texts[code] ?? "XML parser error \(code)"
    }

    /// The codes a malformed property list can meet, by libxml2's (and Darwin's) numbering.
    static let texts: [Int: String] = [
        1: "internal error",
        2: "out of memory",
        3: "the document does not start with a tag",
        4: "empty document",
        5: "the document ends too early",
        6: "invalid hexadecimal character reference",
        7: "invalid decimal character reference",
        8: "invalid character reference",
        9: "invalid character",
        22: "an entity reference without a name",
        23: "an entity reference without ';'",
        26: "undeclared entity",
        31: "unknown encoding",
        32: "unsupported encoding",
        33: "a string was expected",
        34: "a string is not closed",
        38: "'<' in an attribute value",
        39: "an attribute value does not start with a quote",
        40: "an attribute value is not closed",
        41: "an attribute without a value",
        42: "an attribute given twice",
        43: "a quoted literal was expected",
        44: "a quoted literal is not closed",
        45: "a comment is not closed",
        46: "a processing instruction does not start",
        47: "a processing instruction is not closed",
        57: "the XML declaration is not closed",
        61: "the DOCTYPE declaration is not closed",
        62: "']]>' outside a CDATA section",
        63: "a CDATA section is not closed",
        64: "an XML declaration that is not at the start",
        65: "a space is required",
        68: "a name was expected",
        72: "'<' was expected",
        73: "'>' was expected",
        74: "'</' was expected",
        75: "'=' was expected",
        76: "the end tag does not match the start tag",
        77: "a tag is not closed",
        79: "invalid encoding name",
        80: "'--' in a comment",
        81: "the bytes do not match the encoding",
        85: "the tags are not balanced",
        86: "content after the document's end",
        512: "the reading was stopped",
    ]
}
