import Foundation

/// A file name git gives as bytes, as a `String` that names it alone: two names never become one.
///
/// A name of UTF-8 text in Unicode's composed form (NFC) with no backslash and no control character
/// is itself. Any other is written with git's C-style escapes (`core.quotePath`), without git's
/// enclosing quotes so its extension still says its language: every byte past ASCII and every
/// control character in octal (`e\377.swift`, `cafe\314\201.swift`), `\t`, `\n` and the like by
/// name, a backslash as `\\`. Only escaped names hold a backslash, so an escaped name is never
/// another name as it is; and as Swift's strings compare by canonical equivalence (`café` in NFC
/// and in NFD are equal), a name kept as text must be the one NFC form of it.
package enum GitPathName {
    /// The name for the bytes `bytes`.
    package static func name(_ bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self),
            !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }),
            text.utf8.allSatisfy({ $0 < 0x80 })
                || text.precomposedStringWithCanonicalMapping.utf8.elementsEqual(text.utf8)
        {
            return text
        }
        return escaped(Array(bytes))
    }

    /// The bytes of a name ``name(_:)`` gave.
    package static func bytes(_ name: String) -> [UInt8] {
        let utf8 = Array(name.utf8)
        guard utf8.contains(UInt8(ascii: "\\")) else { return utf8 }
        var bytes: [UInt8] = []
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            index += 1
            guard byte == UInt8(ascii: "\\"), index < utf8.count else {
                bytes.append(byte)
                continue
            }
            let next = utf8[index]
            if let named = named.first(where: { $0.letter == next }) {
                bytes.append(named.byte)
                index += 1
            } else if index + 3 <= utf8.count, utf8[index..<(index + 3)].allSatisfy({ (0x30...0x37).contains($0) }) {
                bytes.append(utf8[index..<(index + 3)].reduce(0) { $0 << 3 | ($1 - 0x30) })
                index += 3
            } else {
                bytes.append(byte)
            }
        }
        return bytes
    }

    /// The escapes git writes by name.
    private static let named: [(byte: UInt8, letter: UInt8)] = [
        (7, UInt8(ascii: "a")), (8, UInt8(ascii: "b")), (9, UInt8(ascii: "t")), (10, UInt8(ascii: "n")),
        (11, UInt8(ascii: "v")), (12, UInt8(ascii: "f")), (13, UInt8(ascii: "r")),
        (UInt8(ascii: "\\"), UInt8(ascii: "\\")),
    ]

    private static func escaped(_ bytes: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let named = named.first(where: { $0.byte == byte }) {
                text += "\\" + String(UnicodeScalar(named.letter))
            } else if byte < 0x20 || byte >= 0x7F {
                let octal = String(byte, radix: 8)
                text += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            } else {
                text.unicodeScalars.append(UnicodeScalar(byte))
            }
        }
        return text
    }
}
