/// A cheap byte scan, before parsing, for nesting no real source has: swift-syntax's parser and
/// the visitors recurse once per level, so thousands of levels (`A<A<A<…`, `[[[…`, a member chain
/// `a.b.c.…` thousands long) would overflow even a large stack. Brackets in comments and strings
/// count too: this only bounds what is handed to the parser.
enum NestingDepth {
    /// Levels allowed: far beyond what people or generators write, far below what
    /// ``GuardedParse/stackSize`` holds.
    static let limit = 500

    /// A file's nesting that is too deep, and where.
    struct Excess: Sendable, Hashable {
        var line: Int

        var reason: String {
            "Line \(line) nests brackets, generic arguments or member accesses deeper than errorlint parses "
                + "(\(NestingDepth.limit) levels; a chain of \(NestingDepth.limit * 10) members): the parser's "
                + "recursion would overflow its stack."
        }
    }

    /// The first line where `bytes` nests deeper than `limit`: `(`, `[` and `{` are counted across
    /// the file against their closing brackets; `<` against `>` within a line (`<` is also an
    /// operator, so each line starts afresh); `.` within a line, up to ten times `limit`.
    static func exceeded(in bytes: [UInt8], limit: Int) -> Excess? {
        var brackets = 0
        var angles = 0
        var dots = 0
        var line = 1
        var previous: UInt8 = 0
        for byte in bytes {
            defer { previous = byte }
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                brackets += 1
                if brackets > limit { return Excess(line: line) }
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                brackets = max(0, brackets - 1)
            case UInt8(ascii: "<"):
                angles += 1
                if angles > limit { return Excess(line: line) }
            case UInt8(ascii: ">"):
                angles = max(0, angles - 1)
            case UInt8(ascii: "."):
                dots += 1
                if dots > limit * 10 { return Excess(line: line) }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                // CR LF is one line end; a CR alone is one too, as swiftc counts.
                if !(byte == UInt8(ascii: "\n") && previous == UInt8(ascii: "\r")) { line += 1 }
                angles = 0
                dots = 0
            default:
                continue
            }
        }
        return nil
    }
}
