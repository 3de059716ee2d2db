import Foundation
import PreflightCore
import ProcessKit
import Testing

@testable import PrePushKit

/// When a hook run warms prepush's worktree, and what the warm-up builds: on values, no process
/// (WarmWorktreeEndToEndTests runs the real thing).
@Suite("prepush's worktree warm-up")
struct WorktreeWarmUpTests {
    private static let commit = String(repeating: "c", count: 40)

    private func result(
        _ status: StepOutcome.Status = .passed, place: PlannedCheck.Place = .inPlace, commit: String? = commit,
        configuration: String? = "debug", changed: [TreeChange] = []
    ) -> CheckRun.Result {
        let check = PlannedCheck(commit: commit, tree: String(repeating: "1", count: 40), place: place)
        var unit = CheckRun.UnitResult(
            unit: check.units[0], outcomes: [StepOutcome(name: "build", status: status, seconds: 1, figure: "")],
            cacheKey: nil)
        unit.swiftBuildConfiguration = configuration
        return CheckRun.Result(check: check, units: [unit], changedMeanwhile: changed)
    }

    @Test("A passing in-place check of a commit warms the worktree at it, with the check's scratch folder")
    func afterAnInPlacePass() throws {
        let plan = try #require(
            WorktreeWarmUp.after([result(configuration: "release")], repositoryRoot: "/r", requestedBy: 42))
        #expect(plan.commit == Self.commit)
        #expect(plan.requestedBy == 42)
        #expect(
            plan.builds == [
                WorktreeWarmUp.Build(unitPath: "", configuration: "release", scratchPath: "/r/.build/prepush-isolated")
            ])
    }

    @Test("Nothing is warmed after a failure, a void check, a check in the worktree, by hand, or without SwiftPM")
    func nothingToWarm() {
        for results in [
            [result(.failed)], [result(changed: [TreeChange(status: "M", path: "a.swift")])],
            [result(place: .worktree)], [result(commit: nil)], [result(configuration: nil)], [],
        ] {
            #expect(WorktreeWarmUp.after(results, repositoryRoot: "/r", requestedBy: 1) == nil)
        }
        // A void in-place check followed by its exact check in the worktree: the worktree is at it.
        let void = result(changed: [TreeChange(status: "M", path: "a.swift")])
        #expect(WorktreeWarmUp.after([void, result(place: .worktree)], repositoryRoot: "/r", requestedBy: 1) == nil)
    }

    @Test("Wanted by default; not under CI, nor with the key off; PREPUSH_WARM_WORKTREE decides over the key")
    func wanted() {
        var off = PrePushOptions()
        off.warmsWorktree = false
        let on = PrePushOptions()
        #expect(WorktreeWarmUp.isWanted(options: on, environment: [:]))
        #expect(WorktreeWarmUp.isWanted(options: on, environment: ["CI": "false"]))
        #expect(!WorktreeWarmUp.isWanted(options: on, environment: ["CI": "true"]))
        #expect(!WorktreeWarmUp.isWanted(options: on, environment: ["CI": "1"]))
        #expect(!WorktreeWarmUp.isWanted(options: off, environment: [:]))
        #expect(!WorktreeWarmUp.isWanted(options: on, environment: ["PREPUSH_WARM_WORKTREE": "0"]))
        #expect(WorktreeWarmUp.isWanted(options: off, environment: ["PREPUSH_WARM_WORKTREE": "1"]))
        #expect(!WorktreeWarmUp.isWanted(options: on, environment: ["PREPUSH_WARM_WORKTREE": "1", "CI": "true"]))
    }

    @Test("The plan is kept under the git directory and read back; the newest request replaces the last")
    func planRoundTrip() throws {
        let folder = NSTemporaryDirectory() + "warm-up-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(WorktreeWarmUp.load(gitDirectory: folder) == nil)
        var plan = try #require(WorktreeWarmUp.after([result()], repositoryRoot: "/r", requestedBy: 7))
        try plan.save(gitDirectory: folder)
        #expect(WorktreeWarmUp.load(gitDirectory: folder) == plan)
        plan.commit = String(repeating: "d", count: 40)
        try plan.save(gitDirectory: folder)
        #expect(WorktreeWarmUp.load(gitDirectory: folder)?.commit == plan.commit)
    }

    @Test("A run that waits for the worktree's lock is told what holds it")
    func lockHolder() async throws {
        let folder = NSTemporaryDirectory() + "warm-up-lock-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var first: WorktreeLock? = try WorktreeLock(gitDirectory: folder, holder: "the worktree's background build") {
            _ in Issue.record("nothing held the lock yet")
        }
        let said = Locked<String?>(nil)
        let taken = Locked(false)
        // flock blocks its thread: a thread of its own, not one of Swift concurrency's.
        let waiter = Thread {
            let second = try? WorktreeLock(gitDirectory: folder, holder: "a check (pid 1)") { holder in
                said.withLock { $0 = holder }
            }
            taken.withLock { $0 = second != nil }
        }
        waiter.start()
        for _ in 0..<400 where said.current == nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(said.current == "the worktree's background build")
        #expect(!taken.current)
        withExtendedLifetime(first) {}
        first = nil
        for _ in 0..<400 where !taken.current { try await Task.sleep(for: .milliseconds(10)) }
        #expect(taken.current)
        // The line goes with its holder: a waiter never reads the name of a run that has ended.
        let recorded = try String(contentsOfFile: folder + "/preflight/worktree.lock", encoding: .utf8)
        #expect(recorded == "")
    }

    @Test("A check stops a warm-up that holds the worktree, and only a warm-up")
    func stopsAWarmUp() throws {
        // A process that takes SIGTERM as the warm-up does (detach() unblocks every signal; a child
        // started from a Swift concurrency thread inherits them blocked).
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sleeper.arguments = [
            "perl", "-MPOSIX", "-e", "sigprocmask(SIG_SETMASK, POSIX::SigSet->new); $SIG{TERM} = 'DEFAULT'; sleep 30",
        ]
        try sleeper.run()
        let pid = sleeper.processIdentifier
        #expect(WorktreeWarmUp.stopIfHolding("a check (pid \(pid))") == nil)
        #expect(WorktreeWarmUp.stopIfHolding("") == nil)
        #expect(sleeper.isRunning)
        #expect(WorktreeWarmUp.stopIfHolding(WorktreeWarmUp.holder(pid: pid)) == pid)
        sleeper.waitUntilExit()
        #expect(sleeper.terminationReason == .uncaughtSignal && sleeper.terminationStatus == SIGTERM)
    }
}
