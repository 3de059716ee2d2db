// A child program for ProcessKit's tests. Not a product.
//
//   processkit-fixture emit STDOUT_BYTES STDERR_BYTES   exact byte counts on both streams at once
//   processkit-fixture echo-args ARG…                   each argument, NUL-terminated, on stdout
//   processkit-fixture pass-through TEXT                runs printf with stdout and stderr passed through
//   processkit-fixture cancel-loop COUNT                cancels COUNT runs at once or soon after they
//                                                       start; prints zombies and leaked descriptors
//   processkit-fixture forward-signals PIDFILE          runs a shell that starts a background
//                                                       grandchild under ProcessKit with signal
//                                                       forwarding on; exits 130 on SIGINT
import Foundation
import ProcessKit

#if canImport(Glibc)
import Glibc
#endif

/// The byte at `index` of the stdout (`upper == false`) or stderr pattern: 26 letters and a newline.
func patternByte(_ index: Int, upper: Bool) -> UInt8 {
    let position = index % 27
    if position == 26 { return UInt8(ascii: "\n") }
    return UInt8(position) + (upper ? UInt8(ascii: "A") : UInt8(ascii: "a"))
}

func emit(count: Int, to fd: Int32, upper: Bool) {
    let period = 27 * 4096
    let block = (0..<period).map { patternByte($0, upper: upper) }
    var written = 0
    block.withUnsafeBytes { raw in
        while written < count {
            let offset = written % 27
            let length = min(count - written, period - offset)
            let rc = write(fd, raw.baseAddress! + offset, length)
            if rc <= 0 {
                if errno == EINTR { continue }
                exit(3)
            }
            written += rc
        }
    }
}

/// Runs a shell with a background grandchild under ProcessKit, with signal forwarding on.
/// Returns the exit status the fixture should end with.
func forwardSignals(pidFile: String) -> Int32 {
    SignalForwarding.install()
    let script = "sleep 60 & echo $! >> '\(pidFile)'; echo $$ >> '\(pidFile)'; wait"
    let error: ProcessError
    do {
        _ = try Command.shell(script).runBlocking()
        print("finished without a signal")
        return 0
    } catch let thrown {
        error = thrown
    }
    FileHandle.standardError.write("\(error.localizedDescription)\n".data(using: .utf8)!)
    if case .interrupted(let signal, _, _) = error { return 128 + signal }
    return 1
}

/// Open descriptors of this process.
func openDescriptors() -> [String: String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    var targets: [String: String] = [:]
    for name in names {
        targets[name] = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name)) ?? "?"
    }
    return targets
}

/// Children of this process that have exited but were not reaped.
func zombieChildren() -> [String] {
    let me = getpid()
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.filter { Int32($0) != nil }.compactMap { pid in
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 2 && fields[0] == "Z" && Int32(fields[1]) == me ? pid : nil
    }
}

/// Cancels `count` runs, half before they start and half soon after. Returns the number cancelled.
func cancelRuns(_ count: Int) async -> Int {
    var cancelled = 0
    for index in 0..<count {
        let task = Task { try await Command("/bin/sleep", ["30"]).run() }
        if index % 2 == 1 {
            try? await Task.sleep(for: .milliseconds(index % 7))
        }
        task.cancel()
        if case .failure(let error) = await task.result, error is CancellationError { cancelled += 1 }
    }
    return cancelled
}

func cancelLoop(count: Int) async -> Int32 {
    // A first round lets Foundation and Dispatch open the descriptors they keep for good
    // (event loops, timers), so that only ProcessKit's would count as leaked.
    _ = await cancelRuns(10)
    try? await Task.sleep(for: .milliseconds(100))
    let before = openDescriptors()
    let cancelled = await cancelRuns(count)
    var zombies = zombieChildren()
    for _ in 0..<50 where !zombies.isEmpty {
        try? await Task.sleep(for: .milliseconds(20))
        zombies = zombieChildren()
    }
    let after = openDescriptors()
    let new = after.filter { before[$0.key] != $0.value && $0.value != "?" }
    // An epoll, an eventfd and a timerfd are what a CoreFoundation run loop opens on Linux, one set
    // per thread that gets one (Process keeps a manager thread with a run loop; Dispatch may create
    // run-loop-backed threads under load), kept for the thread's life. CI saw one such set appear
    // during the loop on a loaded machine. ProcessKit opens none of these kinds: pipes and
    // /dev/null, the descriptors it could leak, are still counted.
    let runLoopKinds: Set<String> = ["anon_inode:[eventpoll]", "anon_inode:[eventfd]", "anon_inode:[timerfd]"]
    let leaked = new.filter { !runLoopKinds.contains($0.value) }
    print("cancelled \(cancelled) of \(count)")
    print("zombies \(zombies.count)")
    print("run loop descriptors opened meanwhile \(new.count - leaked.count)")
    print("leaked descriptors \(leaked.count)")
    for (fd, target) in leaked.sorted(by: { $0.key < $1.key }) { print("  fd \(fd) -> \(target)") }
    return cancelled == count ? 0 : 1
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write("usage: processkit-fixture emit|echo-args|forward-signals …\n".data(using: .utf8)!)
    exit(2)
}

switch arguments[1] {
case "emit":
    let stdoutCount = Int(arguments[2])!
    let stderrCount = Int(arguments[3])!
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        emit(count: stderrCount, to: 2, upper: true)
        done.signal()
    }
    emit(count: stdoutCount, to: 1, upper: false)
    done.wait()
    exit(0)

case "echo-args":
    var bytes: [UInt8] = []
    for argument in arguments.dropFirst(2) {
        bytes += Array(argument.utf8) + [0]
    }
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    exit(0)

case "pass-through":
    var out = Command("/usr/bin/printf", ["%s", arguments[2]])
    out.standardOutput = .passThrough
    _ = try out.runBlocking()
    var err = Command("/bin/sh", ["-c", "printf 'to stderr' >&2"])
    err.standardError = .passThrough
    _ = try err.runBlocking()
    exit(0)

case "cancel-loop":
    exit(await cancelLoop(count: Int(arguments[2])!))

case "forward-signals":
    exit(forwardSignals(pidFile: arguments[2]))

default:
    exit(2)
}
