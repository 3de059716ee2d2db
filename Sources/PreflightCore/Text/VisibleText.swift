/// Text from outside — a shared record's fields, a file's name, a line a tool wrote — made safe to
/// print: each character a terminal or a viewer acts on instead of showing is written as Swift
/// writes it in a literal, `\u{1B}` (hexadecimal, upper case). Those are the C0 controls but tab
/// (line breaks included: a field printed on one line stays on it), DEL, the C1 controls, and the
/// line and paragraph separators (U+2028, U+2029), and the bidirectional embeddings, overrides
/// and isolates (U+202A–U+202E, U+2066–U+2069), which reorder what is shown. Everything else, a backslash included, is kept, so escaping twice changes nothing.
package enum VisibleText {
    /// `text` with every character of ``needsEscaping(_:)`` written as `\u{…}`.
    package static func escaped(_ text: String) -> String {
        // Every such character starts with a byte below 0x20, 0x7F, 0xC2 (C1) or 0xE2 (bidi):
        // most texts are passed over without decoding a scalar.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if needsEscaping(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` is written as `\u{…}` by ``escaped(_:)``.
    package static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
