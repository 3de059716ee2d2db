import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Processes a run started that outlive it. ProcessKit tears down each step's process group, but
/// SwiftPM starts its test runner in a group of its own: interrupted during the XCTest pass,
/// `swift test` went on to start the Swift Testing pass and was killed, leaving that runner
/// orphaned. Every process of a run has the run's folder as `TMPDIR`, which finds them all.
enum LeftoverProcesses {
    /// Kills (SIGKILL) every process of this user whose `TMPDIR` is `temporaryDirectory`, until
    /// none is left. The processes and their environments come from ``ProcessEnvironments``
    /// (/proc on Linux, sysctl on Darwin); where neither is available it does nothing.
    static func kill(usingTemporaryDirectory temporaryDirectory: String) {
        let marker = "TMPDIR=" + temporaryDirectory
        for _ in 0..<10 {
            var found = false
            for (pid, environment) in ProcessEnvironments.current() where pid != getpid() {
                if environment.contains(marker) {
                    found = deliver(SIGKILL, to: pid) || found
                }
            }
            if !found { return }
            usleep(50_000)
        }
    }

    /// Sends `signal` to `pid`; `true` when it was delivered.
    private static func deliver(_ signal: Int32, to pid: Int32) -> Bool {
        #if canImport(Glibc)
        Glibc.kill(pid, signal) == 0
        #else
        Darwin.kill(pid, signal) == 0
        #endif
    }
}
