/// Where one of a child's output streams goes.
///
/// Every mode that reads the stream reads it until end-of-file, concurrently with the other
/// stream and with writing standard input: nothing is lost and nothing deadlocks, whatever the
/// sizes.
public enum OutputDestination: Sendable {
    /// Keep the bytes in ``ProcessResult``. Past `limit` bytes the rest is still read (so the
    /// child never blocks) but dropped, and ``CapturedOutput/isTruncated`` is set.
    ///
    /// A stream that passes 1 MiB has its array's capacity reserved up to `limit` (at most 4 GiB or
    /// half the machine's memory) in one step instead of growing by doubling, so nothing is copied
    /// twice: that is address space, and only the bytes kept (plus at most 4 MiB) are resident.
    case capture(limit: Int = OutputDestination.defaultCaptureLimit)
    /// Call `handler` with each line as it arrives, on ProcessKit's I/O thread, in order. The
    /// final line is delivered even without a trailing newline. Invalid UTF-8 is never fatal:
    /// ``OutputLine/text`` replaces it, ``OutputLine/bytes`` keeps it.
    ///
    /// A line longer than `maxLength` bytes is not held whole: it is delivered in pieces of at most
    /// `maxLength` bytes (cut before a UTF-8 sequence, never inside one), each but the last marked
    /// ``OutputLine/continues``. So a child printing one endless line costs `maxLength` plus one
    /// read, not the line.
    case lines(maxLength: Int = .max, _ handler: @Sendable (OutputLine) -> Void)
    /// Call `handler` with each chunk of bytes as read from the pipe, in order (no splitting).
    case chunks(@Sendable ([UInt8]) -> Void)
    /// The caller's own stream: the child writes straight to it, so a terminal stays a terminal
    /// and the child keeps its colours. ProcessKit sees none of these bytes.
    case passThrough
    /// `/dev/null`.
    case discard

    /// 64 MiB.
    public static let defaultCaptureLimit = 64 << 20
}

/// One line of a child's output, without its line terminator.
public struct OutputLine: Sendable, Equatable {
    /// The raw bytes, without the trailing `\n` (a `\r` before it is kept).
    public let bytes: [UInt8]
    /// `false` for a final line the child ended without a newline, and for a piece of a line
    /// that ``continues``.
    public let isTerminated: Bool
    /// `true` for a piece of a line longer than the destination's `maxLength`: the next line
    /// delivered goes on with the same line.
    public let continues: Bool

    /// The line decoded as UTF-8, invalid sequences replaced by U+FFFD.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Creates a line, or a piece of one that `continues`, from its bytes.
    public init(bytes: [UInt8], isTerminated: Bool, continues: Bool = false) {
        self.bytes = bytes
        self.isTerminated = isTerminated
        self.continues = continues
    }
}

/// The bytes ProcessKit kept of one captured stream.
public struct CapturedOutput: Sendable, Equatable {
    /// The bytes, up to the capture limit.
    public let bytes: [UInt8]
    /// `true` when the stream produced more than the capture limit; ``bytes`` is the start.
    public let isTruncated: Bool
    /// `false` when the child exited but a descendant still held the pipe open past
    /// ``Command/drainTimeout``: the stream was abandoned before end-of-file.
    public let isComplete: Bool
    /// How many bytes the stream produced in all, kept or not.
    public let totalByteCount: Int

    /// The bytes decoded as UTF-8, invalid sequences replaced by U+FFFD.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Creates a captured stream.
    public init(bytes: [UInt8], isTruncated: Bool, isComplete: Bool, totalByteCount: Int) {
        self.bytes = bytes
        self.isTruncated = isTruncated
        self.isComplete = isComplete
        self.totalByteCount = totalByteCount
    }
}

extension CapturedOutput: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A summary with the size, not the bytes.
    public var description: String {
        "CapturedOutput(\(totalByteCount) bytes\(isTruncated ? ", truncated to \(bytes.count)" : "")\(isComplete ? "" : ", incomplete"))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
