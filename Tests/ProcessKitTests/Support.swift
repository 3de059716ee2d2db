import Foundation
import ProcessKit
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Helpers shared by ProcessKit's tests.
enum Support {
    /// The directory holding the built test bundle and the package's executables.
    static var productsDirectory: String { ProductsFolder.path }

    /// The path of `processkit-fixture`, built alongside the tests.
    static var fixture: String { productsDirectory + "/processkit-fixture" }

    /// The stdout (`upper == false`) or stderr pattern the fixture's `emit` writes.
    static func pattern(count: Int, upper: Bool) -> [UInt8] {
        let base = upper ? UInt8(ascii: "A") : UInt8(ascii: "a")
        let period: [UInt8] = (0..<26).map { base + UInt8($0) } + [UInt8(ascii: "\n")]
        var bytes = [UInt8]()
        bytes.reserveCapacity(count)
        while bytes.count + 27 <= count { bytes += period }
        bytes += period.prefix(count - bytes.count)
        return bytes
    }

    /// Whether two byte arrays are equal, compared as a `Bool` first so that a test framework
    /// never renders megabytes of bytes.
    static func same(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        if left.isEmpty { return true }
        return left.withUnsafeBytes { a in
            right.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }

    /// `true` while `pid` names a process, zombies included (`kill(pid, 0)` succeeds).
    static func exists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0
    }

    /// Waits up to `seconds` for `pid` to end: to disappear, or to be a zombie. A zombie has
    /// exited; reaping an orphan is the reaper's job (init, or a container's pid 1, which here
    /// reaps every one to two seconds, later under load), not the code under test's.
    ///
    /// Asynchronous on purpose: a test that sleeps on one of Swift concurrency's threads (two on a
    /// 2-core machine) stalls every other test's continuations, and their wall-clock checks then
    /// measure the wait, not ProcessKit (three teardown tests took 10.0x s that way under load).
    static func waitUntilGone(_ pid: Int32, seconds: Double = 10) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if kill(pid, 0) != 0 && errno == ESRCH { return true }
            if await isZombie(pid) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Whether `pid` has exited and awaits reaping: its state as `ps` reports it (procps on Linux,
    /// BSD's on macOS: the same options) starts with `Z`.
    static func isZombie(_ pid: Int32) async -> Bool {
        guard let result = try? await Command("ps", ["-o", "stat=", "-p", "\(pid)"]).run() else { return false }
        return result.outputText.trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    /// Collects values from a `@Sendable` handler.
    final class Collector<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Value] = []
        func append(_ value: Value) {
            lock.lock()
            stored.append(value)
            lock.unlock()
        }
        var values: [Value] {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
    }
}
