#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the comments of C, C++, Objective-C and Objective-C++ source.
///
/// Handles `//` comments (continued onto the next line by a trailing `\`), `/* */` comments (which
/// do not nest), string literals (`"…"`, `@"…"`, with prefixes), C++ raw strings `R"delim(…)delim"`,
/// character literals, and C++14 digit separators (`1'000`).
struct CFamilyCommentLexer {
    private let source: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var spans: [CommentSpan] = []

    init(_ source: UnsafeBufferPointer<UInt8>) {
        self.source = source
    }

    /// The bytes that can start a comment, a string or a character literal.
    private static let significant = SignificantBytes(Byte.slash, Byte.quote, Byte.apostrophe)

    mutating func lex() -> [CommentSpan] {
        while true {
            index = Self.significant.next(in: source, from: index)
            guard index < source.count else { break }
            let current = source[index]
            if current == Byte.slash && byte(index + 1) == Byte.slash {
                lexLineComment()
            } else if current == Byte.slash && byte(index + 1) == Byte.star {
                let end = find(Byte.star, Byte.slash, from: index + 2)
                spans.append(CommentSpan(start: index + 2, end: end ?? source.count, isBlock: true))
                index = end.map { $0 + 2 } ?? source.count
            } else if current == Byte.quote {
                index =
                    isRawStringPrefix(before: index)
                    ? rawStringEnd(from: index + 1) : quotedEnd(from: index + 1, quote: Byte.quote)
            } else if current == Byte.apostrophe {
                index = isDigitSeparator(at: index) ? index + 1 : quotedEnd(from: index + 1, quote: Byte.apostrophe)
            } else {
                index += 1
            }
        }
        return spans
    }

    private mutating func lexLineComment() {
        var cursor = index + 2
        while cursor < source.count {
            cursor = CommentLexer.endOfLine(after: cursor, in: source)
            guard cursor < source.count else { break }
            // A backslash right before the newline continues the comment.
            var before = cursor - 1
            if before > index + 1 && source[before] == Byte.carriageReturn { before -= 1 }
            if before > index + 1 && source[before] == Byte.backslash {
                cursor += 1
                continue
            }
            break
        }
        var end = cursor
        if end > index + 2 && source[end - 1] == Byte.carriageReturn { end -= 1 }
        spans.append(CommentSpan(start: index + 2, end: end))
        index = cursor
    }

    /// Past the closing `quote` (escapes honoured), or at the end of an unterminated line.
    private func quotedEnd(from start: Int, quote: UInt8) -> Int {
        var cursor = start
        while cursor < source.count {
            let current = source[cursor]
            if current == Byte.backslash {
                cursor += 2
            } else if current == quote {
                return cursor + 1
            } else if current == Byte.newline {
                return cursor
            } else {
                cursor += 1
            }
        }
        return source.count
    }

    /// `R"` where `R` begins a token, alone or after an encoding prefix (`u8R`, `uR`, `UR`, `LR`).
    private func isRawStringPrefix(before quote: Int) -> Bool {
        guard quote >= 1, source[quote - 1] == UInt8(ascii: "R") else { return false }
        var start = quote - 1
        while start > 0, Byte.isIdentifier(source[start - 1]) { start -= 1 }
        let prefix = String(decoding: UnsafeBufferPointer(rebasing: source[start..<quote]), as: UTF8.self)
        return ["R", "u8R", "uR", "UR", "LR"].contains(prefix)
    }

    /// Past `)delim"` for a raw string whose delimiter starts at `start`.
    private func rawStringEnd(from start: Int) -> Int {
        var open = start
        while open < source.count, open - start <= 16, source[open] != UInt8(ascii: "(") {
            if Byte.isSpace(source[open]) || source[open] == Byte.backslash {
                return quotedEnd(from: start, quote: Byte.quote)
            }
            open += 1
        }
        guard open < source.count, source[open] == UInt8(ascii: "(") else {
            return quotedEnd(from: start, quote: Byte.quote)
        }
        let delimiter = Array(source[start..<open])
        var cursor = open + 1
        while cursor < source.count {
            if source[cursor] == UInt8(ascii: ")"), cursor + delimiter.count + 1 < source.count + 1,
                Array(source[(cursor + 1)..<min(source.count, cursor + 1 + delimiter.count)]) == delimiter,
                byte(cursor + 1 + delimiter.count) == Byte.quote
            {
                return cursor + delimiter.count + 2
            }
            cursor += 1
        }
        return source.count
    }

    /// `'` inside a number (`1'000'000`): the token it is in started with a digit.
    private func isDigitSeparator(at offset: Int) -> Bool {
        var start = offset
        while start > 0, Byte.isIdentifier(source[start - 1]) || source[start - 1] == Byte.apostrophe { start -= 1 }
        guard start < offset else { return false }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(source[start])
    }

    /// The next `first` followed by `second`, hopping between `first`s with `memchr`.
    private func find(_ first: UInt8, _ second: UInt8, from start: Int) -> Int? {
        guard let base = source.baseAddress else { return nil }
        var cursor = start
        while cursor + 1 < source.count {
            guard let found = memchr(base + cursor, Int32(first), source.count - cursor - 1) else { return nil }
            cursor = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if source[cursor + 1] == second { return cursor }
            cursor += 1
        }
        return nil
    }

    private func byte(_ offset: Int) -> UInt8? {
        offset < source.count ? source[offset] : nil
    }
}
