import PreflightCore
import ProcessKit
import Testing

@testable import PrePushKit

private let commitA = String(repeating: "a", count: 40)
private let treeA = String(repeating: "1", count: 40)

/// A step that returns what it is given, and notes what it saw of the steps before it.
private struct CannedStep: Step {
    let name: String
    var outcome: StepOutcome
    var seen: Locked<[String]>?

    func run(in context: StepContext) async throws -> StepOutcome {
        seen?.withLock { $0.append("\(name) saw selection: \(context.selection?.profiles ?? [])") }
        return outcome
    }
}

/// The run stage on values: what follows a check, the steps a unit runs, how a step's result reaches
/// the steps after it, and the run record of the results; no git or swift process.
@Suite("prepush's run stage")
struct RunStageTests {
    private func result(
        _ status: StepOutcome.Status = .passed, place: PlannedCheck.Place = .inPlace, commit: String? = commitA,
        changed: [TreeChange] = []
    ) -> CheckRun.Result {
        let check = PlannedCheck(commit: commit, tree: treeA, place: place, reason: "the work tree holds the commit")
        return CheckRun.Result(
            check: check,
            units: [
                CheckRun.UnitResult(
                    unit: check.units[0],
                    outcomes: [StepOutcome(name: "build", status: status, seconds: 1, figure: "")],
                    cacheKey: nil, plannedSteps: ["build", "test"])
            ],
            changedMeanwhile: changed)
    }

    private var context: StepContext {
        StepContext(
            packageRoot: "/nowhere", options: PrePushOptions(), addedLines: nil,
            output: RunOutput(style: OutputStyle()) { _ in }, scratchPath: nil, temporaryDirectory: nil,
            errorlintExecutable: nil)
    }

    @Test("After a check: the next one; a failure stops unless --keep-going")
    func afterACheck() {
        #expect(CheckRun.next(after: result(), isHook: true, keepsGoing: false) == .proceed)
        #expect(CheckRun.next(after: result(.failed), isHook: true, keepsGoing: false) == .stop)
        #expect(CheckRun.next(after: result(.failed), isHook: true, keepsGoing: true) == .proceed)
    }

    @Test("A check voided by a change: a pushed commit is checked again exactly in the worktree; by hand it ends")
    func afterAVoidCheck() {
        let changed = [TreeChange(status: "M", path: "Sources/A.swift")]
        guard
            case .checkAgainExactly(let exact) = CheckRun.next(
                after: result(changed: changed), isHook: true, keepsGoing: false)
        else {
            Issue.record("a void hook check is checked again")
            return
        }
        #expect(exact.place == .worktree && exact.reason == nil && exact.commit == commitA && exact.tree == treeA)
        // Even when it passed and --keep-going is on: the result holds for nothing.
        #expect(CheckRun.next(after: result(changed: changed), isHook: false, keepsGoing: true) == .stop)
        #expect(CheckRun.next(after: result(commit: nil, changed: changed), isHook: true, keepsGoing: false) == .stop)
    }

    @Test("A unit's steps run in order, the first failure ends the list, a selection reaches the steps after it")
    func stepsInOrder() async throws {
        let seen = Locked<[String]>([])
        var tested = StepOutcome(name: "test", status: .passed, seconds: 1, figure: "4 tests passed")
        tested.testsRun = 4
        tested.selection = TestSelectionResult(profiles: ["/run/a.profdata"], unit: "/repo", shared: [:])
        let steps: [any Step] = [
            CannedStep(
                name: "build", outcome: StepOutcome(name: "build", status: .passed, seconds: 1, figure: ""), seen: seen),
            CannedStep(name: "test", outcome: tested, seen: seen),
            CannedStep(
                name: "coverage", outcome: StepOutcome(name: "coverage", status: .failed, seconds: 1, figure: "80 %"),
                seen: seen),
            CannedStep(
                name: "todoscan", outcome: StepOutcome(name: "todoscan", status: .passed, seconds: 0, figure: ""),
                seen: seen),
        ]
        let outcomes = try await StepList.run(steps, in: context)
        #expect(outcomes.map(\.name) == ["build", "test", "coverage"])
        #expect(outcomes[1].testsRun == 4)
        #expect(
            seen.current == [
                "build saw selection: []", "test saw selection: []", "coverage saw selection: [\"/run/a.profdata\"]",
            ])
    }

    @Test(
        "The steps a unit's settings ask for, the scanners first (they need no build); a unit not built here keeps its scanners and commands"
    )
    func stepList() throws {
        var options = PrePushOptions()
        options.backend.kind = .swiftpm
        options.runsErrorlint = false
        options.extraSteps = [ExtraStep(name: "lint", run: ["swiftlint"], timeout: nil)]
        #expect(
            try StepList.make(options: options, packageRoot: "/nowhere").map(\.name) == [
                "todoscan", "build", "test", "coverage", "lint",
            ])
        options.runsTodoscan = false
        options.runsErrorlint = nil
        let skipped = StepOutcome.skipped("xcodebuild", .notBuiltHere, figure: "no xcodebuild here")
        #expect(
            try StepList.make(options: options, packageRoot: "/nowhere", build: .notHere(skipped)).map(\.name) == [
                "errorlint", "xcodebuild", "lint",
            ])
    }

    @Test("What SwiftPM writes while building is not a change of the person's")
    func swiftPMOutput() {
        #expect(CheckRun.isSwiftPMOutput(TreeChange(status: "A", path: "Package.resolved")))
        #expect(CheckRun.isSwiftPMOutput(TreeChange(status: "A", path: "Packages/Core/.swiftpm/config")))
        #expect(!CheckRun.isSwiftPMOutput(TreeChange(status: "M", path: "Package.resolved")))
        #expect(!CheckRun.isSwiftPMOutput(TreeChange(status: "A", path: "Sources/New.swift")))
    }

    @Test("The run record lists each step, typed skips with their reason, and the steps a failure left unrun")
    func runRecord() {
        var record = RunRecord(mode: .byHand, started: .distantPast)
        var failed = result(.failed)
        failed.units[0].outcomes.insert(.skipped("errorlint", .toolMissing, figure: "not built here"), at: 0)
        failed.units[0].plannedSteps = ["errorlint", "build", "test"]
        record.record([failed])
        #expect(record.checks.count == 1)
        #expect(record.checks[0].place == "in-place" && !record.checks[0].passed)
        #expect(record.checks[0].steps.map(\.name) == ["errorlint", "build", "test"])
        #expect(record.checks[0].steps.map(\.status) == ["skipped", "failed", "not-run"])
        #expect(record.checks[0].steps[0].reason == "not built here")
        #expect(record.checks[0].steps[2].reason == "an earlier step failed")
    }
}

