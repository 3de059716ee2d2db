import CProcessKit
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a run was ended from outside instead of by the child itself.
enum StopReason: Sendable, Equatable {
    case timedOut
    case cancelled
    case interrupted(Int32)
}

/// What one finished execution produced, before the public API turns it into a result or error.
struct Outcome: Sendable {
    var result: ProcessResult
    var stopReason: StopReason?
    /// Set when the child closed standard input before taking all of it.
    var inputShortfall: (written: Int, total: Int)?
}

/// One running child: spawned by Foundation's `Process`, watched and drained by ProcessKit.
///
/// Foundation spawns and reaps the child (each child leads its own process group). Everything
/// Foundation gets wrong on Linux is done here instead (see README, "Why ProcessKit works around
/// Foundation"): pipes are read with `read(2)` until end-of-file on one poll loop, exit is seen
/// through a pidfd (`waitid(WNOWAIT)` leaves the reaping to Foundation) so a grandchild holding
/// Foundation's status socket cannot delay it, and teardown signals the whole process group.
final class Execution: @unchecked Sendable {
    let command: Command
    let processID: Int32
    private let process: Process
    private let start: ContinuousClock.Instant

    private let shared: SharedState

    // Owned by the thread running `waitForCompletion()`.
    private var wakeRead: Int32
    private var pidfd: Int32 = -1
    private var outputs: [PipeReader]
    private var input: PipeWriter?

    private init(
        command: Command,
        process: Process,
        start: ContinuousClock.Instant,
        wakeRead: Int32,
        shared: SharedState,
        outputs: [PipeReader],
        input: PipeWriter?
    ) {
        self.command = command
        self.process = process
        self.processID = process.processIdentifier
        self.start = start
        self.wakeRead = wakeRead
        self.shared = shared
        self.outputs = outputs
        self.input = input
    }

