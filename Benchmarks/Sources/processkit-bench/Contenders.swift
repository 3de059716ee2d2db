import Foundation
import ProcessKit
import RawSpawn
import Subprocess

/// An argv for the C helpers: NUL-terminated copies that live as long as the value.
final class CArguments {
    let path: String
    private(set) var pointers: [UnsafeMutablePointer<CChar>?]

    init(_ path: String, _ arguments: [String]) {
        self.path = path
        pointers = ([path] + arguments).map { strdup($0) } + [nil]
    }

    deinit { for pointer in pointers { free(pointer) } }

    /// posix_spawn + waitpid; returns the exit code or throws.
    func spawnAndWait() throws -> Int32 {
        let status = pointers.withUnsafeBufferPointer { raw_spawn_wait(path, $0.baseAddress) }
        guard status >= 0 else {
            throw BenchError("raw_spawn_wait(\(path)) failed: \(String(cString: strerror(-status)))")
        }
        return exitCode(status)
    }

    /// posix_spawn with stdout on a pipe, read(2) until EOF; returns the byte count.
    func spawnAndRead(pipeSize: Int32 = 0) throws -> Int {
        var status: Int32 = 0
        let count = pointers.withUnsafeBufferPointer { raw_spawn_read(path, $0.baseAddress, pipeSize, &status) }
        guard count >= 0 else {
            throw BenchError("raw_spawn_read(\(path)) failed: \(String(cString: strerror(Int32(-count))))")
        }
        guard status == 0 else { throw BenchError("\(path) ended with wait status \(status)") }
        return Int(count)
    }
}

/// The exit code in a wait status, or -1 when the child was killed by a signal.
func exitCode(_ status: Int32) -> Int32 {
    status & 0x7f == 0 ? (status >> 8) & 0xff : -1
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Keeps every chunk in one growing `[UInt8]`, as ProcessKit's `.capture` did before CaptureBuffer.
final class ByteCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    func append(_ chunk: [UInt8]) {
        lock.lock()
        bytes.append(contentsOf: chunk)
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return bytes.count
    }
}

/// A byte count updated from ProcessKit's I/O thread.
final class ByteCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0

    func add(_ count: Int) {
        lock.lock()
        total += count
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return total
    }
}

/// One thing measured: a name and one run of it. `run` returns a byte count for throughput
/// contenders (ignored for spawn contenders).
struct Contender {
    let name: String
    let run: () async throws -> Int
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw BenchError(message()) }
}

// MARK: - Spawn + wait of /bin/true

func spawnContenders() -> [Contender] {
    let truePath = "/bin/true"
    let raw = CArguments(truePath, [])

    var discarding = ProcessKit.Command(truePath)
    discarding.standardOutput = .discard
    discarding.standardError = .discard
    let capturing = ProcessKit.Command(truePath)

    return [
        Contender(name: "raw posix_spawn + waitpid (C)") {
            try check(try raw.spawnAndWait() == 0, "raw /bin/true failed")
            return 0
        },
        Contender(name: "ProcessKit runBlocking(), .discard") {
            try check(try discarding.runBlocking().succeeded, "ProcessKit /bin/true failed")
            return 0
        },
        Contender(name: "ProcessKit runBlocking(), capture (default)") {
            try check(try capturing.runBlocking().succeeded, "ProcessKit /bin/true failed")
            return 0
        },
        Contender(name: "ProcessKit async run(), capture (default)") {
            try check(try await capturing.run().succeeded, "ProcessKit /bin/true failed")
            return 0
        },
        Contender(name: "swift-subprocess 1.0.2 run(), .discarded") {
            let result = try await Subprocess.run(.path("/bin/true"), output: .discarded, error: .discarded)
            try check(result.terminationStatus.isSuccess, "Subprocess /bin/true failed")
            return 0
        },
        Contender(name: "Foundation Process, terminationHandler + semaphore") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: truePath)
            let done = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in done.signal() }
            try process.run()
            done.wait()
            try check(process.terminationStatus == 0, "Foundation /bin/true failed")
            return 0
        },
    ]
}

// MARK: - Throughput through a child's stdout

