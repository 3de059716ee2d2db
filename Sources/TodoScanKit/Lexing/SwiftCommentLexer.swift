/// Finds the comments of Swift source, skipping everything that only looks like one.
///
/// Handles `//` and `///` line comments; `/* */` and `/** */` block comments, which nest; string
/// literals `"…"` and `"""…"""`, raw strings with any number of `#`, and interpolations `\(…)`
/// (`\#(…)` in raw strings) that contain further strings and comments; regex literals `#/…/#`
/// and bare `/…/` where Swift would parse one (not after an operand, not starting with a space,
/// closed on the same line). Unterminated comments and strings end at the end of the file.
struct SwiftCommentLexer {
    private enum Frame {
        /// Code: the file itself (bottom of the stack) or an interpolation, with its open parentheses.
        case code(openParentheses: Int)
        /// Inside a string literal with this many `#` around it.
        case string(hashes: Int, multiline: Bool)
    }

    /// Keywords after which an expression, and so a regex literal, may start.
    private static let expressionKeywords: Set<String> = [
        "return", "case", "in", "where", "if", "guard", "while", "throw", "throws", "try", "await", "else",
        "switch", "yield", "do", "then", "catch", "defer", "for", "repeat", "is", "let", "var",
    ]

    private let source: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var spans: [CommentSpan] = []

    init(_ source: UnsafeBufferPointer<UInt8>) {
        self.source = source
    }

    mutating func lex() -> [CommentSpan] {
        var stack: [Frame] = [.code(openParentheses: 0)]
        if byte(0) == Byte.hash && byte(1) == UInt8(ascii: "!") {
            index = lineEnd(from: 0)  // #! line: not a comment
        }
        while index < source.count {
            switch stack[stack.count - 1] {
            case .string(let hashes, let multiline):
                lexString(hashes: hashes, multiline: multiline, stack: &stack)
            case .code(let open):
                lexCode(openParentheses: open, stack: &stack)
            }
        }
        return spans
    }

    // MARK: - Code

    /// Bytes that can change the lexer's state in code; everything else is skipped.
    private static let significantInCode = SignificantBytes(Byte.slash, Byte.hash, Byte.quote, Byte.backtick)

    /// Inside an interpolation the parentheses matter too (the closing one ends it).
    private static func isSignificantInInterpolation(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || significantInCode.contains(byte)
    }

    private mutating func lexCode(openParentheses open: Int, stack: inout [Frame]) {
        let inInterpolation = stack.count > 1
        if inInterpolation {
            while index < source.count, !Self.isSignificantInInterpolation(source[index]) { index += 1 }
        } else {
            index = Self.significantInCode.next(in: source, from: index)
        }
        guard index < source.count else { return }
        switch source[index] {
        case Byte.slash:
            let next = byte(index + 1)
            if next == Byte.slash {
                let end = lineEnd(from: index + 2)
                spans.append(CommentSpan(start: index + 2, end: end))
                index = end
            } else if next == Byte.star {
                lexBlockComment()
            } else if slashMayStartExpression(at: index), let end = bareRegexEnd(from: index) {
                index = end
            } else {
                index += 1
            }
        case Byte.hash:
            var end = index
            while byte(end) == Byte.hash { end += 1 }
            let hashes = end - index
            if byte(end) == Byte.quote {
                var multiline = byte(end + 1) == Byte.quote && byte(end + 2) == Byte.quote
                if multiline && closesOnSameLine(from: end + 1, hashes: hashes) {
                    multiline = false  // `#"""#`, `#""" a "#`: a one-line raw string that holds quotes
                }
                stack.append(.string(hashes: hashes, multiline: multiline))
                index = end + (multiline ? 3 : 1)
            } else if byte(end) == Byte.slash {
                index = extendedRegexEnd(from: end + 1, hashes: hashes)
            } else {
                index = end  // #if, #selector, #available…: the word follows
            }
        case Byte.quote:
            let multiline = byte(index + 1) == Byte.quote && byte(index + 2) == Byte.quote
            stack.append(.string(hashes: 0, multiline: multiline))
            index += multiline ? 3 : 1
        case UInt8(ascii: "("):
            stack[stack.count - 1] = .code(openParentheses: open + 1)
            index += 1
        case UInt8(ascii: ")"):
            index += 1
            if open == 0 {
                stack.removeLast()  // the interpolation ends; back in the string
            } else {
                stack[stack.count - 1] = .code(openParentheses: open - 1)
            }
        default:  // a backtick identifier
            var end = index + 1
            while end < source.count, source[end] != UInt8(ascii: "`"), !Byte.isLineEnd(source[end]) { end += 1 }
            index = min(end + 1, source.count)
        }
    }

    /// Whether a `"` followed by `hashes` `#` closes a raw string before the line ends, which makes
    /// `#"""` the start of a one-line raw string rather than a multi-line one.
    private func closesOnSameLine(from start: Int, hashes: Int) -> Bool {
        var cursor = start
        while cursor < source.count, !Byte.isLineEnd(source[cursor]) {
            if source[cursor] == Byte.quote && hasHashes(at: cursor + 1, count: hashes) { return true }
            cursor += 1
        }
        return false
    }

