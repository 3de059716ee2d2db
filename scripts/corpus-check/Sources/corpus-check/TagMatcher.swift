/// The tag grammar todoscan promises, written independently of its sources: a tag word
/// (`TODO`, `FIXME`, `ERROR` by default; case-sensitive) not preceded by an identifier character,
/// followed by `:` or by `(ref):` where `ref` holds no parenthesis and no line break. The message
/// is `TAG(ref): text`, where the text is the rest of the line within the comment, trimmed.
///
/// A word right after a backtick is quoted in a Markdown code span (documentation about tags), not
/// a tag: todoscan's rule since 75401e7.
///
/// With `allowsMissingColon` (todoscan's `--allow-no-colon`) the colon may be left out as long as
/// the word (or the `(ref)`) ends there: no identifier character follows.
struct FoundTag: Sendable {
    /// Absolute byte offset of the tag word in the file.
    var offset: Int
    /// `TODO(ref): text`, as todoscan prints it.
    var message: String
}

struct TagMatcher: Sendable {
    static let defaultWords = ["TODO", "FIXME", "ERROR"]

    let words: [[UInt8]]
    let allowsMissingColon: Bool

    init(words: [String] = TagMatcher.defaultWords, allowsMissingColon: Bool = false) {
        self.words = words.map { Array($0.utf8) }
        self.allowsMissingColon = allowsMissingColon
    }

    private static let colon = UInt8(ascii: ":")
    private static let open = UInt8(ascii: "(")
    private static let close = UInt8(ascii: ")")
    private static let slash = UInt8(ascii: "/")
    private static let star = UInt8(ascii: "*")
    private static let backtick = UInt8(ascii: "`")

    /// The tags in one comment whose content (without `//`, `/*` and the closing `*/`) is
    /// `content`. `isBlock` is true for `/* */` and `/** */` comments, which nest.
    func tags(in bytes: UnsafeBufferPointer<UInt8>, content: Range<Int>, isBlock: Bool) -> [FoundTag] {
        var found: [FoundTag] = []
        let end = content.upperBound
        var cursor = content.lowerBound
        scan: while cursor < end {
            // The byte before the content is the comment's own `/` or `*`: never an identifier.
            if cursor > 0, bytes[cursor - 1] == Self.backtick || Self.isPrecededByIdentifier(bytes, at: cursor) {
                cursor += 1
                continue
            }
            for word in words where Self.hasPrefix(word, in: bytes, at: cursor, end: end) {
                let afterWord = cursor + word.count
                var reference: Range<Int>?
                let textStart: Int
                if afterWord < end, bytes[afterWord] == Self.colon {
                    textStart = afterWord + 1
                } else if afterWord < end, bytes[afterWord] == Self.open {
                    var closing = afterWord + 1
                    while closing < end, !Self.isLineBreak(bytes[closing]), bytes[closing] != Self.open,
                        bytes[closing] != Self.close
                    {
                        closing += 1
                    }
                    if closing + 1 < end, bytes[closing] == Self.close, bytes[closing + 1] == Self.colon {
                        reference = (afterWord + 1)..<closing
                        textStart = closing + 2
                    } else if allowsMissingColon, closing < end, bytes[closing] == Self.close,
                        !Self.isFollowedByIdentifier(bytes, at: closing + 1, end: end)
                    {
                        reference = (afterWord + 1)..<closing
                        textStart = closing + 1
                    } else if allowsMissingColon {
                        textStart = afterWord  // `(` ends the word
                    } else {
                        continue
                    }
                } else if allowsMissingColon, !Self.isFollowedByIdentifier(bytes, at: afterWord, end: end) {
                    textStart = afterWord
                } else {
                    continue
                }
                let textEnd =
                    isBlock
                    ? Self.blockTextEnd(bytes, from: textStart, end: end)
                    : Self.lineEnd(bytes, from: textStart, end: end)
                var head = String(decoding: word, as: UTF8.self)
                if let reference { head += "(" + Self.string(bytes, reference) + ")" }
                let text = Self.string(bytes, Self.trimmed(bytes, textStart..<textEnd))
                found.append(FoundTag(offset: cursor, message: text.isEmpty ? head : head + ": " + text))
                cursor = textStart
                continue scan
            }
            cursor += 1
        }
        return found
    }

    // MARK: - Pieces of the grammar

    private static func hasPrefix(
        _ word: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, end: Int
    )
        -> Bool
    {
        guard offset + word.count <= end else { return false }
        for index in 0..<word.count where bytes[offset + index] != word[index] { return false }
        return true
    }

    private static func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

    private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Int {
        var cursor = start
        while cursor < end, !isLineBreak(bytes[cursor]) { cursor += 1 }
        return cursor
    }

    /// The end of the text in a block comment: the line break, or the `*/` that closes the
    /// comment holding the tag (a comment nested after the tag is part of the text).
    private static func blockTextEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Int {
        var cursor = start
        var depth = 0
        while cursor < end, !isLineBreak(bytes[cursor]) {
            if bytes[cursor] == slash, cursor + 1 < end, bytes[cursor + 1] == star {
                depth += 1
                cursor += 2
            } else if bytes[cursor] == star, cursor + 1 < end, bytes[cursor + 1] == slash {
                if depth == 0 { return cursor }
                depth -= 1
                cursor += 2
            } else {
                cursor += 1
            }
        }
        return min(cursor, end)
    }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C }
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    // MARK: - Identifier characters (The Swift Programming Language, Lexical Structure)

    /// Whether the character before `offset` is an identifier character: a letter, digit, `_`
    /// or `$` in ASCII, or a scalar in Swift's identifier-character ranges.
    static func isPrecededByIdentifier(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let previous = bytes[offset - 1]
        if previous < 0x80 {
            switch previous {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
                return true
            default:
                return false
            }
        }
        // Walk back to the lead byte of the UTF-8 sequence (at most 4 bytes).
        var start = offset - 1
        while start > 0, offset - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: bytes[start..<offset]).makeIterator()
        var scalar: Unicode.Scalar = "\u{FFFD}"
        if case .scalarValue(let decoded) = decoder.decode(&iterator), iterator.next() == nil { scalar = decoded }
        return isIdentifierCharacter(scalar.value)
    }

    private static let identifierRanges: [ClosedRange<UInt32>] = [
        // identifier-head
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA,
        0xBC...0xBE, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF,
        0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF,
        0x1E00...0x1FFF,
        0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F,
        0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793,
        0x2C00...0x2DFF, 0x2E80...0x2FFF,
        0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF,
        0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F, 0xFE30...0xFE44,
        0xFE47...0xFFFD,
        0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD, 0x40000...0x4FFFD,
        0x50000...0x5FFFD, 0x60000...0x6FFFD, 0x70000...0x7FFFD, 0x80000...0x8FFFD,
        0x90000...0x9FFFD, 0xA0000...0xAFFFD, 0xB0000...0xBFFFD, 0xC0000...0xCFFFD,
        0xD0000...0xDFFFD, 0xE0000...0xEFFFD,
        // identifier-character beyond the heads: combining marks
        0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
    ]

    /// Whether the character at `offset` (before `end`) is an identifier character.
    static func isFollowedByIdentifier(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, end: Int) -> Bool {
        guard offset < end else { return false }
        let first = bytes[offset]
        if first < 0x80 {
            switch first {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
                return true
            default:
                return false
            }
        }
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: bytes[offset..<min(end, offset + 4)]).makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return true }  // U+FFFD
        return isIdentifierCharacter(scalar.value)
    }

    static func isIdentifierCharacter(_ value: UInt32) -> Bool {
        identifierRanges.contains { $0.contains(value) }
    }
}
