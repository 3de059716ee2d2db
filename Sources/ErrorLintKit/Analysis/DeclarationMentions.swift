/// The identifiers a Swift file mentions in declaration headers: from `extension`, `enum`,
/// `struct`, `class`, `actor`, `protocol` or `typealias` up to the next `{`. That covers the
/// declared name, the extended type, the inheritance clause and an alias's target.
///
/// A cheap lexical pass, not a parse: it may take a word from a comment or a string (which only
/// means an extra file gets parsed), but it never misses a declaration header, so the prefilter
/// built on it gives the same findings as parsing every file.
enum DeclarationMentions {
    private static let keywords: Set<ArraySlice<UInt8>> = Set(
        ["extension", "enum", "struct", "class", "actor", "protocol", "typealias"].map { ArraySlice(Array($0.utf8)) })

    static func identifiers(in bytes: UnsafeBufferPointer<UInt8>) -> Set<String> {
        var found = Set<String>()
        var index = 0
        let count = bytes.count
        var inHeader = false
        while index < count {
            let byte = bytes[index]
            if isIdentifierByte(byte) {
                let start = index
                while index < count, isIdentifierByte(bytes[index]) { index += 1 }
                // A word that starts in the middle of a number or after `.`-less identifier glue is
                // still a word here; over-collecting is harmless.
                let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if inHeader {
                    found.insert(String(decoding: word, as: UTF8.self))
                } else if word.count >= 4, word.count <= 9, keywords.contains(ArraySlice(word)) {
                    inHeader = true
                }
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: ";") { inHeader = false }
            index += 1
        }
        return found
    }

    /// The bytes taken as a word's (ASCII letters, digits, `_`, and every byte of a non-ASCII character).
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...0xFF:
            true
        default: false
        }
    }
}
