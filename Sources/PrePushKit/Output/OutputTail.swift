import Foundation

/// The end of a step's output, kept within a byte limit: what a failure shows (quiet mode's
/// kept-back output) and what a step's figure is read from, while everything before it has been
/// streamed and is dropped. A step printing a gigabyte, as lines or as one line, costs the limit.
///
/// Text is appended in pieces as it arrives (lines with their `\n`, or pieces of a line too long
/// to hold); when the kept text passes the limit its oldest pieces are dropped, and the oldest
/// one left is cut at a UTF-8 boundary inside it if it is larger than what remains.
struct OutputTail: Sendable {
    /// 64 KiB: the last few hundred lines of a compiler's or a test's output.
    static let defaultLimit = 64 << 10

    let limit: Int
    private var pieces: [String] = []
    /// The index of the oldest kept piece (dropped pieces are compacted away now and then).
    private var head = 0
    private var keptBytes = 0
    /// How many bytes of the output were dropped from the front.
    private(set) var droppedBytes = 0
    /// The kept text starts inside a line whose beginning was dropped.
    private var startsInsideLine = false
    /// The last text appended did not end a line: the next goes on with the same line.
    private(set) var endsInsideLine = false

    init(limit: Int = OutputTail.defaultLimit) {
        self.limit = max(1, limit)
    }

    mutating func append(_ text: String) {
        guard !text.isEmpty else { return }
        pieces.append(text)
        keptBytes += text.utf8.count
        endsInsideLine = !text.hasSuffix("\n")
        while keptBytes > limit {
            let oldest = pieces[head]
            let size = oldest.utf8.count
            let excess = keptBytes - limit
            if size <= excess {
                head += 1
                keptBytes -= size
                droppedBytes += size
                startsInsideLine = !oldest.hasSuffix("\n")
                continue
            }
            let utf8 = oldest.utf8
            var cut = utf8.index(utf8.startIndex, offsetBy: excess)
            while cut < utf8.endIndex, UTF8.isContinuation(utf8[cut]) { cut = utf8.index(after: cut) }
            let dropped = utf8.distance(from: utf8.startIndex, to: cut)
            startsInsideLine = utf8[utf8.index(before: cut)] != UInt8(ascii: "\n")
            pieces[head] = String(decoding: utf8[cut...], as: UTF8.self)
            keptBytes -= dropped
            droppedBytes += dropped
            break
        }
        if head > 1024, head * 2 > pieces.count {
            pieces.removeFirst(head)
            head = 0
        }
    }

    /// The kept text as it was written, `…` before a line whose beginning was cut.
    var keptText: String {
        (startsInsideLine ? "…" : "") + pieces[head...].joined()
    }

    /// The kept text, after a line saying how much came before it when anything was dropped.
    var text: String {
        guard droppedBytes > 0 else { return keptText }
        return "prepush: [\(Self.size(droppedBytes)) of earlier output not kept; the last \(Self.size(limit)) follow]\n"
            + keptText
    }

    /// The kept lines, the first starting with `…` when its beginning was cut.
    var lines: [String] {
        var lines = keptText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// `512 bytes`, `64 KiB`, `1.5 MiB`, `2.0 GiB`.
    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1 << 20 {
            return bytes % 1024 == 0 ? "\(bytes >> 10) KiB" : String(format: "%.1f KiB", Double(bytes) / 1024)
        }
        if bytes < 1 << 30 { return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) }
        return String(format: "%.1f GiB", Double(bytes) / Double(1 << 30))
    }
}
