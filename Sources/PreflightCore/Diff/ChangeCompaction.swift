/// xdiff's compaction of a diff's groups of changed lines: each group slides as far up and down
/// as equal lines allow, merging with the groups it meets; then it is placed where it lines up
/// with a change on the other side, or else where the indent heuristic scores the two edges of
/// the group best (blank lines and indentation around them). This decides, for an added function
/// between two others, which closing brace and blank line are the added ones.
enum ChangeCompaction {
    /// Compacts `side`'s groups, keeping `other`'s groups (unchanged) in step.
    static func compact(_ side: inout DiffSide, other: inout DiffSide) {
        var indents = IndentCache(side)
        var group = Group(start: 0, end: 0)
        var otherGroup = Group(start: 0, end: 0)
        group.initialize(side)
        otherGroup.initialize(other)
        while true {
            if group.end != group.start {
                var size = 0
                var earliestEnd = 0
                var endMatchingOther = -1
                repeat {
                    size = group.end - group.start
                    endMatchingOther = -1
                    while group.slideUp(&side) {
                        otherGroup.previous(other)
                    }
                    earliestEnd = group.end
                    if otherGroup.end > otherGroup.start { endMatchingOther = group.end }
                    while group.slideDown(&side) {
                        otherGroup.next(other)
                        if otherGroup.end > otherGroup.start { endMatchingOther = group.end }
                    }
                } while size != group.end - group.start

                if group.end == earliestEnd {
                    // It cannot move.
                } else if endMatchingOther != -1 {
                    // Back up to the last place it lines up with a change on the other side.
                    while otherGroup.end == otherGroup.start {
                        _ = group.slideUp(&side)
                        otherGroup.previous(other)
                    }
                } else {
                    let best = bestShift(
                        end: group.end, earliestEnd: earliestEnd, size: size, indents: &indents, lineCount: side.count)
                    while group.end > best {
                        _ = group.slideUp(&side)
                        otherGroup.previous(other)
                    }
                }
            }
            guard group.next(side) else { break }
            otherGroup.next(other)
        }
    }

    /// The end the indent heuristic picks for a group of `size` lines that can end anywhere from
    /// `earliestEnd` to `end` (at most 100 places up, and no further than one group size above
    /// where it is): the lowest-scoring, the lower one on a tie.
    private static func bestShift(
        end: Int, earliestEnd: Int, size: Int, indents: inout IndentCache, lineCount: Int
    ) -> Int {
        var shift = max(earliestEnd, end - size - 1, end - 100)
        var best = -1
        var bestScore = SplitScore()
        while shift <= end {
            var score = SplitScore()
            score.add(SplitMeasurement(split: shift, indents: &indents, lineCount: lineCount))
            score.add(SplitMeasurement(split: shift - size, indents: &indents, lineCount: lineCount))
            if best == -1 || score.compare(to: bestScore) <= 0 {
                bestScore = score
                best = shift
            }
            shift += 1
        }
        return best
    }
}

/// A run of changed lines of one side (possibly empty: then the place above line `start`).
private struct Group {
    /// The first changed line, or for an empty group the unchanged line it sits above.
    var start: Int
    /// The first unchanged line after the group.
    var end: Int

    mutating func initialize(_ side: DiffSide) {
        start = 0
        end = 0
        while side.changed[end + 1] { end += 1 }
    }

    /// Moves to the next group; `false` at the end of the side.
    @discardableResult
    mutating func next(_ side: DiffSide) -> Bool {
        guard end != side.count else { return false }
        start = end + 1
        end = start
        while side.changed[end + 1] { end += 1 }
        return true
    }

    /// Moves to the previous group; `false` at the start of the side.
    @discardableResult
    mutating func previous(_ side: DiffSide) -> Bool {
        guard start != 0 else { return false }
        end = start - 1
        start = end
        while side.changed[start] { start -= 1 }
        return true
    }

    /// Slides one line down when the line after the group equals its first, joining a group it
    /// then touches.
    mutating func slideDown(_ side: inout DiffSide) -> Bool {
        guard end < side.count, side.classes[start] == side.classes[end] else { return false }
        side.changed[start + 1] = false
        start += 1
        side.changed[end + 1] = true
        end += 1
        while side.changed[end + 1] { end += 1 }
        return true
    }

