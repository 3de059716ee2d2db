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
    /// none is left. Linux only (it reads /proc); elsewhere it does nothing.
    static func kill(usingTemporaryDirectory temporaryDirectory: String) {
        #if os(Linux)
        let marker = Array(("TMPDIR=" + temporaryDirectory).utf8)
        for _ in 0..<10 {
            var found = false
            for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let pid = Int32(name), pid != getpid(),
                    let environment = FileManager.default.contents(atPath: "/proc/\(name)/environ")
                else { continue }
                let variables = environment.split(separator: 0, omittingEmptySubsequences: true)
                if variables.contains(where: { $0.elementsEqual(marker) }) {
                    found = Glibc.kill(pid, SIGKILL) == 0 || found
                }
            }
            if !found { return }
            usleep(50_000)
        }
        #endif
    }
}
