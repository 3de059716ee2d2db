import Foundation

/// The string literals of a source file, as `unused-key` needs them: Swift (plain, multi-line and
/// raw strings; each interpolation as `%@`), Objective-C (`@"…"`, `"…"`), and the `<string>`
/// values of a property list. Comments are skipped. A literal next to `+` (`"error." + code`) is
/// part of a key built at run time, as is one with interpolations.
struct CodeLiterals: Sendable {
    /// Literals whose whole text is known, interpolations as `%@`.
    var complete: [String] = []
    /// Literals that are only part of a key: their pieces in order, with what is unknown
    /// between them (an interpolation) and, for `+`, before or after.
    var partial: [[String]] = []

    static func swift(_ bytes: [UInt8]) -> CodeLiterals {
        var lexer = Lexer(bytes: bytes)
        lexer.run()
        return lexer.literals
    }

    /// The `<string>` values of an XML property list (Settings bundles, Info.plist).
    static func propertyList(_ text: String) -> CodeLiterals {
        var literals = CodeLiterals()
        var rest = text[...]
        while let open = rest.range(of: "<string>") {
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "</string>") else { break }
            literals.complete.append(
                String(rest[..<close.lowerBound]).replacingOccurrences(of: "&lt;", with: "<")
                    .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
                    .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&"))
            rest = rest[close.upperBound...]
        }
        return literals
    }

    private struct Lexer {
        let bytes: [UInt8]
        var index = 0
        var literals = CodeLiterals()

        init(bytes: [UInt8]) { self.bytes = bytes }

        func byte(_ offset: Int = 0) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        mutating func run() {
            while index < bytes.count { step(closing: nil) }
        }

        /// Reads one token; returns `true` at `closing` (the `)` ending an interpolation).
        @discardableResult
        mutating func step(closing: UInt8?) -> Bool {
            let current = bytes[index]
            if current == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "/") {
                while let next = byte(), next != UInt8(ascii: "\n") { index += 1 }
                return false
            }
            if current == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
                var depth = 0
                while index < bytes.count {
                    if byte() == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
                        depth += 1
                        index += 2
                    } else if byte() == UInt8(ascii: "*"), byte(1) == UInt8(ascii: "/") {
                        depth -= 1
                        index += 2
                        if depth == 0 { break }
                    } else {
                        index += 1
                    }
                }
                return false
            }
            if current == UInt8(ascii: "#") || current == UInt8(ascii: "\"") {
                var pounds = 0
                while byte(pounds) == UInt8(ascii: "#") { pounds += 1 }
                if byte(pounds) == UInt8(ascii: "\"") {
                    let start = index
                    index += pounds
                    readString(pounds: pounds, start: start)
                    return false
                }
            }
            if let closing, current == closing {
                index += 1
                return true
            }
            if current == UInt8(ascii: "(") {
                index += 1
                while index < bytes.count, !step(closing: UInt8(ascii: ")")) {}
                return false
            }
            index += 1
            return false
        }

        /// Reads a string literal at `index` (its opening quote), after `pounds` `#`s.
        mutating func readString(pounds: Int, start: Int) {
            let multiline = byte(1) == UInt8(ascii: "\"") && byte(2) == UInt8(ascii: "\"")
            index += multiline ? 3 : 1
            var pieces: [String] = []
            var piece: [UInt8] = []
            while index < bytes.count {
                let current = bytes[index]
                if current == UInt8(ascii: "\"") {
                    let quotes = multiline ? 3 : 1
                    var closes = (0..<quotes).allSatisfy { byte($0) == UInt8(ascii: "\"") }
                    if closes { closes = (0..<pounds).allSatisfy { byte(quotes + $0) == UInt8(ascii: "#") } }
                    if closes {
                        index += quotes + pounds
                        break
                    }
                }
                if !multiline, current == UInt8(ascii: "\n") { break }
                let escapeAt = (0..<pounds).allSatisfy { byte(1 + $0) == UInt8(ascii: "#") }
                if current == UInt8(ascii: "\\"), escapeAt {
                    index += 1 + pounds
                    guard let escaped = byte() else { break }
                    if escaped == UInt8(ascii: "(") {
                        pieces.append(String(decoding: piece, as: UTF8.self))
                        piece = []
                        index += 1
                        while index < bytes.count, !step(closing: UInt8(ascii: ")")) {}
                        continue
                    }
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "n"): piece.append(UInt8(ascii: "\n"))
                    case UInt8(ascii: "t"): piece.append(UInt8(ascii: "\t"))
                    case UInt8(ascii: "r"): piece.append(UInt8(ascii: "\r"))
                    case UInt8(ascii: "0"): piece.append(0)
                    case UInt8(ascii: "u"):
                        var digits: [UInt8] = []
                        while let next = byte(), next != UInt8(ascii: "}") {
                            if next != UInt8(ascii: "{") { digits.append(next) }
                            index += 1
                        }
                        index += 1
                        if let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16),
                            let scalar = Unicode.Scalar(value)
                        {
                            piece += Array(String(Character(scalar)).utf8)
                        }
                    case UInt8(ascii: "\n"): break
                    default: piece.append(escaped)
                    }
                    continue
                }
                piece.append(current)
                index += 1
            }
            var text = String(decoding: piece, as: UTF8.self)
            if multiline {
                // The closing delimiter's indentation and the first and last line breaks are not
                // part of the value.
                var lines = Array(text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst())
                let indentation = lines.last.map { String($0.prefix { $0 == " " || $0 == "\t" }) } ?? ""
                if lines.last?.allSatisfy({ $0 == " " || $0 == "\t" }) == true { lines.removeLast() }
                text = lines.map { $0.hasPrefix(indentation) ? String($0.dropFirst(indentation.count)) : String($0) }
                    .joined(separator: "\n")
            }
            pieces.append(text)
            let before = previousSignificant(
                before: start - (start > 0 && bytes[start - 1] == UInt8(ascii: "@") ? 1 : 0))
            let after = nextSignificant()
            if before == UInt8(ascii: "+") { pieces.insert("", at: 0) }
            if after == UInt8(ascii: "+") { pieces.append("") }
            if pieces.count == 1 {
                literals.complete.append(pieces[0])
            } else {
                literals.complete.append(pieces.joined(separator: "%@"))
                literals.partial.append(pieces)
            }
        }

        func previousSignificant(before position: Int) -> UInt8? {
            var cursor = position - 1
            while cursor >= 0,
                bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\n")
                    || bytes[cursor] == UInt8(ascii: "\t")
            {
                cursor -= 1
            }
            return cursor >= 0 ? bytes[cursor] : nil
        }

        func nextSignificant() -> UInt8? {
            var cursor = index
            while cursor < bytes.count,
                bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\n")
                    || bytes[cursor] == UInt8(ascii: "\t")
            {
                cursor += 1
            }
            return cursor < bytes.count ? bytes[cursor] : nil
        }
    }
}