    /// Whether Swift could read a regex literal at the `/` at `offset`: not right after an operand
    /// (identifier, literal, closing bracket), which makes it the division operator. Decided by
    /// looking back at the previous token, so the code in between is never examined byte by byte.
    private func slashMayStartExpression(at offset: Int) -> Bool {
        var before = offset - 1
        while before >= 0, Byte.isSpace(source[before]) { before -= 1 }
        guard before >= 0 else { return true }
        let previous = source[before]
        if Byte.isIdentifier(previous) {
            var start = before
            while start > 0, Byte.isIdentifier(source[start - 1]) { start -= 1 }
            let isMember = start > 0 && source[start - 1] == UInt8(ascii: ".")
            return !isMember && isExpressionKeyword(start..<(before + 1))
        }
        switch previous {
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), Byte.quote, Byte.hash, UInt8(ascii: "`"):
            return false
        case Byte.slash:
            return before > 0 && source[before - 1] == Byte.star  // after `*/` an expression may start
        default:
            return true
        }
    }

    private mutating func lexBlockComment() {
        var depth = 1
        var cursor = index + 2
        while cursor < source.count {
            let current = source[cursor]
            if current == Byte.slash && byte(cursor + 1) == Byte.star {
                depth += 1
                cursor += 2
            } else if current == Byte.star && byte(cursor + 1) == Byte.slash {
                depth -= 1
                cursor += 2
                if depth == 0 { break }
            } else {
                cursor += 1
            }
        }
        let contentEnd = depth == 0 ? cursor - 2 : source.count
        spans.append(CommentSpan(start: index + 2, end: contentEnd, isBlock: true))
        index = min(cursor, source.count)
    }

    // MARK: - Strings

    private mutating func lexString(hashes: Int, multiline: Bool, stack: inout [Frame]) {
        while index < source.count {
            let current = source[index]
            if current == Byte.backslash && hasHashes(at: index + 1, count: hashes) {
                let afterEscape = index + 1 + hashes
                if byte(afterEscape) == UInt8(ascii: "(") {
                    stack.append(.code(openParentheses: 0))
                    index = afterEscape + 1
                    return
                }
                index = afterEscape + 1  // the escaped character, a quote or backslash included
                continue
            }
            if current == Byte.quote {
                let closes =
                    multiline
                    ? byte(index + 1) == Byte.quote && byte(index + 2) == Byte.quote
                        && hasHashes(at: index + 3, count: hashes)
                    : hasHashes(at: index + 1, count: hashes)
                if closes {
                    index += (multiline ? 3 : 1) + hashes
                    stack.removeLast()
                    return
                }
            } else if !multiline && Byte.isLineEnd(current) {
                stack.removeLast()  // unterminated: recover at the end of the line
                return
            }
            index += 1
        }
    }

    // MARK: - Regex literals

    /// The end of a bare `/…/` regex literal starting at `start`, or `nil` when Swift would not
    /// read one there.
    private func bareRegexEnd(from start: Int) -> Int? {
        guard let first = byte(start + 1), !Byte.isSpace(first), first != Byte.slash, first != Byte.star else {
            return nil
        }
        var cursor = start + 1
        var classDepth = 0
        while cursor < source.count {
            let current = source[cursor]
            if Byte.isLineEnd(current) { return nil }
            if current == Byte.backslash {
                cursor += 2
                continue
            }
            if current == UInt8(ascii: "[") {
                classDepth += 1
            } else if current == UInt8(ascii: "]") && classDepth > 0 {
                classDepth -= 1
            } else if current == Byte.slash && classDepth == 0 {
                return Byte.isSpace(source[cursor - 1]) ? nil : cursor + 1
            }
            cursor += 1
        }
        return nil
    }

    /// The end of a `#/…/#` literal whose body starts at `start`.
    private func extendedRegexEnd(from start: Int, hashes: Int) -> Int {
        var cursor = start
        while cursor < source.count {
            if source[cursor] == Byte.backslash {
                cursor += 2
            } else if source[cursor] == Byte.slash && hasHashes(at: cursor + 1, count: hashes) {
                return cursor + 1 + hashes
            } else {
                cursor += 1
            }
        }
        return source.count
    }

    // MARK: - Helpers

    private func byte(_ offset: Int) -> UInt8? {
        offset < source.count ? source[offset] : nil
    }

    private func hasHashes(at offset: Int, count: Int) -> Bool {
        guard offset + count <= source.count else { return false }
        for position in offset..<offset + count where source[position] != Byte.hash { return false }
        return true
    }

    private func lineEnd(from offset: Int) -> Int {
        var cursor = offset
        while cursor < source.count, !Byte.isLineEnd(source[cursor]) { cursor += 1 }
        return cursor
    }

    private func isExpressionKeyword(_ range: Range<Int>) -> Bool {
        guard range.count <= 7, range.count >= 2 else { return false }
        let word = String(decoding: UnsafeBufferPointer(rebasing: source[range]), as: UTF8.self)
        return Self.expressionKeywords.contains(word)
    }
}
