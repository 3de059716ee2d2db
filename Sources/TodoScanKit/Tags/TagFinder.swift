import CByteSearch

/// Finds tags in the comments of one file and places them by line and column.
struct TagFinder {
    private let syntax: TagSyntax
    private let patterns: [(rule: TagRule, bytes: [UInt8])]

    init(syntax: TagSyntax) {
        self.syntax = syntax
        self.patterns = syntax.rules.map { rule in
            (rule, Array((syntax.isCaseSensitive ? rule.tag : rule.tag.uppercased()).utf8))
        }
    }

    /// Whether `source` holds any tag word at all, in any place: the cheap test that spares
    /// lexing most files.
    func mayContainTag(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
        guard syntax.isCaseSensitive else { return true }
        return patterns.contains { ByteSearch.contains(source, $0.bytes) }
    }

    /// The tags inside `spans`, in order.
    func occurrences(in source: UnsafeBufferPointer<UInt8>, spans: [CommentSpan]) -> [TagOccurrence] {
        var found: [TagOccurrence] = []
        var lines = LineCounter(source)
        for span in spans {
            var cursor = span.start
            while cursor < span.end {
                // A tag starts a word; one right after a backtick is quoted in a Markdown code span
                // (documentation about tags, like this line's), not a tag.
                if cursor == span.start
                    || (!Byte.isIdentifier(source[cursor - 1]) && source[cursor - 1] != Byte.backtick),
                    let match = match(at: cursor, in: source, end: span.end)
                {
                    let position = lines.position(of: cursor)
                    found.append(
                        TagOccurrence(
                            rule: match.rule, reference: match.reference, text: match.text, line: position.line,
                            column: position.column))
                    cursor = match.resume
                } else {
                    cursor += 1
                }
            }
        }
        return found
    }

    private func match(
        at offset: Int, in source: UnsafeBufferPointer<UInt8>, end: Int
    )
        -> (rule: TagRule, reference: String?, text: String, resume: Int)?
    {
        for (rule, bytes) in patterns where offset + bytes.count <= end && matches(bytes, at: offset, in: source) {
            let afterWord = offset + bytes.count
            var reference: String?
            var textStart: Int?
            if afterWord < end, source[afterWord] == UInt8(ascii: ":") {
                textStart = afterWord + 1
            } else if afterWord < end, source[afterWord] == UInt8(ascii: "("),
                let close = closingParenthesis(from: afterWord + 1, in: source, end: end)
            {
                reference = String(
                    decoding: UnsafeBufferPointer(rebasing: source[(afterWord + 1)..<close]), as: UTF8.self)
                if close + 1 < end, source[close + 1] == UInt8(ascii: ":") {
                    textStart = close + 2
                } else if syntax.allowsMissingColon, close + 1 >= end || !Byte.isIdentifier(source[close + 1]) {
                    textStart = close + 1
                }
            } else if syntax.allowsMissingColon, afterWord >= end || !Byte.isIdentifier(source[afterWord]) {
                textStart = afterWord
            }
            guard let textStart else { continue }
            let text = self.text(from: textStart, in: source, end: end)
            return (rule, reference, text, max(textStart, afterWord))
        }
        return nil
    }

    private func matches(_ pattern: [UInt8], at offset: Int, in source: UnsafeBufferPointer<UInt8>) -> Bool {
        for (position, expected) in pattern.enumerated() {
            var actual = source[offset + position]
            if !syntax.isCaseSensitive, actual >= UInt8(ascii: "a"), actual <= UInt8(ascii: "z") { actual -= 32 }
            if actual != expected { return false }
        }
        return true
    }

    private func closingParenthesis(from start: Int, in source: UnsafeBufferPointer<UInt8>, end: Int) -> Int? {
        var cursor = start
        while cursor < end, cursor - start <= 200 {
            let current = source[cursor]
            if current == UInt8(ascii: ")") { return cursor }
            if Byte.isLineEnd(current) || current == UInt8(ascii: "(") { return nil }
            cursor += 1
        }
        return nil
    }

    /// The rest of the line within the comment, trimmed, stopping at a nested comment's `*/`.
    private func text(from start: Int, in source: UnsafeBufferPointer<UInt8>, end: Int) -> String {
        var stop = start
        while stop < end, !Byte.isLineEnd(source[stop]) {
            if source[stop] == Byte.star && stop + 1 < end && source[stop + 1] == Byte.slash { break }
            stop += 1
        }
        var first = start
        while first < stop, Byte.isSpace(source[first]) { first += 1 }
        var last = stop
        while last > first, Byte.isSpace(source[last - 1]) { last -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: source[first..<last]), as: UTF8.self)
    }
}

/// Turns ascending byte offsets into 1-based lines and columns, counting each newline once.
struct LineCounter {
    private let source: UnsafeBufferPointer<UInt8>
    private var scanned = 0
    private var line = 1
    private var lineStart = 0

    init(_ source: UnsafeBufferPointer<UInt8>) {
        self.source = source
    }

    /// The position of `offset`; offsets must not decrease between calls.
    mutating func position(of offset: Int) -> (line: Int, column: Int) {
        while scanned < offset {
            if source[scanned] == Byte.newline {
                line += 1
                lineStart = scanned + 1
            }
            scanned += 1
        }
        return (line, offset - lineStart + 1)
    }
}

/// Substring search over bytes.
enum ByteSearch {
    /// Whether `needle` occurs in `haystack` (the C library's memmem: vectorized where available).
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard let base = haystack.baseAddress, haystack.count >= needle.count else { return false }
        return needle.withUnsafeBytes { pf_find_bytes(base, haystack.count, $0.baseAddress!, $0.count) != nil }
    }
}
