#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines `git diff -U0` marks as added when `new` replaces `old`, computed in the process the
/// way git computes them, so the staged scan needs no `git diff` of the contents.
///
/// The steps and constants are those of git's xdiff with git's defaults (Myers, the indent
/// heuristic on, no whitespace options), including what `git diff` does around it for zero
/// lines of context: the common tail is cut in 1,024-byte blocks before diffing. They decide
/// which of several equally short diffs git picks — which copy of a repeated line, a blank line
/// or a closing brace counts as added — so the added lines agree with git's, not merely with
/// some shortest diff. `GitLineDiffTests` compares the two on real files with random edits.
///
/// Both contents are taken as text: deciding that a file is binary (git shows no lines then) is
/// the caller's.
package enum GitLineDiff {
    /// The 1-based line numbers of `new` that the diff adds: sorted, merged ranges.
    package static func addedLines(old: [UInt8], new: [UInt8]) -> [ClosedRange<Int>] {
        old.withUnsafeBufferPointer { oldBytes in
            new.withUnsafeBufferPointer { newBytes in
                let cut = commonTailCut(oldBytes, newBytes)
                var pair = LinePair(
                    old: UnsafeBufferPointer(rebasing: oldBytes[..<(oldBytes.count - cut)]),
                    new: UnsafeBufferPointer(rebasing: newBytes[..<(newBytes.count - cut)]))
                pair.markChanges()
                var ranges: [ClosedRange<Int>] = []
                for index in 0..<pair.new.count where pair.new.changed[index + 1] {
                    let line = index + 1
                    if let last = ranges.last, last.upperBound + 1 == line {
                        ranges[ranges.count - 1] = last.lowerBound...line
                    } else {
                        ranges.append(line...line)
                    }
                }
                return ranges
            }
        }
    }

    /// How many bytes `git diff` cuts from the end of both before diffing with no context
    /// (xdiff-interface's common-tail trim): whole 1,024-byte blocks the two end with, given back
    /// up to and including the first newline in them, so both still end on a whole line.
    static func commonTailCut(_ old: UnsafeBufferPointer<UInt8>, _ new: UnsafeBufferPointer<UInt8>) -> Int {
        let block = 1024
        let smaller = min(old.count, new.count)
        guard smaller >= block, let oldBase = old.baseAddress, let newBase = new.baseAddress else { return 0 }
        var trimmed = 0
        while block + trimmed <= smaller,
            memcmp(oldBase + old.count - trimmed - block, newBase + new.count - trimmed - block, block) == 0
        {
            trimmed += block
        }
        var recovered = 0
        while recovered < trimmed {
            let byte = old[old.count - trimmed + recovered]
            recovered += 1
            if byte == 10 { break }
        }
        return trimmed - recovered
    }

    /// xdiff's integer square root approximation (`xdl_bogosqrt`): a power of two.
    static func roughSquareRoot(_ value: Int) -> Int {
        var root = 1
        var rest = value
        while rest > 0 {
            root <<= 1
            rest >>= 2
        }
        return root
    }
}

/// One side of a diff: its lines, each line's equivalence class (lines with the same bytes share
/// one, across both sides), and which lines the diff changes.
struct DiffSide {
    /// The bytes, and where each line starts (one more entry than lines: the end).
    let bytes: UnsafeBufferPointer<UInt8>
    var lineStarts: [Int] = []
    var classes: [Int] = []
    /// Whether each line is changed (deleted on the old side, added on the new), shifted by one:
    /// `changed[0]` and `changed[count + 1]` are the sentinels the compaction reads.
    var changed: [Bool] = []
    /// The lines left to the Myers pass after the cleanup (their indexes), and their classes.
    var kept: [Int] = []
    var keptClasses: [Int] = []

    var count: Int { classes.count }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        var start = 0
        lineStarts.reserveCapacity(bytes.count / 32 + 2)
        guard let base = bytes.baseAddress else {
            lineStarts = [0]
            return
        }
        while start < bytes.count {
            lineStarts.append(start)
            if let newline = memchr(base + start, 10, bytes.count - start) {
                start = UnsafePointer(newline.assumingMemoryBound(to: UInt8.self)) - base + 1
            } else {
                start = bytes.count
            }
        }
        lineStarts.append(bytes.count)
    }
}

/// The two sides, classified, trimmed and cleaned up as xdiff prepares them, then diffed.
struct LinePair {
    var old: DiffSide
    var new: DiffSide
    /// How many lines of each side have each class.
    private var oldCounts: [Int] = []
    private var newCounts: [Int] = []

    init(old: UnsafeBufferPointer<UInt8>, new: UnsafeBufferPointer<UInt8>) {
        self.old = DiffSide(old)
        self.new = DiffSide(new)
        classify()
    }

