import Foundation
import ProcessKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a hook run starts the worktree's warm-up (``WorktreeWarmUp``) without making anyone wait
/// for it: `prepush warm-worktree <git dir>` as a child whose standard input is `/dev/null` and
/// whose output goes to a log file, so no pipe of git's (or of a program reading `git push`'s
/// output) stays open; git waits only for the hook's own process. The child is out of the
/// terminal's foreground process group (``detach()``), so a Ctrl-C there does not reach it.
///
/// It runs at a lower priority, through the tool the system has for it (``lowPriority(searchPath:)``).
package enum WarmUpLaunch {
    /// Starts the warm-up of the repository whose git directory is `gitDirectory`, in
    /// `directory`, with `executable` (prepush), through ``lowPriority(searchPath:)``; returns its
    /// process id.
    @discardableResult
    static func start(
        executable: String, gitDirectory: String, directory: String, searchPath: String?
    ) throws
        -> Int32
    {
        let logPath = WorktreeWarmUp.logPath(gitDirectory: gitDirectory)
        guard FileManager.default.createFile(atPath: logPath, contents: nil),
            let log = FileHandle(forWritingAtPath: logPath)
        else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: logPath])
        }
        defer { try? log.close() }
        let argv = lowPriority(searchPath: searchPath) + [executable, "warm-worktree", gitDirectory]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: argv[0])
        process.arguments = Array(argv.dropFirst())
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = log
        process.standardError = log
        try process.run()
        return process.processIdentifier
    }

    /// The command that runs a process tree at a lower priority: `taskpolicy -b` where it exists
    /// (macOS's background policy, which every thread and child inherits), else `nice -n 10`,
    /// else nothing.
    ///
    /// Measured on Linux: under `nice -n 10` only the main threads run at 10, since libdispatch
    /// gives its worker threads their own nice value and `swift build` starts its compilers from
    /// them (they ran at 0). `chrt --idle 0` (SCHED_IDLE) reached every compiler, but a warm-up
    /// at that class made no progress in five minutes on a machine whose two cores other builds
    /// kept busy: a warm worktree that is never warm. A check never waits for the warm-up either
    /// way (``WorktreeWarmUp/stopIfHolding(_:)``).
    static func lowPriority(searchPath: String?) -> [String] {
        if let taskpolicy = Command.locate("taskpolicy", searchPath: searchPath) { return [taskpolicy, "-b"] }
        if let nice = Command.locate("nice", searchPath: searchPath) { return [nice, "-n", "10"] }
        return []
    }

    /// In the warm-up: a session of its own where it can have one (not when Foundation started it
    /// as a process group's leader, which already keeps it out of the terminal's foreground group),
    /// no signal blocked (Swift concurrency's threads, which started it, block them, and a child
    /// inherits the mask), and a hang-up ignored.
    package static func detach() {
        _ = setsid()
        var nothing = sigset_t()
        sigemptyset(&nothing)
        _ = sigprocmask(SIG_SETMASK, &nothing, nil)
        _ = signal(SIGHUP, SIG_IGN)
    }
}
