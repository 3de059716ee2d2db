import Foundation
import PreflightCore

/// The machine-readable record of one prepush run (`--report json=PATH`), for CI dashboards: what
/// was decided, each check's steps with their times, outcomes and figures, what was skipped and
/// why, and the coverage. Documented in docs/prepush-report.md. Version 1.
struct RunRecord: Codable, Sendable {
    /// Always `preflight-prepush-run`.
    var schema = "preflight-prepush-run"
    var version = 1
    /// prepush's version.
    var toolVersion = PreflightVersion.current
    /// `hook` (git's pre-push) or `by-hand`.
    var mode: String
    /// When the run started (ISO 8601, UTC) and how long it took.
    var startedAt: String
    var seconds: Double
    /// `passed`, `failed`, `skipped` (nothing checked: ``skipReason`` says why) or `error`.
    var outcome: String
    /// The exit status prepush returned.
    var exitStatus: Int32
    var skipReason: String?
    /// The plan's notes (a check left out and why).
    var notes: [String] = []
    var checks: [Check] = []
    /// The coverage of the last check that measured it, as `--coverage-report json` writes it.
    var coverage: CoverageDocument?
    /// The coverage exports written.
    var coverageReports: [Export] = []
    /// The test report written (`--test-report junit=PATH`), if any.
    var testReport: Export?
    /// prepush's own error, when the run ended with one (exit 2).
    var error: String?

    struct Check: Codable, Sendable {
        /// `in-place` (the work tree), `worktree` (prepush's own, at the commit) or `on-disk`.
        var place: String
        var commit: String?
        var tree: String
        /// Why it was checked where it was.
        var reason: String?
        /// Paths that changed in the work tree while it ran: the result is void when not empty.
        var changedMeanwhile: [String]
        var steps: [Step]
        var passed: Bool
    }

    struct Step: Codable, Sendable {
        var name: String
        /// `passed`, `failed`, `skipped` (the step skipped itself: ``reason``) or `not-run` (an
        /// earlier step failed).
        var status: String
        var seconds: Double
        /// The summary table's figure (`5 tests`, `84.21 % of 1,234 lines`).
        var figure: String
        var reason: String?
        /// How many tests ran, for a test step whose output said (the figure shows it in words).
        var tests: Int?
        /// The tests that failed and then passed on a retry (`Suite/test`), when any: such a run is
        /// never recorded as verified.
        var flakyTests: [String]?
    }

    struct Export: Codable, Sendable {
        var format: String
        var path: String
    }

    init(mode: PrePushRun.Mode, started: Date) {
        switch mode {
        case .hook: self.mode = "hook"
        case .byHand: self.mode = "by-hand"
        }
        startedAt = UTCTime.iso8601(started)
        seconds = 0
        outcome = "error"
        exitStatus = 2
    }

    /// Records the checks that ran: each step's outcome, and the planned steps an earlier failure
    /// left unrun.
    mutating func record(_ results: [CheckRun.Result]) {
        checks = results.map { result in
            var steps = result.outcomes.map { outcome in
                Step(
                    name: outcome.name, status: outcome.status.rawValue,
                    seconds: (outcome.seconds * 1000).rounded() / 1000,
                    figure: outcome.figure, reason: outcome.status == .skipped ? outcome.figure : nil,
                    tests: outcome.testsRun, flakyTests: outcome.flakyTests.isEmpty ? nil : outcome.flakyTests)
            }
            for name in result.plannedSteps.dropFirst(result.outcomes.count) {
                steps.append(
                    Step(name: name, status: "not-run", seconds: 0, figure: "", reason: "an earlier step failed"))
            }
            let place: String
            switch result.check.place {
            case .inPlace: place = "in-place"
            case .worktree: place = "worktree"
            case .onDisk: place = "on-disk"
            }
            return Check(
                place: place, commit: result.check.commit, tree: result.check.tree, reason: result.check.reason,
                changedMeanwhile: result.changedMeanwhile.map(\.path), steps: steps, passed: result.passed)
        }
    }

    /// Pretty-printed, keys sorted.
    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }
}
