/// Receives the bytes read from one child pipe and hands them on according to the destination.
/// Also keeps a short tail of the stream for error messages, whatever the destination.
final class StreamSink {
    private enum Mode {
        case capture
        case lines(maxLength: Int, @Sendable (OutputLine) -> Void)
        case chunks(@Sendable ([UInt8]) -> Void)
    }

    /// Bytes of the stream's end kept for messages.
    static let tailLimit = 4096

    private let mode: Mode
    /// Set for `.capture` only.
    private var captured: CaptureBuffer?
    private var pendingLine: [UInt8] = []
    private var tail: [UInt8] = []
    private(set) var totalByteCount = 0

    /// `nil` when the destination reads nothing through ProcessKit (pass-through, discard).
    init?(_ destination: OutputDestination) {
        switch destination {
        case .capture(let limit):
            mode = .capture
            captured = CaptureBuffer(limit: limit)
        case .lines(let maxLength, let handler): mode = .lines(maxLength: max(4, maxLength), handler)
        case .chunks(let handler): mode = .chunks(handler)
        case .passThrough, .discard: return nil
        }
    }

    func consume(_ chunk: UnsafeRawBufferPointer) {
        guard !chunk.isEmpty else { return }
        totalByteCount += chunk.count
        keepTail(chunk)
        switch mode {
        case .capture:
            captured?.append(chunk)
        case .lines(let maxLength, let handler):
            splitLines(chunk, maxLength: maxLength, into: handler)
        case .chunks(let handler):
            handler(Array(chunk))
        }
    }

    /// Delivers a final unterminated line, if any. Call once at end-of-file.
    func finish() {
        captured?.finish()
        if case .lines(_, let handler) = mode, !pendingLine.isEmpty {
            handler(OutputLine(bytes: pendingLine, isTerminated: false))
            pendingLine = []
        }
    }

    func capturedOutput(isComplete: Bool) -> CapturedOutput? {
        guard let captured else { return nil }
        return CapturedOutput(
            bytes: captured.bytes,
            isTruncated: captured.isTruncated,
            isComplete: isComplete,
            totalByteCount: totalByteCount
        )
    }

    /// The last few KiB of the stream, decoded leniently.
    var tailText: String { String(decoding: tail, as: UTF8.self) }

    private func keepTail(_ chunk: UnsafeRawBufferPointer) {
        if chunk.count >= Self.tailLimit {
            tail = Array(chunk[(chunk.count - Self.tailLimit)...])
        } else {
            tail.append(contentsOf: chunk)
            if tail.count > 2 * Self.tailLimit {
                tail.removeFirst(tail.count - Self.tailLimit)
            }
        }
    }

    private func splitLines(
        _ chunk: UnsafeRawBufferPointer, maxLength: Int, into handler: @Sendable (OutputLine) -> Void
    ) {
        var start = 0
        while start < chunk.count {
            guard let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                pendingLine.append(contentsOf: chunk[start...])
                deliverPieces(maxLength: maxLength, to: handler)
                return
            }
            if pendingLine.isEmpty, newline - start <= maxLength {
                handler(OutputLine(bytes: Array(chunk[start..<newline]), isTerminated: true))
            } else {
                pendingLine.append(contentsOf: chunk[start..<newline])
                deliverPieces(maxLength: maxLength, to: handler)
                handler(OutputLine(bytes: pendingLine, isTerminated: true))
                pendingLine = []
            }
            start = newline + 1
        }
    }

    /// Hands on the pending line's head in pieces until at most `maxLength` bytes are left, each
    /// cut before a UTF-8 sequence's first byte.
    private func deliverPieces(maxLength: Int, to handler: @Sendable (OutputLine) -> Void) {
        var offset = 0
        while pendingLine.count - offset > maxLength {
            var cut = maxLength
            // Back up over continuation bytes (10xxxxxx): at most three belong to one sequence.
            while cut > maxLength - 3, pendingLine[offset + cut] & 0xC0 == 0x80 { cut -= 1 }
            if pendingLine[offset + cut] & 0xC0 == 0x80 { cut = maxLength }
            handler(
                OutputLine(bytes: Array(pendingLine[offset..<(offset + cut)]), isTerminated: false, continues: true))
            offset += cut
        }
        if offset > 0 { pendingLine.removeFirst(offset) }
    }
}