    /// Spawns the command. Throws before anything runs when the executable or working directory
    /// is missing.
    static func launch(_ original: Command) throws(ProcessError) -> Execution {
        SignalForwarding.prepareProcess()
        if let signal = SignalForwarding.receivedSignal {
            throw .interrupted(signal: signal, command: original.commandLine, partial: nil)
        }
        var command = original
        let inherited = command.environment.isInheritedUnchanged ? nil : ProcessInfo.processInfo.environment
        let childEnvironment = inherited.map { command.environment.resolved(inheriting: $0) }
        let searchPath = childEnvironment.map { $0["PATH"] } ?? getenv("PATH").map { String(cString: $0) }
        if let directory = command.workingDirectory, !ExecutableLookup.isDirectory(directory) {
            throw .workingDirectoryNotFound(path: directory, command: command.commandLine)
        }
        command.executable = try ExecutableLookup.resolve(
            command.executable, searchPath: searchPath, workingDirectory: command.workingDirectory)

        var process = Process()
        process.executableURL = URL(fileURLWithPath: command.executable)
        process.arguments = command.arguments
        if let directory = command.workingDirectory {
            process.currentDirectoryURL = URL(fileURLWithPath: directory, isDirectory: true)
        }
        if let childEnvironment { process.environment = childEnvironment }

        var opened: [Int32] = []
        func pipe() throws(ProcessError) -> (read: Int32, write: Int32) {
            let ends = try POSIX.makePipe()
            opened += [ends.read, ends.write]
            return ends
        }
        func closeAll() { for var fd in opened { POSIX.closeIfOpen(&fd) } }

        do {
            let wake = try pipe()
            POSIX.setNonBlocking(wake.read)
            POSIX.setNonBlocking(wake.write)

            var childEnds: [Int32] = []
            var readers: [PipeReader] = []
            func attach(_ destination: OutputDestination, stream: PipeReader.Stream) throws(ProcessError) -> Any {
                switch destination {
                case .passThrough:
                    return stream == .standardOutput ? FileHandle.standardOutput : FileHandle.standardError
                case .discard:
                    return FileHandle.nullDevice
                case .capture, .lines, .chunks:
                    let ends = try pipe()
                    _ = pk_set_pipe_size(ends.write, Int32(PipeReader.pipeCapacity))
                    POSIX.setNonBlocking(ends.read)
                    childEnds.append(ends.write)
                    readers.append(PipeReader(stream: stream, fd: ends.read, sink: StreamSink(destination)!))
                    return FileHandle(fileDescriptor: ends.write, closeOnDealloc: false)
                }
            }
            process.standardOutput = try attach(command.standardOutput, stream: .standardOutput)
            process.standardError = try attach(command.standardError, stream: .standardError)

            var writer: PipeWriter?
            /// A pipe whose read end is the child's standard input; the write end, not blocking.
            func inputPipe() throws(ProcessError) -> Int32 {
                let ends = try pipe()
                POSIX.setNonBlocking(ends.write)
                childEnds.append(ends.read)
                process.standardInput = FileHandle(fileDescriptor: ends.read, closeOnDealloc: false)
                return ends.write
            }
            switch command.standardInput {
            case .none:
                process.standardInput = FileHandle.nullDevice
            case .inherit:
                process.standardInput = FileHandle.standardInput
            case .bytes(let bytes):
                writer = PipeWriter(fd: try inputPipe(), bytes: bytes)
            case .feed(let feed):
                writer = PipeWriter(fd: try inputPipe(), feed: feed)
            }

            let shared = SharedState(wakeWrite: wake.write)
            var start = ContinuousClock.now
            for attempt in 1... {
                // Set before `run()`: a quick child can be reaped before `run()` returns.
                PendingReaps.keep(process)
                process.terminationHandler = { process in
                    shared.foundationDidReap()
                    PendingReaps.release(process)
                }
                start = ContinuousClock.now
                do {
                    // Foundation passes the spawning thread's signal mask on to the child, and Swift
                    // concurrency's threads block signals: a child spawned from one would never see
                    // SIGTERM or SIGINT. Spawn with nothing blocked.
                    try SignalMask.withNothingBlocked { try process.run() }
                    break
                } catch {
                    PendingReaps.release(process)
                    // ETXTBSY: a script just written is still open for writing in a child that
                    // another thread is spawning at this instant. It passes within milliseconds.
                    if Self.posixCode(of: error) == ETXTBSY && attempt < 8 {
                        usleep(UInt32(1000 << attempt))
                        process = Self.copy(of: process)
                        continue
                    }
                    throw ProcessError.launchFailed(command: command.commandLine, reason: Self.describe(error))
                }
            }
            for var fd in childEnds { POSIX.closeIfOpen(&fd) }
            // Only now: a feed attached to a spawn that failed would write to a closed descriptor
            // number, which may be reused. Bytes given before are taken at the loop's first turn.
            if case .feed(let feed) = command.standardInput { feed.attach { shared.wake() } }
            let execution = Execution(
                command: command, process: process, start: start, wakeRead: wake.read, shared: shared, outputs: readers,
                input: writer)
            execution.pidfd = pk_pidfd_open(execution.processID)
            SignalForwarding.register(execution)
            return execution
        } catch let error as ProcessError {
            closeAll()
            throw error
        } catch {
            closeAll()
            throw .launchFailed(command: command.commandLine, reason: Self.describe(error))
        }
    }

    /// Asks the loop to tear the child's process group down. Safe from any thread, at any time.
    func requestStop(_ reason: StopReason) {
        shared.requestStop(reason)
    }

    // MARK: - The loop

    /// Drives the child to completion on the calling thread: drains its pipes, feeds its input,
    /// enforces the timeout, carries out teardown and collects the exit status.
    func waitForCompletion() -> Outcome {
        let grace = command.teardownGracePeriod
        let timeoutDeadline = command.timeout.map { start + $0 }
        var stopReason: StopReason?
        var termSentAt: ContinuousClock.Instant?
        var killSent = false
        var termination: Termination?
        var exitSeenAt: ContinuousClock.Instant?
        var pollSet: [pollfd] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: PipeReader.readSize, alignment: 16)
        defer { buffer.deallocate() }

