#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The parent's end of one output pipe, read without blocking until end-of-file.
final class PipeReader {
    enum Stream { case standardOutput, standardError }

    /// The kernel buffer asked for each pipe (Linux); fewer, larger reads raise throughput.
    static let pipeCapacity = 1 << 20
    /// The most read in one call.
    static let readSize = 1 << 20

    let stream: Stream
    private(set) var fd: Int32
    let sink: StreamSink

    init(stream: Stream, fd: Int32, sink: StreamSink) {
        self.stream = stream
        self.fd = fd
        self.sink = sink
    }

    var isOpen: Bool { fd >= 0 }

    /// Reads until the pipe is empty (EAGAIN) or at end-of-file, handing each chunk to the sink.
    func readAvailable(into buffer: UnsafeMutableRawBufferPointer) {
        while fd >= 0 {
            let count = read(fd, buffer.baseAddress, buffer.count)
            if count > 0 {
                sink.consume(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                if count < buffer.count { return }
            } else if count == 0 {
                close()
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return
            } else {
                close()  // EIO and the like: treat as end-of-file rather than spin
            }
        }
    }

    /// Stops reading. Delivers any final unterminated line first.
    func close() {
        guard fd >= 0 else { return }
        sink.finish()
        POSIX.closeIfOpen(&fd)
    }
}

/// The parent's end of the child's standard-input pipe, written without blocking: fixed bytes,
/// or those an ``InputFeed`` is given while the child runs.
final class PipeWriter {
    private(set) var fd: Int32
    private var bytes: [UInt8]
    private var offset = 0
    private var failed = false
    private let feed: InputFeed?
    /// Whether no more bytes will come (fixed bytes; a finished feed).
    private var complete: Bool
    /// Bytes written before `bytes` (a feed's earlier batches).
    private var earlier = 0
    private var total: Int

    init(fd: Int32, bytes: [UInt8]) {
        self.fd = fd
        self.bytes = bytes
        feed = nil
        complete = true
        total = bytes.count
        if bytes.isEmpty { close() }
    }

    init(fd: Int32, feed: InputFeed) {
        self.fd = fd
        bytes = []
        self.feed = feed
        complete = false
        total = 0
    }

    var isOpen: Bool { fd >= 0 }

    /// Whether the loop should wait for the pipe to take bytes: some are waiting, or the end is.
    var wantsToWrite: Bool {
        guard fd >= 0 else { return false }
        refill()
        return offset < bytes.count || complete
    }

    /// `(written, total)` when the child stopped reading before the end; `nil` otherwise.
    var shortfall: (written: Int, total: Int)? {
        refill()
        let written = earlier + offset
        return failed || (fd < 0 && written < total) ? (written, total) : nil
    }

    /// Takes what the feed was given since the last look.
    private func refill() {
        guard let feed, !complete else { return }
        let (more, finished, total) = feed.take()
        if !more.isEmpty {
            earlier += offset
            bytes = Array(bytes[offset...]) + more
            offset = 0
        }
        complete = finished
        self.total = total
    }

    func writeAvailable() {
        refill()
        while fd >= 0, offset < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                write(fd, raw.baseAddress! + offset, min(raw.count - offset, 1 << 20))
            }
            if count > 0 {
                offset += count
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                return
            } else {
                failed = true  // EPIPE: the child closed its end (SIGPIPE is handled, not fatal)
                close()
            }
        }
        if offset >= bytes.count, complete { close() }
    }

    /// The child exited: whatever was not written never will be.
    func abandon() {
        if fd >= 0 { writeAvailable() }
        close()
    }

    func close() {
        POSIX.closeIfOpen(&fd)
    }
}
