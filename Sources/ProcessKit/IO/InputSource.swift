/// What a child reads on standard input.
public enum InputSource: Sendable {
    /// Nothing: standard input is `/dev/null`, so a child that reads gets end-of-file at once.
    case none
    /// These bytes, then end-of-file. Written concurrently with reading the child's output, so
    /// large inputs cannot deadlock. A child that exits before reading them all makes the run
    /// throw ``ProcessError/standardInputClosed(_:bytesWritten:bytesTotal:result:)``.
    case bytes([UInt8])
    /// The caller's own standard input (a terminal stays a terminal).
    case inherit
    /// Bytes written while the child runs, then end-of-file when the feed is finished. A child
    /// that exits before reading them all makes the run throw
    /// ``ProcessError/standardInputClosed(_:bytesWritten:bytesTotal:result:)``, as for ``bytes(_:)``.
    case feed(InputFeed)

    /// The UTF-8 bytes of `text`, then end-of-file.
    public static func string(_ text: String) -> InputSource {
        .bytes(Array(text.utf8))
    }
}

extension InputSource: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A summary that never spells out the bytes: a result or error describing a command with
    /// megabytes of input stays readable.
    public var description: String {
        switch self {
        case .none: "none"
        case .bytes(let bytes): "bytes(\(bytes.count) bytes)"
        case .inherit: "inherit"
        case .feed: "feed"
        }
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
