import Foundation

/// A value shared between threads, reached only through ``withLock(_:)``: the package's one
/// lock-protected box (ProcessKit's I/O threads, discovery workers, parallel maps and prepush's
/// step logs all use it instead of a lock and a variable of their own).
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock; what `body` returns is returned.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value.
    package var current: Value { withLock { $0 } }
}