    /// Slides one line up when the line before the group equals its last, joining a group it
    /// then touches.
    mutating func slideUp(_ side: inout DiffSide) -> Bool {
        guard start > 0, side.classes[start - 1] == side.classes[end - 1] else { return false }
        start -= 1
        side.changed[start + 1] = true
        end -= 1
        side.changed[end + 1] = false
        while side.changed[start] { start -= 1 }
        return true
    }
}

/// Each line's indentation (a tab to the next multiple of 8, at most 200; -1 for a blank line),
/// worked out when first asked.
private struct IndentCache {
    // The bytes only: holding the side would copy its `changed` on the compaction's first write.
    private let bytes: UnsafeBufferPointer<UInt8>
    private let lineStarts: [Int]
    private var known: [Int]

    init(_ side: DiffSide) {
        bytes = side.bytes
        lineStarts = side.lineStarts
        known = Array(repeating: -2, count: side.count)
    }

    mutating func indent(of index: Int) -> Int {
        if known[index] != -2 { return known[index] }
        var indent = -1
        var width = 0
        for byte in bytes[lineStarts[index]..<lineStarts[index + 1]] {
            // git's isspace: space, tab, newline, carriage return.
            guard byte == 32 || byte == 9 || byte == 10 || byte == 13 else {
                indent = width
                break
            }
            if byte == 32 {
                width += 1
            } else if byte == 9 {
                width += 8 - width % 8
            }
            if width >= 200 {
                indent = 200
                break
            }
        }
        known[index] = indent
        return indent
    }
}

/// What the indent heuristic looks at around a split above line `split`.
private struct SplitMeasurement {
    var endOfFile: Bool
    /// The indent of the line after the split (-1 blank).
    var indent: Int
    /// Blank lines right above the split, and the indent of the first line above them that is
    /// not blank (-1 none).
    var preBlank = 0
    var preIndent = -1
    /// Blank lines after the line after the split, and the indent of the next line that is not.
    var postBlank = 0
    var postIndent = -1

    init(split: Int, indents: inout IndentCache, lineCount: Int) {
        let maximumBlanks = 20
        endOfFile = split >= lineCount
        indent = endOfFile ? -1 : indents.indent(of: split)
        var index = split - 1
        while index >= 0 {
            preIndent = indents.indent(of: index)
            if preIndent != -1 { break }
            preBlank += 1
            if preBlank == maximumBlanks {
                preIndent = 0
                break
            }
            index -= 1
        }
        index = split + 1
        while index < lineCount {
            postIndent = indents.indent(of: index)
            if postIndent != -1 { break }
            postBlank += 1
            if postBlank == maximumBlanks {
                postIndent = 0
                break
            }
            index += 1
        }
    }
}

/// The indent heuristic's badness of a group position: the sum of its two splits' (weights
/// git found on a corpus of real diffs).
private struct SplitScore {
    var effectiveIndent = 0
    var penalty = 0

    mutating func add(_ measurement: SplitMeasurement) {
        if measurement.preIndent == -1, measurement.preBlank == 0 { penalty += 1 }
        if measurement.endOfFile { penalty += 21 }
        let postBlank = measurement.indent == -1 ? 1 + measurement.postBlank : 0
        let totalBlank = measurement.preBlank + postBlank
        penalty += -30 * totalBlank
        penalty += 6 * postBlank
        let indent = measurement.indent != -1 ? measurement.indent : measurement.postIndent
        let anyBlanks = totalBlank != 0
        effectiveIndent += indent
        if indent == -1 || measurement.preIndent == -1 {
            // Nothing more to weigh.
        } else if indent > measurement.preIndent {
            penalty += anyBlanks ? 10 : -4
        } else if indent == measurement.preIndent {
            // Same level as the line before.
        } else if measurement.postIndent != -1, measurement.postIndent > indent {
            // Less than the line before, more after: likely the start of a block.
            penalty += anyBlanks ? 17 : 24
        } else {
            // Likely the end of a block.
            penalty += anyBlanks ? 17 : 23
        }
    }

    /// Negative when `self` is better, 0 when as good.
    func compare(to other: SplitScore) -> Int {
        let indents =
            (effectiveIndent > other.effectiveIndent ? 1 : 0) - (effectiveIndent < other.effectiveIndent ? 1 : 0)
        return 60 * indents + (penalty - other.penalty)
    }
}
