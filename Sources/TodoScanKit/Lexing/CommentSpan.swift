#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where one comment's text lies in a file: byte offsets of its content, without the opening
/// delimiter (`//`, `/*`, `#`) and, for block comments, without the closing `*/`.
struct CommentSpan: Sendable, Hashable {
    /// Offset of the first content byte.
    var start: Int
    /// Offset just past the last content byte.
    var end: Int
    /// A `/* */` comment (whose text may hold a nested comment's `*/`), not a line comment.
    var isBlock: Bool = false
}

/// Finds the comments of a source file. Lexers are exact about where comments are not: string
/// literals of every kind, interpolations, regex and character literals.
enum CommentLexer {
    /// The comments of `source`, in order.
    ///
    /// With `through`, lexing may stop once it is past that offset: comments that start later are
    /// not needed (todoscan stops after the last place a tag word occurs).
    static func comments(
        in source: UnsafeBufferPointer<UInt8>, language: SourceLanguage, through limit: Int = .max
    ) -> [CommentSpan] {
        let source =
            limit < source.count
            ? UnsafeBufferPointer(rebasing: source[..<Self.endOfLine(after: limit, in: source)]) : source
        switch language {
        case .swift:
            var lexer = SwiftCommentLexer(source)
            return lexer.lex()
        case .cFamily:
            var lexer = CFamilyCommentLexer(source)
            return lexer.lex()
        case .python:
            var lexer = HashCommentLexer(source, style: .python)
            return lexer.lex()
        case .hashComments:
            var lexer = HashCommentLexer(source, style: .wordStart)
            return lexer.lex()
        }
    }

    /// Where the line holding `offset` ends (a comment holding `offset` is complete there unless it
    /// is a block comment, whose text after that line todoscan does not use).
    static func endOfLine(after offset: Int, in source: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = source.baseAddress, offset < source.count else { return source.count }
        guard let found = memchr(base + offset, Int32(Byte.newline), source.count - offset) else { return source.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The comments of `text` (convenience for tests and small inputs).
    static func comments(in text: String, language: SourceLanguage) -> [CommentSpan] {
        var copy = text
        return copy.withUTF8 { comments(in: $0, language: language) }
    }
}

/// Byte classes shared by the lexers.
enum Byte {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let slash = UInt8(ascii: "/")
    static let star = UInt8(ascii: "*")
    static let backslash = UInt8(ascii: "\\")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let hash = UInt8(ascii: "#")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let backtick = UInt8(ascii: "`")

    static func isLineEnd(_ byte: UInt8) -> Bool { byte == newline || byte == carriageReturn }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == newline || byte == carriageReturn || byte == 0x0B || byte == 0x0C
    }

    /// Letters, digits, `_`, `$` and every non-ASCII byte (identifiers may be Unicode).
    static func isIdentifier(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
            true
        default:
            byte >= 0x80
        }
    }
}
