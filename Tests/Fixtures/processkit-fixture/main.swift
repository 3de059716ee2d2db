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
#elseif canImport(Darwin)
import Darwin
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
    let script = "sleep 60 & echo $! >> '\(pidFile)'; echo $$ >> '\(pidFile)'; echo $PPID >> '\(pidFile)'; wait"
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

/// Open descriptors of this process, each with what it refers to: the link's target where the
/// system gives one (Linux: `pipe:[123]`, `anon_inode:[eventpoll]`), and its kind, device and
/// inode from `fstat` (every platform). Listed from `/dev/fd`, which both Linux (a link to
/// /proc/self/fd) and Darwin provide. `nil` when the system lists none: the check cannot be made,
/// and the caller fails rather than counting nothing.
func openDescriptors() -> [String: String]? {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/fd")) ?? []
    // 0, 1 and 2 are always open here: an empty listing means /dev/fd lists nothing.
    guard names.count >= 3 else { return nil }
    var targets: [String: String] = [:]
    for name in names {
        guard let descriptor = Int32(name) else { continue }
        let parts = [
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/dev/fd/" + name), identity(descriptor),
        ]
        let known = parts.compactMap { $0 }
        targets[name] = known.isEmpty ? "?" : known.joined(separator: " ")
    }
    return targets
}

/// A descriptor's kind, device and inode, or `nil` when it is not open.
func identity(_ descriptor: Int32) -> String? {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    let kinds: [mode_t: String] = [
        S_IFIFO: "fifo", S_IFCHR: "character", S_IFDIR: "directory", S_IFREG: "file", S_IFSOCK: "socket",
    ]
    return "\(kinds[info.st_mode & S_IFMT] ?? "other") \(info.st_dev):\(info.st_ino)"
}

/// Children of this process that have exited but were not reaped, from `ps` (the same options on
/// Linux and macOS).
func zombieChildren() -> [String]? {
    let me = getpid()
    guard let result = try? Command("ps", ["-A", "-o", "pid=,ppid=,stat="]).runBlocking(), result.succeeded else {
        return nil
    }
    return result.outputText.split(separator: "\n").compactMap { line in
        let fields = line.split(separator: " ")
        guard fields.count == 3, Int32(fields[1]) == me, fields[2].hasPrefix("Z") else { return nil }
        return String(fields[0])
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
    guard let before = openDescriptors() else {
        print("this system lists no open descriptors in /dev/fd: the leak check cannot be made")
        return 1
    }
    let cancelled = await cancelRuns(count)
    guard var zombies = zombieChildren() else {
        print("ps could not list the processes: the zombie check cannot be made")
        return 1
    }
    for _ in 0..<50 where !zombies.isEmpty {
        try? await Task.sleep(for: .milliseconds(20))
        zombies = zombieChildren() ?? zombies
    }
    // An epoll, an eventfd and a timerfd are what a CoreFoundation run loop opens on Linux, one set
    // per thread that gets one (Process keeps a manager thread with a run loop; Dispatch may create
    // run-loop-backed threads under load), kept for the thread's life. CI saw one such set appear
    // during the loop on a loaded machine. ProcessKit opens none of these kinds: pipes and
    // /dev/null, the descriptors it could leak, are still counted.
    let runLoopKinds = ["anon_inode:[eventpoll]", "anon_inode:[eventfd]", "anon_inode:[timerfd]"]
    var new: [String: String] = [:]
    var leaked: [String: String] = [:]
    // Foundation's Process closes its socket pair for a child on its manager thread a moment after
    // the child is reaped (the last `ps` above, for one): a leak stays, that one goes.
    for attempt in 0..<50 where attempt == 0 || !leaked.isEmpty {
        if attempt > 0 { try? await Task.sleep(for: .milliseconds(20)) }
        let after = openDescriptors() ?? [:]
        new = after.filter { before[$0.key] != $0.value && $0.value != "?" }
        leaked = new.filter { entry in !runLoopKinds.contains { entry.value.hasPrefix($0 + " ") } }
    }
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
