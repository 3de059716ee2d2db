import Foundation
import ProcessKit
import Testing

@testable import PrePushKit

/// Finding a run's leftover processes by their `TMPDIR`: the parsing every platform shares, and
/// a real sweep of real processes.
@Suite("Leftover processes")
struct LeftoverProcessesTests {
    /// A `KERN_PROCARGS2` buffer as Darwin lays it out: argc, the executable's path, NUL padding,
    /// the arguments, the environment, then `apple[]` strings.
    static func processArguments(
        path: String, arguments: [String], environment: [String], apple: [String] = ["ptr_munge="]
    ) -> [UInt8] {
        var count = Int32(arguments.count)
        var bytes = withUnsafeBytes(of: &count) { Array($0) }
        bytes += Array(path.utf8) + [0, 0, 0, 0]
        for string in arguments + environment + apple { bytes += Array(string.utf8) + [0] }
        return bytes + [0, 0]
    }

    @Test("Linux's /proc/<pid>/environ: NUL-separated variables, exact matches only")
    func procEnviron() {
        let block = EnvironmentBlock(nulSeparated: Array("HOME=/h\0TMPDIR=/tmp/run\0LANG=C\0".utf8))
        #expect(block.variables.count == 3)
        #expect(block.contains("TMPDIR=/tmp/run"))
        #expect(!block.contains("TMPDIR=/tmp/ru"))
        #expect(!block.contains("TMPDIR=/tmp/run/"))
        #expect(!EnvironmentBlock(nulSeparated: []).contains("TMPDIR=/tmp/run"))
    }

    @Test("Darwin's KERN_PROCARGS2: arguments are skipped, the environment is found")
    func darwinProcessArguments() throws {
        let bytes = Self.processArguments(
            path: "/usr/bin/env", arguments: ["env", "TMPDIR=/tmp/other", "swift"],
            environment: ["PATH=/usr/bin", "TMPDIR=/tmp/run"])
        let block = try #require(EnvironmentBlock(processArguments: bytes))
        #expect(block.contains("TMPDIR=/tmp/run"))
        #expect(block.contains("PATH=/usr/bin"))
        // An argument that looks like a variable is not one.
        #expect(!block.contains("TMPDIR=/tmp/other"))
        #expect(!block.contains("swift"))

        let noArguments = Self.processArguments(path: "/bin/sleep", arguments: [], environment: ["TMPDIR=/tmp/run"])
        #expect(EnvironmentBlock(processArguments: noArguments)?.contains("TMPDIR=/tmp/run") == true)
    }

    @Test("Truncated or nonsensical KERN_PROCARGS2 buffers are refused, never read past their end")
    func darwinProcessArgumentsMalformed() {
        let whole = Self.processArguments(path: "/bin/sh", arguments: ["sh", "-c", "x"], environment: ["A=1"])
        for length in 0..<whole.count {
            // Any prefix either parses or is refused; it must not crash.
            _ = EnvironmentBlock(processArguments: Array(whole.prefix(length)))
        }
        #expect(EnvironmentBlock(processArguments: []) == nil)
        #expect(EnvironmentBlock(processArguments: [1, 0, 0]) == nil)
        var negative = Int32(-1)
        #expect(EnvironmentBlock(processArguments: withUnsafeBytes(of: &negative) { Array($0) } + [0x2F, 0]) == nil)
        var huge = Int32.max
        #expect(
            EnvironmentBlock(processArguments: withUnsafeBytes(of: &huge) { Array($0) } + [0x2F, 0, 0x61, 0]) == nil)
    }

    @Test("This machine's process table lists this process with its own environment")
    func readsOwnEnvironment() throws {
        let table = ProcessEnvironments.current()
        let mine = try #require(table.first { $0.pid == getpid() }, "no process table on this system")
        let path = try #require(ProcessInfo.processInfo.environment["PATH"])
        #expect(mine.environment.contains("PATH=" + path))
    }

    @Test("The sweep kills the processes with the run's TMPDIR and only those")
    func sweepKillsOnlyTheRun() async throws {
        let run = NSTemporaryDirectory() + "prepush-leftover-" + UUID().uuidString
        let other = run + "-other"
        let start = { (environment: Environment, arguments: [String]) in
            Task { () throws -> ProcessResult in
                var command = Command("/bin/sh", arguments, environment: environment)
                command.timeout = .seconds(600)
                return try await command.run()
            }
        }
        let leftover = start(.inherit.setting(["TMPDIR": run]), ["-c", "sleep 300"])
        let bystander = start(.inherit.setting(["TMPDIR": other]), ["-c", "sleep 3"])
        // Names the run's folder only in its arguments: not one of the run's processes.
        let lookalike = start(.inherit.setting(["TMPDIR": other]), ["-c", "sleep 3", "TMPDIR=" + run])
        try await Task.sleep(for: .milliseconds(300))

        let started = ContinuousClock.now
        LeftoverProcesses.kill(usingTemporaryDirectory: run)
        let killed = try await leftover.value
        #expect(killed.termination == .signaled(SIGKILL))
        // Far below the 300 s it would sleep; the margin is a loaded machine's (11.7 s seen with two
        // whole test suites and a build at once on 2 cores).
        #expect(ContinuousClock.now - started < .seconds(60))
        #expect(try await bystander.value.termination == .exited(0))
        #expect(try await lookalike.value.termination == .exited(0))
    }
}
