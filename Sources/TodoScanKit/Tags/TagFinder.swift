import PreflightCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds tags in the comments of one file and places them by line and column.
struct TagFinder {
    private let syntax: TagSyntax
    private let patterns: [(rule: TagRule, bytes: [UInt8])]
    /// The bytes `candidates(in:)` looks for, each with the places it has in the tags: a tag is
    /// found by its rarest byte (every place that byte has in it).
    private let anchors: [(byte: UInt8, places: [(pattern: Int, position: Int)])]

    init(syntax: TagSyntax) {
        self.syntax = syntax
        let patterns = syntax.rules.map { rule in
            (rule: rule, bytes: Array((syntax.isCaseSensitive ? rule.tag : rule.tag.uppercased()).utf8))
        }
        self.patterns = patterns
        var anchors: [(byte: UInt8, places: [(pattern: Int, position: Int)])] = []
        for (index, pattern) in patterns.enumerated() {
            guard let rarest = pattern.bytes.min(by: { ByteFrequency.perMillion($0) < ByteFrequency.perMillion($1) })
            else { continue }
            let places = pattern.bytes.indices.filter { pattern.bytes[$0] == rarest }.map { (index, $0) }
            if let known = anchors.firstIndex(where: { $0.byte == rarest }) {
                anchors[known].places += places
            } else {
                anchors.append((rarest, places))
            }
        }
        self.anchors = anchors
    }

    /// Where a tag word occurs anywhere in `source`, ascending; `nil` when matching ignores case
    /// (then every comment byte is examined). An empty list means no comment needs lexing.
    ///
    /// `memchr` (vectorized by the C library) hops from one occurrence of a tag's rarest byte to
    /// the next, and the tag is compared in full only there.
    func candidates(in source: UnsafeBufferPointer<UInt8>) -> [Int]? {
        guard syntax.isCaseSensitive else { return nil }
        guard let base = source.baseAddress else { return [] }
        let count = source.count
        var offsets: [Int] = []
        for (byte, places) in anchors {
            var cursor = 0
            while cursor < count, let found = memchr(base + cursor, Int32(byte), count - cursor) {
                let hit = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                for (pattern, position) in places {
                    let start = hit - position
                    let bytes = patterns[pattern].bytes
                    guard start >= 0, start + bytes.count <= count else { continue }
                    if bytes.withUnsafeBytes({ memcmp(base + start, $0.baseAddress!, $0.count) }) == 0 {
                        offsets.append(start)
                    }
                }
                cursor = hit + 1
            }
        }
        // Several anchors, or one byte twice in a tag (`TODO`), find places out of order or twice.
        offsets.sort()
        var unique: [Int] = []
        unique.reserveCapacity(offsets.count)
        for offset in offsets where unique.last != offset { unique.append(offset) }
        return unique
    }

    /// The tags inside `spans`, in order. With `candidates`, only those offsets are examined.
    func occurrences(in source: UnsafeBufferPointer<UInt8>, spans: [CommentSpan], candidates: [Int]?) -> [TagOccurrence]
    {
        var found: [TagOccurrence] = []
        // Every tag is at a candidate: reserving their number spares the copies of a growing array
        // (a file of a million tags would otherwise peak at three times their size while growing).
        if let candidates { found.reserveCapacity(candidates.count) }
        var lines = LineCounter(source)
        func consider(_ offset: Int, in span: CommentSpan) -> Int? {
            guard startsWord(at: offset, in: source, spanStart: span.start),
                let match = match(at: offset, in: source, end: span.end, inBlock: span.isBlock)
            else { return nil }
            let position = lines.position(of: offset)
            found.append(
                TagOccurrence(
                    rule: match.rule, reference: match.reference, text: match.text, line: position.line,
                    column: position.column, utf16Column: position.utf16Column))
            return match.resume
        }
        if let candidates {
            var spanIndex = 0
            var resume = 0
            for offset in candidates where offset >= resume {
                while spanIndex < spans.count && spans[spanIndex].end <= offset { spanIndex += 1 }
                guard spanIndex < spans.count else { break }
                let span = spans[spanIndex]
                if span.start <= offset, let next = consider(offset, in: span) { resume = next }
            }
        } else {
            for span in spans {
                var cursor = span.start
                while cursor < span.end {
                    cursor = consider(cursor, in: span) ?? cursor + 1
                }
            }
        }
        return found
    }