        while true {
            let now = ContinuousClock.now
            let (stopRequest, urgent, reaped) = shared.snapshot()

            // Begin or escalate teardown.
            if termination == nil || termSentAt != nil {
                if stopReason == nil {
                    if let stopRequest {
                        stopReason = stopRequest
                    } else if let timeoutDeadline, now >= timeoutDeadline {
                        stopReason = .timedOut
                    }
                    if let stopReason, termination == nil {
                        let signal: Int32 = if case .interrupted(let number) = stopReason { number } else { SIGTERM }
                        POSIX.signalGroup(processID, signal)
                        termSentAt = now
                    }
                }
                if let sentAt = termSentAt, !killSent, urgent || termination != nil || now >= sentAt + grace {
                    // The leader is gone or out of time: nothing of its group may outlive it.
                    POSIX.signalGroup(processID, SIGKILL)
                    killSent = true
                }
            }

            // Exit status: from the pidfd without reaping, or from Foundation once it reaped.
            if termination == nil, reaped {
                termination = foundationTermination()
            }
            if termination != nil, exitSeenAt == nil {
                exitSeenAt = now
                input?.abandon()
            }

            // Done?
            let outputsOpen = outputs.contains { $0.isOpen }
            if let exitSeenAt, termination != nil, termSentAt == nil || killSent {
                // Not waiting for Foundation's reaping here: a grandchild that inherited its status
                // socket would hold it up; Foundation reaps in its own time (see PendingReaps).
                let drained = !outputsOpen && input?.isOpen != true
                if drained || now >= exitSeenAt + command.drainTimeout {
                    break
                }
            }

            // Wait for something to happen.
            pollSet.removeAll(keepingCapacity: true)
            pollSet.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
            let pidfdSlot = termination == nil && pidfd >= 0 ? pollSet.count : -1
            if pidfdSlot >= 0 { pollSet.append(pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)) }
            let firstOutput = pollSet.count
            for reader in outputs where reader.isOpen {
                pollSet.append(pollfd(fd: reader.fd, events: Int16(POLLIN), revents: 0))
            }
            let inputSlot = input?.wantsToWrite == true ? pollSet.count : -1
            if inputSlot >= 0, let input { pollSet.append(pollfd(fd: input.fd, events: Int16(POLLOUT), revents: 0)) }

            var wakeAt: ContinuousClock.Instant?
            func until(_ instant: ContinuousClock.Instant) { wakeAt = min(wakeAt ?? instant, instant) }
            if stopReason == nil, let timeoutDeadline { until(timeoutDeadline) }
            if let termSentAt, !killSent { until(termSentAt + grace) }
            if let exitSeenAt { until(exitSeenAt + command.drainTimeout) }
            let timeoutMilliseconds = wakeAt.map { Self.milliseconds(from: now, to: $0) } ?? -1

            let ready = poll(&pollSet, nfds_t(pollSet.count), timeoutMilliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                break  // cannot happen with valid descriptors; do not spin
            }
            if ready == 0 { continue }

