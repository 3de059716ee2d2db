import Foundation
import PreflightCore
import ProcessKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// prepush's worktree kept built at the last commit a hook checked in place, so that the next
/// push checked in the worktree (a push with an uncommitted edit, a commit other than HEAD) builds
/// incrementally instead of from an empty scratch folder.
///
/// After a hook run whose in-place check passed, the hook writes this plan to
/// `<git dir>/preflight/warm-worktree.json` and starts `prepush warm-worktree` detached
/// (``WarmUpLaunch``): at low priority, out of the terminal's process group, its output in
/// `<git dir>/preflight/warm-worktree.log`, so git and the terminal do not wait for it. It takes
/// the worktree's lock, moves the worktree to the commit (``IsolatedWorktree/checkOut(_:)``) and
/// runs the same `swift build` the check in the worktree runs, with the same scratch folders
/// (``SharedScratchPaths``). A check that needs the worktree meanwhile stops it rather than wait
/// (``stopIfHolding(_:)``); a warm-up that had to wait for a check leaves the worktree as the check
/// left it.
///
/// It changes nothing a check trusts: the check in the worktree still moves the worktree to the
/// pushed commit and builds it, and SwiftPM rebuilds what differs from what the warm-up built (git
/// rewrites each file that differs between the two commits, so its time stamp is new). Only
/// prepush's own folders are written. Why not a copy of the in-place build folder instead: its clang
/// module cache names the folder it was built in, so a build from the copy failed ("precompiled
/// file … was compiled with module cache path …"), and without that cache SwiftPM and
/// swift-driver, which key their records by absolute path, compiled every file again
/// (scripts/bench/warm-worktree.sh, BENCHMARKS.md).
package struct WorktreeWarmUp: Codable, Sendable, Equatable {
    /// The root of the user's work tree (the worktree is ``IsolatedWorktree`` of it).
    var repositoryRoot: String
    /// The commit the worktree is moved to and built at.
    var commit: String
    /// The process that asked for the warm-up (the hook run), which the warm-up waits for, so that
    /// it gets the run's own temporary folder after it, as the next check will.
    var requestedBy: Int32
    /// The builds, in the order the check ran them.
    var builds: [Build]

    /// One package's `swift build` in the worktree.
    struct Build: Codable, Sendable, Equatable {
        /// The package's folder relative to the repository's root (empty for the root).
        var unitPath: String
        /// SwiftPM's configuration (`-c`), the unit's own setting.
        var configuration: String
        /// The scratch folder the check in the worktree gives it.
        var scratchPath: String
    }

    /// The warm-up after `results`: the commit of the last check that ran in place and passed on
    /// exactly its content, with a build for each of its units that SwiftPM built; `nil` when
    /// there is none (nothing checked in place, a failure, an xcodebuild-only check).
    static func after(_ results: [CheckRun.Result], repositoryRoot: String, requestedBy: Int32) -> WorktreeWarmUp? {
        guard
            let result = results.last(where: {
                $0.check.place == .inPlace && $0.check.commit != nil && $0.changedMeanwhile.isEmpty
            }), result.passed, let commit = result.check.commit
        else { return nil }
        let worktree = IsolatedWorktree(repositoryRoot: repositoryRoot)
        var scratchPaths = SharedScratchPaths(root: worktree.path, isolated: worktree.scratchPath)
        var builds: [Build] = []
        // Every unit in the check's order, as the check in the worktree would assign them.
        for unit in result.units {
            let scratch = scratchPaths.assign(unit.unit) ?? worktree.scratchPath
            guard let configuration = unit.swiftBuildConfiguration else { continue }
            builds.append(Build(unitPath: unit.unit.unit.path, configuration: configuration, scratchPath: scratch))
        }
        if builds.isEmpty { return nil }
        return WorktreeWarmUp(repositoryRoot: repositoryRoot, commit: commit, requestedBy: requestedBy, builds: builds)
    }

    /// Whether a hook run warms the worktree: on unless the `warmWorktree` setting is off,
    /// `PREPUSH_WARM_WORKTREE` is `0` (this machine's choice), or `CI` is set (a CI machine's
    /// clone is used once).
    static func isWanted(options: PrePushOptions, environment: [String: String]) -> Bool {
        if let value = environment["PREPUSH_WARM_WORKTREE"], !value.isEmpty {
            if ["0", "false", "no", "off"].contains(value.lowercased()) { return false }
        } else if !options.warmsWorktree {
            return false
        }
        let ci = (environment["CI"] ?? "").lowercased()
        return ci.isEmpty || ci == "false" || ci == "0"
    }

    /// Where the plan is kept: the latest request wins.
    static func planPath(gitDirectory: String) -> String { gitDirectory + "/preflight/warm-worktree.json" }

    /// Where the warm-up's output goes (the last warm-up's only).
    static func logPath(gitDirectory: String) -> String { gitDirectory + "/preflight/warm-worktree.log" }

    /// Writes the plan where the warm-up reads it (replacing an earlier request: a warm-up that
    /// is still waiting for the lock builds the newest commit).
    func save(gitDirectory: String) throws {
        try FileManager.default.createDirectory(
            atPath: gitDirectory + "/preflight", withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(self).write(
            to: URL(fileURLWithPath: Self.planPath(gitDirectory: gitDirectory)), options: .atomic)
    }

    /// The plan last requested, `nil` when there is none or it cannot be read.
    static func load(gitDirectory: String) -> WorktreeWarmUp? {
        guard let data = FileManager.default.contents(atPath: planPath(gitDirectory: gitDirectory)) else { return nil }
        return try? JSONDecoder().decode(WorktreeWarmUp.self, from: data)
    }

    /// The warm-up itself (`prepush warm-worktree`, started by ``WarmUpLaunch``): waits for the
    /// run that asked for it to end, takes the worktree's lock, reads the newest plan, moves the
    /// worktree and builds. Returns `.clean` when every build passed, `.findings` when one failed
    /// (the check will say why), and throws what stopped it (a worktree it does not own).
    package static func run(
        gitDirectory: String, environment: [String: String], log: @escaping @Sendable (String) -> Void
    ) async throws -> ToolExitStatus {
        let clock = StepClock()
        guard let first = load(gitDirectory: gitDirectory) else {
            log("prepush: no warm-up was asked for (\(planPath(gitDirectory: gitDirectory)) is missing)\n")
            return .clean
        }
        waitForExit(of: first.requestedBy)
        var waitedForCheck = false
        let lock = try WorktreeLock(gitDirectory: gitDirectory, holder: holder(pid: getpid())) { holder in
            waitedForCheck = holder.hasPrefix(WorktreeLock.checkPrefix)
            log("prepush: waiting for \(holder.isEmpty ? "another prepush run" : holder) to finish with the worktree\n")
        }
        defer { withExtendedLifetime(lock) {} }
        // A check that ran meanwhile built a newer push there: the worktree is as warm as it gets,
        // and moving it back would make the next check build the difference again.
        if waitedForCheck {
            log("prepush: a check used the worktree meanwhile; it is warm already\n")
            return .clean
        }
        // A newer request made while this one waited is the one to build.
        let plan = load(gitDirectory: gitDirectory) ?? first
        let worktree = IsolatedWorktree(repositoryRoot: plan.repositoryRoot)
        let temporary = try RunTemporaryDirectory(gitDirectory: gitDirectory)
        defer { temporary.remove() }
        log("prepush: warming \(worktree.path) at \(plan.commit.prefix(12))\n")
        for note in try await worktree.checkOut(plan.commit) { log("prepush: \(note)\n") }
        let output = RunOutput(style: OutputStyle(), write: log)
        for build in plan.builds {
            var options = PrePushOptions()
            options.configuration = build.configuration
            let folder = build.unitPath.isEmpty ? worktree.path : worktree.path + "/" + build.unitPath
            let context = StepContext(
                packageRoot: folder, options: options, output: output, scratchPath: build.scratchPath,
                temporaryDirectory: temporary.path, runEnvironment: environment)
            let outcome = try await SwiftBuildStep().run(in: context)
            if outcome.status == .failed {
                log("prepush: the warm-up's build failed; the next check in the worktree builds it again\n")
                return .findings
            }
        }
        log("prepush: the worktree is warm at \(plan.commit.prefix(12)) (\(String(format: "%.1f", clock.seconds)) s)\n")
        return .clean
    }

    /// What the warm-up writes into the worktree's lock while it holds it: a check that needs the
    /// worktree stops it (``stopIfHolding(_:)``) rather than wait for a build of another commit.
    static func holder(pid: Int32) -> String { holderPrefix + "\(pid))" }

    private static let holderPrefix = "the worktree's background build (pid "

    /// Stops the warm-up whose line `holder` is (SIGTERM: it stops its build, as Ctrl-C would, and
    /// lets the lock go); `nil` when `holder` is not a warm-up's, else its process id. What it
    /// built so far stays and counts for the check's build.
    static func stopIfHolding(_ holder: String) -> Int32? {
        guard holder.hasPrefix(holderPrefix),
            let pid = Int32(holder.dropFirst(holderPrefix.count).prefix { $0.isNumber }),
            pid > 1
        else { return nil }
        return kill(pid, SIGTERM) == 0 ? pid : nil
    }

    /// Waits (up to a minute) while `pid`, the run that asked for the warm-up, is still this
    /// process's parent: it is ending, and its temporary folder is the one the next check uses.
    private static func waitForExit(of pid: Int32) {
        for _ in 0..<1200 where pid > 1 && getppid() == pid {
            usleep(50_000)
        }
    }
}