    /// Marks the changed lines of both sides: the cleanup's discarded lines, the Myers pass's,
    /// then the compaction (old side first, as git does).
    mutating func markChanges() {
        old.changed = Array(repeating: false, count: old.count + 2)
        new.changed = Array(repeating: false, count: new.count + 2)
        let (start, oldEnd, newEnd) = commonEnds()
        Self.keep(&old, other: newCounts, start: start, end: oldEnd)
        Self.keep(&new, other: oldCounts, start: start, end: newEnd)
        var myers = MyersDiff(old: old.keptClasses, new: new.keptClasses)
        myers.run { side, index in
            if side == 0 {
                old.changed[old.kept[index] + 1] = true
            } else {
                new.changed[new.kept[index] + 1] = true
            }
        }
        ChangeCompaction.compact(&old, other: &new)
        ChangeCompaction.compact(&new, other: &old)
    }

    /// Gives each line its class: equal bytes, equal class.
    private mutating func classify() {
        var classifier = LineClassifier(lineCapacity: old.lineStarts.count + new.lineStarts.count)
        old.classes = classifier.classes(of: old.bytes, lineStarts: old.lineStarts)
        new.classes = classifier.classes(of: new.bytes, lineStarts: new.lineStarts)
        oldCounts = Array(repeating: 0, count: classifier.count)
        newCounts = oldCounts
        for line in old.classes { oldCounts[line] += 1 }
        for line in new.classes { newCounts[line] += 1 }
    }

    /// The lines both sides start and end with (xdiff's trim of the ends): the first line that
    /// differs, and each side's last line before the common end.
    private func commonEnds() -> (start: Int, oldEnd: Int, newEnd: Int) {
        let limit = min(old.count, new.count)
        var start = 0
        while start < limit, old.classes[start] == new.classes[start] { start += 1 }
        var common = 0
        while common < limit - start, old.classes[old.count - 1 - common] == new.classes[new.count - 1 - common] {
            common += 1
        }
        return (start, old.count - common - 1, new.count - common - 1)
    }

    /// xdiff's cleanup of the lines between the common ends: a line the other side never has is
    /// changed at once; one the other side has very often (at least the rough square root of
    /// this side's line count, at most 1,024 times) is changed too when it sits in a run of such
    /// lines and lines without a match; the rest go to the Myers pass.
    private static func keep(_ side: inout DiffSide, other counts: [Int], start: Int, end: Int) {
        guard start <= end else { return }
        let limit = min(GitLineDiff.roughSquareRoot(side.count), 1024)
        // 0: no match on the other side, 1: some, 2: many.
        var matches = [UInt8](repeating: 0, count: side.count)
        for index in start...end {
            let found = min(counts[side.classes[index]], limit)
            matches[index] = found == 0 ? 0 : found >= limit ? 2 : 1
        }
        for index in start...end {
            if matches[index] == 1
                || (matches[index] == 2 && !Self.discardsRepeated(matches, at: index, start: start, end: end))
            {
                side.kept.append(index)
                side.keptClasses.append(side.classes[index])
            } else {
                side.changed[index + 1] = true
            }
        }
    }

    /// Whether a line with many matches is discarded: it is, when the runs of unmatched and
    /// many-matched lines around it (within 100 lines) hold unmatched lines on both sides, and
    /// the many-matched ones are fewer than a quarter of the run.
    private static func discardsRepeated(_ matches: [UInt8], at index: Int, start: Int, end: Int) -> Bool {
        let window = 100
        let low = index - start > window ? index - window : start
        let high = end - index > window ? index + window : end
        let (unmatchedBefore, repeatedBefore) = run(matches, from: index, step: -1, limit: low)
        if unmatchedBefore == 0 { return false }
        let (unmatchedAfter, repeatedAfter) = run(matches, from: index, step: 1, limit: high)
        if unmatchedAfter == 0 { return false }
        let unmatched = unmatchedBefore + unmatchedAfter
        // Each run counts the line itself among its repeated lines.
        let repeated = repeatedBefore + 1 + repeatedAfter + 1
        return repeated * 4 < repeated + unmatched
    }

    /// The unmatched and many-matched lines next to `index`, walking by `step` up to `limit`
    /// (inclusive) until a line with some matches.
    private static func run(
        _ matches: [UInt8], from index: Int, step: Int, limit: Int
    ) -> (unmatched: Int, repeated: Int) {
        var unmatched = 0
        var repeated = 0
        var position = index + step
        while step < 0 ? position >= limit : position <= limit {
            switch matches[position] {
            case 0: unmatched += 1
            case 2: repeated += 1
            default: return (unmatched, repeated)
            }
            position += step
        }
        return (unmatched, repeated)
    }
}