            if pollSet[0].revents != 0 { drainWakePipe() }
            if pidfdSlot >= 0, pollSet[pidfdSlot].revents != 0 {
                termination = peekExitStatus() ?? termination
            }
            var slot = firstOutput
            for reader in outputs where reader.isOpen {
                if pollSet[slot].revents != 0 { reader.readAvailable(into: buffer) }
                slot += 1
            }
            if inputSlot >= 0, pollSet[inputSlot].revents != 0 { input?.writeAvailable() }
        }

        return finish(termination: termination, stopReason: stopReason)
    }

    private func drainWakePipe() {
        var scratch = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &scratch, scratch.count) > 0 {}
    }

    private func peekExitStatus() -> Termination? {
        var exited: Int32 = 0
        var value: Int32 = 0
        let state = pk_peek_exit_status(processID, &exited, &value)
        guard state == 1 else {
            // Not yet (0), or Foundation reaped it first (-1, ECHILD): then its handler reports.
            if state < 0 { POSIX.closeIfOpen(&pidfd) }
            return nil
        }
        POSIX.closeIfOpen(&pidfd)
        return exited == 1 ? .exited(value) : .signaled(value)
    }

    private func foundationTermination() -> Termination {
        switch process.terminationReason {
        case .exit: .exited(process.terminationStatus)
        case .uncaughtSignal: .signaled(process.terminationStatus)
        @unknown default: .exited(process.terminationStatus)
        }
    }

    private func finish(termination: Termination?, stopReason: StopReason?) -> Outcome {
        SignalForwarding.unregister(self)
        let complete = !outputs.contains { $0.isOpen }
        for reader in outputs { reader.close() }
        let shortfall = input.flatMap { $0.shortfall }
        input?.close()
        POSIX.closeIfOpen(&pidfd)
        shared.closeWakePipe()
        POSIX.closeIfOpen(&wakeRead)

        let stdout = outputs.first { $0.stream == .standardOutput }
        let stderr = outputs.first { $0.stream == .standardError }
        let result = ProcessResult(
            command: command,
            processID: processID,
            termination: termination ?? .signaled(SIGKILL),
            standardOutput: stdout?.sink.capturedOutput(isComplete: complete),
            standardError: stderr?.sink.capturedOutput(isComplete: complete),
            standardErrorTail: stderr?.sink.tailText ?? "",
            duration: ContinuousClock.now - start,
            isOutputComplete: complete
        )
        return Outcome(result: result, stopReason: stopReason, inputShortfall: shortfall)
    }

    private static func milliseconds(from now: ContinuousClock.Instant, to deadline: ContinuousClock.Instant) -> Int32 {
        let remaining = deadline - now
        if remaining <= .zero { return 0 }
        let parts = remaining.components
        let milliseconds = parts.seconds * 1000 + (parts.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    /// A new, unstarted `Process` configured like `process` (a `Process` runs only once).
    private static func copy(of process: Process) -> Process {
        let copy = Process()
        copy.executableURL = process.executableURL
        copy.arguments = process.arguments
        copy.currentDirectoryURL = process.currentDirectoryURL
        copy.environment = process.environment
        copy.standardInput = process.standardInput
        copy.standardOutput = process.standardOutput
        copy.standardError = process.standardError
        return copy
    }

    private static func posixCode(of error: any Error) -> Int32? {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return Int32(nsError.code) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return Int32(underlying.code)
        }
        return nil
    }

    private static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return POSIX.errorText(Int32(posix.code)) + "."
        }
        return nsError.localizedDescription
    }
}

/// The part of an execution other threads touch: stop requests, Foundation's reaping, and the
/// pipe that wakes the loop for either.
final class SharedState: Sendable {
    private struct Fields {
        var requestedStop: StopReason?
        var urgentStop = false
        var foundationFinished = false
        var wakeWrite: Int32
    }

    private let fields: Locked<Fields>

    init(wakeWrite: Int32) {
        fields = Locked(Fields(wakeWrite: wakeWrite))
    }

    /// The first reason wins; a second interrupt makes the stop urgent (no more grace).
    func requestStop(_ reason: StopReason) {
        fields.withLock { fields in
            if fields.requestedStop == nil {
                fields.requestedStop = reason
            } else if case .interrupted = reason {
                fields.urgentStop = true
            }
            Self.wakeLoop(fields.wakeWrite)
        }
    }

    func foundationDidReap() {
        fields.withLock { fields in
            fields.foundationFinished = true
            Self.wakeLoop(fields.wakeWrite)
        }
    }

    /// Wakes the loop to look at its input again (an ``InputFeed`` was given bytes or finished).
    func wake() {
        fields.withLock { Self.wakeLoop($0.wakeWrite) }
    }

    func snapshot() -> (stop: StopReason?, urgent: Bool, reaped: Bool) {
        fields.withLock { ($0.requestedStop, $0.urgentStop, $0.foundationFinished) }
    }

    func closeWakePipe() {
        fields.withLock { POSIX.closeIfOpen(&$0.wakeWrite) }
    }

    /// Call with the lock held, so the pipe cannot be closed meanwhile.
    private static func wakeLoop(_ wakeWrite: Int32) {
        guard wakeWrite >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }
}

/// Keeps each `Process` alive until Foundation has reaped its child, which can be after the run
/// returned (a grandchild holding Foundation's status socket delays the reaping, not the run).
enum PendingReaps {
    private static let processes = Locked<[ObjectIdentifier: Process]>([:])

    static func keep(_ process: Process) {
        processes.withLock { $0[ObjectIdentifier(process)] = process }
    }

    static func release(_ process: Process) {
        processes.withLock { $0[ObjectIdentifier(process)] = nil }
    }
}
