import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a hook run starts the worktree's warm-up (``WorktreeWarmUp``) without making anyone wait
/// for it: `prepush warm-worktree <git dir>` as a child whose standard input is `/dev/null` and
/// whose output goes to a log file, so no pipe of git's (or of a program reading `git push`'s
/// output) stays open; git waits only for the hook's own process. The child then leaves the
/// hook's session and lowers its priority (``detach()``), so a Ctrl-C in the terminal or its
/// closing does not reach it and the person's own builds go first.
package enum WarmUpLaunch {
    /// Starts `executable warm-worktree gitDirectory` in `directory`, detached; returns its
    /// process id.
    @discardableResult
    static func start(executable: String, gitDirectory: String, directory: String) throws -> Int32 {
        let logPath = WorktreeWarmUp.logPath(gitDirectory: gitDirectory)
        guard FileManager.default.createFile(atPath: logPath, contents: nil),
            let log = FileHandle(forWritingAtPath: logPath)
        else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: logPath])
        }
        defer { try? log.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["warm-worktree", gitDirectory]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = log
        process.standardError = log
        try process.run()
        return process.processIdentifier
    }

    /// In the warm-up: a session of its own (no terminal's signals), no signal blocked (Swift
    /// concurrency's threads, which started it, block them, and a child inherits the mask), a
    /// hang-up ignored, and the lowest ordinary priority but one (`nice` 10).
    package static func detach() {
        _ = setsid()
        var nothing = sigset_t()
        sigemptyset(&nothing)
        _ = sigprocmask(SIG_SETMASK, &nothing, nil)
        _ = signal(SIGHUP, SIG_IGN)
        _ = nice(10)
    }
}
