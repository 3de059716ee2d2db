import Foundation

/// A value passed once from one thread to others: the first ``offer(_:)`` is kept and later ones
/// are ignored; ``value()`` waits until there is one. For a result that a thread can give in
/// part before it ends (the staged blobs before the `HEAD` ones, from one `git cat-file`).
package final class Handoff<Value: Sendable>: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    /// Written once, under `lock`, before `ready` is signalled.
    private var stored: Value?

    package init() {}

    /// Keeps `value` unless one was offered before.
    package func offer(_ value: Value) {
        let first = lock.withLock {
            guard stored == nil else { return false }
            stored = value
            return true
        }
        if first { ready.signal() }
    }

    /// The value offered first, once there is one.
    package func value() -> Value {
        ready.wait()
        ready.signal()
        return lock.withLock { stored! }
    }
}
