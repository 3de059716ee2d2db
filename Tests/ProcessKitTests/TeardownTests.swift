import Foundation
import ProcessKit
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A shell that starts a background grandchild, prints its pid and its own, then waits.
private func parentOfGrandchild(ignoringTerm: Bool = false) -> Command {
    let trap = ignoringTerm ? "trap '' TERM; " : ""
    var command = Command.shell("\(trap)sleep 300 & echo $!; echo $$; wait")
    command.standardOutput = .lines { _ in }
    return command
}

/// Runs `command` with its stdout lines collected, and hands back the pids it printed.
private final class PidWatcher: @unchecked Sendable {
    let lines = Support.Collector<String>()
    func attach(to command: inout Command) {
        command.standardOutput = .lines { [lines] in lines.append($0.text) }
    }
    func waitForPids(count: Int) async throws -> [Int32] {
        for _ in 0..<500 {
            let pids = lines.values.compactMap { Int32($0) }
            if pids.count >= count { return pids }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw CancellationError()
    }
}

/// The descendants in these tests live 150–300 s, so finishing within `prompt` proves nobody
/// waited for them. The margin is a loaded machine's: with two helpers' builds, a release build and
/// the whole suite at once on 2 cores (load average 18), these calls took 11–13 s; on a quiet
/// machine they take well under a second.
private let prompt: Duration = .seconds(60)

@Suite("Timeouts, cancellation and process-group teardown")
struct TeardownTests {
    /// The test's files, removed at its end.
    private let scratch = TemporaryFolder("processkit-tests")

    @Test("A timeout ends the whole process group, grandchild included, and throws promptly")
    func timeoutKillsGrandchild() async throws {
        var command = parentOfGrandchild()
        let watcher = PidWatcher()
        watcher.attach(to: &command)
        command.timeout = .milliseconds(500)
        let started = ContinuousClock.now
        let error = try await #require(throws: ProcessError.self) { try await command.run() }
        #expect(ContinuousClock.now - started < prompt)
        guard case .timedOut(_, let after, let partial) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(after == .milliseconds(500))
        #expect(partial.termination == .signaled(SIGTERM))
        let pids = try await watcher.waitForPids(count: 2)
        #expect(await Support.waitUntilGone(pids[0]), "grandchild \(pids[0]) survived")
        #expect(await Support.waitUntilGone(pids[1]))
    }

    @Test("A child that ignores SIGTERM is killed after the grace period")
    func escalatesToKill() async throws {
        var command = parentOfGrandchild(ignoringTerm: true)
        let watcher = PidWatcher()
        watcher.attach(to: &command)
        command.timeout = .milliseconds(200)
        command.teardownGracePeriod = .milliseconds(300)
        let started = ContinuousClock.now
        // runBlocking on a thread of its own: blocking one of the cooperative pool's threads would
        // stall the other tests' continuations for as long.
        let blocking = command
        let outcome = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: Result { try blocking.runBlocking() }) }
        }
        let error = try #require(throws: ProcessError.self) { try outcome.get() }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(500) && elapsed < prompt)
        #expect(error.result?.termination == .signaled(SIGKILL))
        let pids = watcher.lines.values.compactMap { Int32($0) }
        #expect(pids.count == 2)
        for pid in pids { #expect(await Support.waitUntilGone(pid)) }
    }

    @Test("Cancelling the task ends the process group and throws CancellationError promptly")
    func cancellationKillsGrandchild() async throws {
        var command = parentOfGrandchild()
        let watcher = PidWatcher()
        watcher.attach(to: &command)
        let task = Task { try await command.run() }
        let pids = try await watcher.waitForPids(count: 2)
        let started = ContinuousClock.now
        task.cancel()
        let outcome = await task.result
        #expect(ContinuousClock.now - started < prompt)
        #expect(throws: CancellationError.self) { try outcome.get() }
        for pid in pids { #expect(await Support.waitUntilGone(pid), "\(pid) survived cancellation") }
    }

    @Test("A task cancelled before it starts never spawns")
    func cancelledBeforeStart() async throws {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Command("/bin/sleep", ["30"]).run()
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("100 quick cancellations in a row leave no zombie and no leaked descriptor")
    func quickCancellations() async throws {
        // In a process of its own, so other tests' descriptors and children do not blur the count.
        let result = try await Command(Support.fixture, ["cancel-loop", "100"]).run()
        #expect(result.succeeded, "\(result.outputText)\(result.errorText)")
        #expect(result.outputText.contains("zombies 0"))
        #expect(result.outputText.contains("leaked descriptors 0"))
    }

    @Test("A grandchild holding the output pipe does not hang the caller; output is marked incomplete")
    func grandchildHoldsPipe() async throws {
        let started = ContinuousClock.now
        let result = try await Command.shell("sleep 150 & echo $!; echo done").run()
        #expect(ContinuousClock.now - started < prompt)
        #expect(result.termination == .exited(0))
        let lines = result.outputText.split(separator: "\n")
        #expect(lines.last == "done")
        #expect(!result.isOutputComplete)
        #expect(result.standardOutput?.isComplete == false)
        if let pid = lines.first.flatMap({ Int32($0) }) { kill(pid, SIGKILL) }
    }

    @Test("A background grandchild that closed its output does not delay the result")
    func grandchildKeepsNoPipe() async throws {
        // Foundation's own exit detection waits for such a grandchild; ProcessKit must not.
        let started = ContinuousClock.now
        let result = try await Command.shell("sleep 150 >/dev/null 2>&1 & echo $!").run()
        #expect(ContinuousClock.now - started < prompt)
        #expect(result.termination == .exited(0))
        #expect(result.isOutputComplete)
        if let pid = Int32(result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)) { kill(pid, SIGKILL) }
    }

    @Test("SIGINT to a tool running ProcessKit reaches the child's process group; no orphans survive")
    func signalForwarding() async throws {
        let directory = scratch.path
        let pidFile = directory + "/pids"
        var command = Command(Support.fixture, ["forward-signals", pidFile])
        // Only a net: the test ends the fixture itself. Under a full suite's load this test's next
        // step has come 40 s late, after a 30 s net had already ended everything.
        command.timeout = .seconds(300)
        let tool = Task { try await command.run() }
        var written: [Int32] = []
        for _ in 0..<500 where written.count < 3 {
            try await Task.sleep(for: .milliseconds(10))
            written = ((try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? "").split(separator: "\n")
                .compactMap { Int32($0) }
        }
        try #require(written.count == 3, "the fixture never started its child")
        // The sleeping grandchild and the shell; the fixture's own pid is the shell's parent.
        let (pids, toolPID) = (Array(written.prefix(2)), written[2])
        let started = ContinuousClock.now
        kill(toolPID, SIGINT)
        let result = try await tool.value
        #expect(ContinuousClock.now - started < prompt)
        #expect(result.termination == .exited(130), "\(result.errorText)")
        #expect(result.errorText.contains("Interrupted by SIGINT"))
        for pid in pids { #expect(await Support.waitUntilGone(pid), "\(pid) survived Ctrl-C") }
    }
}