/// `PREPUSH_SKIP` with step names: which steps, the errors, and the rows.
@Suite("PREPUSH_SKIP: skipping steps")
struct SkippedStepsTests {
    @Test("1 skips everything (decided earlier); names skip those steps; 0, empty or unset skip none")
    func read() throws {
        for value in [nil, "", "0", "1"] {
            var environment: [String: String] = [:]
            environment["PREPUSH_SKIP"] = value
            #expect(try SkippedSteps.read(environment: environment, extraSteps: []).isEmpty)
        }
        let steps = try SkippedSteps.read(
            environment: ["PREPUSH_SKIP": " TodoScan, errorlint,lint,todoscan,"], extraSteps: ["lint"])
        #expect(steps.names == ["todoscan", "errorlint", "lint"])
        #expect(steps.skips("lint") && !steps.skips("build") && !steps.skips("coverage"))
        // Tests skipped: nothing to measure coverage from.
        let tests = try SkippedSteps.read(environment: ["PREPUSH_SKIP": "test"], extraSteps: [])
        #expect(tests.skips("coverage"))
        #expect(tests.line.hasPrefix("PREPUSH_SKIP: skipping test (and coverage, which needs the tests)"))
    }

    @Test("A name no step has is an error naming the steps there are")
    func unknown() {
        #expect(throws: PrePushError.unknownSkippedSteps(["todoscn"], known: SkippedSteps.builtIn + ["lint"])) {
            try SkippedSteps.read(environment: ["PREPUSH_SKIP": "todoscn"], extraSteps: ["lint"])
        }
        let error = PrePushError.unknownSkippedSteps(["todoscn"], known: SkippedSteps.builtIn)
        #expect(error.errorDescription == "PREPUSH_SKIP names a step prepush does not have: todoscn.")
        #expect(error.failureReason?.contains("build, test, coverage, todoscan, errorlint") == true)
        #expect(error.recoverySuggestion != nil)
    }

    @Test("Skipped steps are skipped rows in the list, and the verdict names them")
    func rows() throws {
        var options = PrePushOptions()
        options.backend.kind = .swiftpm
        options.runsErrorlint = false
        let skipping = try SkippedSteps.read(environment: ["PREPUSH_SKIP": "todoscan"], extraSteps: [])
        let steps = try StepList.make(options: options, packageRoot: "/nowhere", skipping: skipping)
        #expect(steps.map(\.name) == ["todoscan", "build", "test", "coverage"])
        #expect((steps.first as? SkippedStep)?.outcome.skip == .requested)
        let check = PlannedCheck(commit: nil, tree: "tree", place: .inPlace)
        let result = CheckRun.Result(
            check: check,
            units: [
                CheckRun.UnitResult(
                    unit: check.units[0],
                    outcomes: [
                        StepOutcome(name: "build", status: .passed, seconds: 1, figure: ""),
                        .skipped("todoscan", .requested, figure: "skipped (PREPUSH_SKIP)"),
                    ], cacheKey: nil)
            ])
        let verdict = Verdict.make([result], isHook: true)
        #expect(verdict.line == "prepush: passed (build) in 1.0 s; skipped (PREPUSH_SKIP): todoscan")
        #expect(verdict.records.verified.isEmpty)
    }
}
