import Foundation

/// A call started on a thread of its own, whose value is waited for later: for calls that block
/// on a child process (git), so several run at once. Dispatch's pool is only as wide as the
/// cores, and a worker blocked on a child still holds its place: two git calls sent there, with
/// the caller's own thread one of the pool's, ran one after the other.
package final class BackgroundCall<Value: Sendable>: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    /// Written once by the call's thread before `finished` is signalled; read after waiting.
    private var result: Value?

    /// Starts `body` at once.
    package init(_ body: @escaping @Sendable () -> Value) {
        Thread.detachNewThread { [self] in
            result = body()
            finished.signal()
        }
    }

    /// The call's value, once it has returned.
    package func value() -> Value {
        finished.wait()
        finished.signal()
        return result!
    }
}
