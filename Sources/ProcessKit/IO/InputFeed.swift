/// Standard input written while the child runs (``InputSource/feed(_:)``): bytes known only after
/// the spawn, such as `git cat-file --batch` object names that another command has yet to print.
/// Spawning first takes the child's start-up off the caller's path.
///
/// ``write(_:)`` any number of times, from any thread, then ``finish()`` for end-of-file; a child
/// waits for input until then. Bytes written after ``finish()`` are ignored. A feed belongs to one
/// run. A feed never finished leaves the child waiting, as a terminal nobody types into would:
/// finish it on every path (the run's timeout still ends the child).
public final class InputFeed: Sendable {
    private struct State {
        var pending: [UInt8] = []
        var total = 0
        var finished = false
        /// Called when there is something for the run to do (bytes, or end-of-file).
        var wake: (@Sendable () -> Void)?
    }

    private let state = Locked(State())

    public init() {}

    /// Queues `bytes` for the child, written as its pipe takes them.
    public func write(_ bytes: [UInt8]) {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.finished, !bytes.isEmpty else { return nil }
            state.pending += bytes
            state.total += bytes.count
            return state.wake
        }
        wake?()
    }

    /// Ends the input: the child reads end-of-file once the bytes written are taken.
    public func finish() {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.finished else { return nil }
            state.finished = true
            return state.wake
        }
        wake?()
    }

    /// Connects the feed to the run that writes it.
    func attach(wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.wake = wake }
    }

    /// The bytes queued since the last call, whether the feed is finished, and the total written.
    func take() -> (bytes: [UInt8], finished: Bool, total: Int) {
        state.withLock { state in
            defer { state.pending = [] }
            return (state.pending, state.finished, state.total)
        }
    }
}