    /// A tag starts a word: the comment starts there, or the character before it is neither part
    /// of an identifier (Unicode letters and digits included) nor a backtick (a tag quoted in a
    /// Markdown code span is documentation about tags, like this line's, not a tag).
    private func startsWord(at offset: Int, in source: UnsafeBufferPointer<UInt8>, spanStart: Int) -> Bool {
        guard offset > spanStart else { return true }
        let before = source[offset - 1]
        if before < 0x80 { return !Byte.isIdentifier(before) && before != Byte.backtick }
        var start = offset - 1
        while start > spanStart, offset - start < 4, source[start] & 0xC0 == 0x80 { start -= 1 }
        let scalars = String(decoding: UnsafeBufferPointer(rebasing: source[start..<offset]), as: UTF8.self)
            .unicodeScalars
        guard let scalar = scalars.last else { return true }
        return !(scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
    }

    private func match(
        at offset: Int, in source: UnsafeBufferPointer<UInt8>, end: Int, inBlock: Bool
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
            let text = self.text(from: textStart, in: source, end: end, inBlock: inBlock)
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

    /// The rest of the line within the comment, trimmed; in a block comment it also stops at a
    /// nested comment's `*/`.
    private func text(from start: Int, in source: UnsafeBufferPointer<UInt8>, end: Int, inBlock: Bool) -> String {
        var stop = start
        while stop < end, !Byte.isLineEnd(source[stop]) {
            if inBlock && source[stop] == Byte.star && stop + 1 < end && source[stop + 1] == Byte.slash { break }
            stop += 1
        }
        var first = start
        while first < stop, Byte.isSpace(source[first]) { first += 1 }
        var last = stop
        while last > first, Byte.isSpace(source[last - 1]) { last -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: source[first..<last]), as: UTF8.self)
    }
}

/// Turns ascending byte offsets into 1-based lines and columns. A line ends at LF, CR LF or a CR
/// alone, as swiftc counts them.
struct LineCounter {
    private let source: UnsafeBufferPointer<UInt8>
    /// Whether the source has a CR at all: most do not, and then memchr hops from LF to LF.
    private let hasCarriageReturns: Bool
    private var scanned = 0
    private var line = 1
    private var lineStart = 0

    init(_ source: UnsafeBufferPointer<UInt8>) {
        self.source = source
        hasCarriageReturns =
            source.baseAddress.map { memchr($0, Int32(Byte.carriageReturn), source.count) != nil } ?? false
    }

    /// The position of `offset` (the column in UTF-8 bytes and in UTF-16 code units); offsets must
    /// not decrease between calls.
    mutating func position(of offset: Int) -> (line: Int, column: Int, utf16Column: Int) {
        guard let base = source.baseAddress else { return (line, offset - lineStart + 1, offset - lineStart + 1) }
        if hasCarriageReturns {
            while scanned < offset {
                let byte = source[scanned]
                scanned += 1
                // CR LF counts once, at its LF.
                if byte == Byte.newline
                    || (byte == Byte.carriageReturn && (scanned == source.count || source[scanned] != Byte.newline))
                {
                    line += 1
                    lineStart = scanned
                }
            }
        }
        while scanned < offset {
            // memchr hops from newline to newline instead of looking at every byte.
            guard let found = memchr(base + scanned, Int32(Byte.newline), offset - scanned) else {
                scanned = offset
                break
            }
            let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            line += 1
            lineStart = newline + 1
            scanned = newline + 1
        }
        let column = offset - lineStart + 1
        let utf16Column = SourceLocation.utf16Column(
            ofByteColumn: column, linePrefix: UnsafeBufferPointer(rebasing: source[lineStart..<offset]))
        return (line, column, utf16Column)
    }
}