func throughputContenders(mebibytes: Int, includeCapture: Bool) -> [Contender] {
    let dd = "/bin/dd"
    let ddArguments = ["if=/dev/zero", "bs=1M", "count=\(mebibytes)", "status=none"]
    let expected = mebibytes << 20
    let raw = CArguments(dd, ddArguments)
    let shell = CArguments("/bin/sh", ["-c", "\(dd) \(ddArguments.joined(separator: " ")) | cat > /dev/null"])

    var contenders = [
        Contender(name: "raw posix_spawn + read(2) loop (C)") {
            try raw.spawnAndRead()
        },
        // ProcessKit asks for a 1 MiB pipe (F_SETPIPE_SZ); the same in C shows what that alone buys.
        Contender(name: "raw, 1 MiB pipe like ProcessKit (C)") {
            try raw.spawnAndRead(pipeSize: 1 << 20)
        },
        Contender(name: "ProcessKit .chunks, counting") {
            let counter = ByteCounter()
            var command = ProcessKit.Command(dd, ddArguments)
            command.standardOutput = .chunks { counter.add($0.count) }
            try check(try await command.run().succeeded, "ProcessKit dd failed")
            return counter.value
        },
    ]
    if includeCapture {
        contenders += [
            Contender(name: "ProcessKit .capture(limit: 1 << 31)") {
                var command = ProcessKit.Command(dd, ddArguments)
                command.standardOutput = .capture(limit: 1 << 31)
                let result = try await command.run()
                try check(result.succeeded, "ProcessKit dd failed")
                try check(result.standardOutput?.isTruncated == false, "ProcessKit capture truncated")
                return result.standardOutput?.bytes.count ?? 0
            },
            // How `.capture` kept bytes before CaptureBuffer: one `[UInt8]` grown by `append`, which
            // doubles into fresh memory. Through `.chunks`, whose own cost is the row above.
            Contender(name: "old capture: [UInt8] append via .chunks") {
                let collector = ByteCollector()
                var command = ProcessKit.Command(dd, ddArguments)
                command.standardOutput = .chunks { collector.append($0) }
                try check(try await command.run().succeeded, "ProcessKit dd failed")
                return collector.count
            },
        ]
    }
    contenders += [
        Contender(name: "swift-subprocess 1.0.2 .sequence, counting") {
            let result = try await Subprocess.run(
                .path("/bin/dd"), arguments: Arguments(ddArguments), input: .none, output: .sequence,
                error: .discarded
            ) { execution in
                var count = 0
                for try await chunk in execution.standardOutput { count += chunk.count }
                return count
            }
            try check(result.terminationStatus.isSuccess, "Subprocess dd failed")
            return result.closureResult
        },
        Contender(name: "shell: dd | cat > /dev/null (context)") {
            try check(try shell.spawnAndWait() == 0, "dd | cat failed")
            return expected
        },
    ]
    return contenders
}

// MARK: - Where the spawn time goes

/// One sub-step of a spawn, timed alone; `measure` returns the seconds of the timed part only.
struct Probe {
    let name: String
    let measure: () async throws -> Double
}

/// Sub-steps that explain the spawn table: what posix_spawn itself costs, what Foundation's
/// `Process.run()` (which ProcessKit calls for every command) costs, and one known part of it.
func launchProbes() -> [Probe] {
    let truePath = "/bin/true"
    let raw = CArguments(truePath, [])
    return [
        Probe(name: "posix_spawn() call alone (C; returns after the child's exec)") {
            let (pid, seconds) = try await timed { try raw.spawnStart() }
            try check(try raw.wait(pid) == 0, "raw /bin/true failed")
            return seconds
        },
        Probe(name: "Foundation Process.run() call alone (ProcessKit calls it per run)") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: truePath)
            let done = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in done.signal() }
            let ((), seconds) = try await timed { try process.run() }
            done.wait()
            return seconds
        },
        Probe(name: "ProcessInfo.processInfo.environment (Process.run() reads it per run)") {
            let (count, seconds) = await timed { ProcessInfo.processInfo.environment.count }
            try check(count > 0, "empty environment")
            return seconds
        },
    ]
}

extension CArguments {
    func spawnStart() throws -> Int32 {
        let pid = pointers.withUnsafeBufferPointer { raw_spawn_start(path, $0.baseAddress) }
        guard pid > 0 else { throw BenchError("posix_spawn(\(path)) failed: \(String(cString: strerror(-pid)))") }
        return pid
    }

    func wait(_ pid: Int32) throws -> Int32 {
        let status = raw_wait(pid)
        guard status >= 0 else { throw BenchError("waitpid(\(pid)) failed: \(String(cString: strerror(-status)))") }
        return exitCode(status)
    }
}
