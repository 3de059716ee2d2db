/// Finds `#` comments: Python's (anywhere outside a string, triple-quoted strings included) and
/// those of shell, Ruby, YAML and TOML (a `#` that starts a word, outside quotes that start a word).
struct HashCommentLexer {
    enum Style {
        case python
        case wordStart
    }

    private let source: UnsafeBufferPointer<UInt8>
    private let style: Style
    private var index = 0
    private var spans: [CommentSpan] = []

    init(_ source: UnsafeBufferPointer<UInt8>, style: Style) {
        self.source = source
        self.style = style
    }

    mutating func lex() -> [CommentSpan] {
        while index < source.count {
            let current = source[index]
            if current == Byte.hash && (style == .python || startsWord(index)) {
                var end = index + 1
                while end < source.count, !Byte.isLineEnd(source[end]) { end += 1 }
                spans.append(CommentSpan(start: index + 1, end: end))
                index = end
            } else if (current == Byte.quote || current == Byte.apostrophe) && (style == .python || startsWord(index)) {
                index = stringEnd(from: index, quote: current)
            } else {
                index += 1
            }
        }
        return spans
    }

    private func startsWord(_ offset: Int) -> Bool {
        guard offset > 0 else { return true }
        let before = source[offset - 1]
        return Byte.isSpace(before) || "=;(|&[{,:!".utf8.contains(before)
    }

    private func stringEnd(from start: Int, quote: UInt8) -> Int {
        let triple = style == .python && byte(start + 1) == quote && byte(start + 2) == quote
        var cursor = start + (triple ? 3 : 1)
        let escapes = style == .python || quote == Byte.quote
        while cursor < source.count {
            let current = source[cursor]
            if current == Byte.backslash && escapes {
                cursor += 2
            } else if current == quote {
                if !triple { return cursor + 1 }
                if byte(cursor + 1) == quote && byte(cursor + 2) == quote { return cursor + 3 }
                cursor += 1
            } else if Byte.isLineEnd(current) && style == .python && !triple {
                return cursor  // unterminated single-line Python string
            } else {
                cursor += 1
            }
        }
        return source.count
    }

    private func byte(_ offset: Int) -> UInt8? {
        offset < source.count ? source[offset] : nil
    }
}
