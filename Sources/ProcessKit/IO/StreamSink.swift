/// Receives the bytes read from one child pipe and hands them on according to the destination.
/// Also keeps a short tail of the stream for error messages, whatever the destination.
final class StreamSink {
    private enum Mode {
        case capture
        case lines(@Sendable (OutputLine) -> Void)
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
        case .lines(let handler): mode = .lines(handler)
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
        case .lines(let handler):
            splitLines(chunk, into: handler)
        case .chunks(let handler):
            handler(Array(chunk))
        }
    }

    /// Delivers a final unterminated line, if any. Call once at end-of-file.
    func finish() {
        captured?.finish()
        if case .lines(let handler) = mode, !pendingLine.isEmpty {
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

    private func splitLines(_ chunk: UnsafeRawBufferPointer, into handler: @Sendable (OutputLine) -> Void) {
        var start = 0
        while start < chunk.count {
            guard let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                pendingLine.append(contentsOf: chunk[start...])
                return
            }
            if pendingLine.isEmpty {
                handler(OutputLine(bytes: Array(chunk[start..<newline]), isTerminated: true))
            } else {
                pendingLine.append(contentsOf: chunk[start..<newline])
                handler(OutputLine(bytes: pendingLine, isTerminated: true))
                pendingLine = []
            }
            start = newline + 1
        }
    }
}
