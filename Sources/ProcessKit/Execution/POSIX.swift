import CProcessKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin, error-aware wrappers over the system calls the execution loop uses.
enum POSIX {
    /// A pipe with both ends close-on-exec (so no other child inherits them).
    static func makePipe() throws(ProcessError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        let rc = pk_pipe_cloexec(&fds)
        guard rc == 0 else {
            throw .launchFailed(command: "pipe()", reason: "Could not create a pipe: \(errorText(errno)).")
        }
        return (fds[0], fds[1])
    }

    static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    }

    static func closeIfOpen(_ fd: inout Int32) {
        if fd >= 0 {
            _ = close(fd)
            fd = -1
        }
    }

    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Sends `signal` to every process of the group led by `leader`; `false` once the group is empty.
    @discardableResult
    static func signalGroup(_ leader: Int32, _ signal: Int32) -> Bool {
        guard leader > 0 else { return false }
        return kill(-leader, signal) == 0
    }
}

/// A pthread that runs one closure and exits: cheaper than Foundation's `Thread` and never one
/// of Swift concurrency's cooperative threads, so blocking in it starves no task.
enum DetachedThread {
    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let rc = pthread_create(
            &thread, nil,
            { context in
                #if canImport(Glibc)
                let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
                #else
                let box = Unmanaged<Box>.fromOpaque(context).takeRetainedValue()
                #endif
                box.body()
                return nil
            }, box)
        if rc == 0 {
            #if canImport(Glibc)
            pthread_detach(thread)
            #else
            if let thread { pthread_detach(thread) }
            #endif
        } else {
            // No thread could be made: run inline rather than lose the work.
            Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
        }
    }
}

/// The calling thread's set of blocked signals.
enum SignalMask {
    /// Runs `body` with no signal blocked on this thread, then restores the mask.
    static func withNothingBlocked<T>(_ body: () throws -> T) rethrows -> T {
        var empty = sigset_t()
        var saved = sigset_t()
        sigemptyset(&empty)
        pthread_sigmask(SIG_SETMASK, &empty, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        return try body()
    }

    /// Unblocks `signals` on this thread (a tool started with them blocked would never see them).
    static func unblock(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
