import PreflightCore
import ProcessKit
import Testing

@testable import PrePushKit

private let commitA = String(repeating: "a", count: 40)
private let treeA = String(repeating: "1", count: 40)

/// The verdict stage on values alone: the run's results in, the status, the line and the records
/// out, without a process or a file.
@Suite("prepush's verdict stage")
struct VerdictTests {
    private func outcome(
        _ name: String, _ status: StepOutcome.Status = .passed, seconds: Double = 1, figure: String = ""
    ) -> StepOutcome {
        StepOutcome(name: name, status: status, seconds: seconds, figure: figure)
    }

    private func unit(
        _ outcomes: [StepOutcome], path: String = "", kind: CheckUnit.Kind = .package, key: String? = "key-root",
        tests: TestSelectionResult? = nil
    ) -> CheckRun.UnitResult {
        var result = CheckRun.UnitResult(
            unit: PlannedUnit(unit: CheckUnit(path: path, kind: kind), content: treeA), outcomes: outcomes,
            cacheKey: key)
        result.tests = tests
        return result
    }

    private func result(
        _ units: [CheckRun.UnitResult], place: PlannedCheck.Place = .inPlace, changed: [TreeChange] = []
    ) -> CheckRun.Result {
        CheckRun.Result(
            check: PlannedCheck(commit: commitA, tree: treeA, place: place), units: units, changedMeanwhile: changed)
    }

    private let selection = TestSelectionResult(
        profiles: ["/run/tests-k1.profdata"], pending: [.init(key: "k1", profile: "/run/tests-k1.profdata", tests: 4)],
        unit: "/repo", shared: ["Package.swift": "abc"])

    @Test("A pass: exit 0, the steps that passed in order with the time, the unit's key recorded")
    func pass() {
        let verdict = Verdict.make(
            [result([unit([outcome("build", seconds: 2), outcome("test", seconds: 1.25), outcome("coverage")])])],
            isHook: true)
        #expect(verdict.status == .clean)
        #expect(verdict.line == "prepush: passed (build, test, coverage) in 4.2 s")
        #expect(verdict.failures.isEmpty && verdict.skipReason == nil)
        #expect(verdict.records.verified == ["key-root"])
    }

    @Test("A failure stops a push (exit 1), names the step, annotates it; the unit that passed is still recorded")
    func failure() {
        let results = [
            result([
                unit([outcome("build"), outcome("test")], path: "Core", key: "key-core"),
                unit(
                    [outcome("build"), outcome("test", .failed, figure: "2 tests failed")], path: "Feature",
                    key: "key-feature"),
            ])
        ]
        var results2 = results
        for index in results2[0].units.indices {
            for step in results2[0].units[index].outcomes.indices {
                results2[0].units[index].outcomes[step].unit = results2[0].units[index].unit.unit.path
            }
        }
        let hook = Verdict.make(results2, isHook: true)
        #expect(hook.status == .findings)
        #expect(
            hook.line == "prepush: Feature test failed; the push is stopped (git push --no-verify skips this check)")
        #expect(hook.failures == ["Feature: test failed: 2 tests failed"])
        #expect(hook.records.verified == ["key-core"])
        let byHand = Verdict.make(results2, isHook: false)
        #expect(
            byHand.line == "prepush: the check failed: Feature test failed (a push of this content would be stopped)")
    }

    @Test("A check voided by a change to the work tree records nothing and is not a pass")
    func void() {
        let voided = result(
            [unit([outcome("build"), outcome("test")], tests: selection)],
            changed: [TreeChange(status: "M", path: "Sources/A.swift")])
        let verdict = Verdict.make([voided], isHook: false)
        #expect(verdict.status == .findings)
        #expect(verdict.line.contains("the work tree changed while the check ran; nothing was verified"))
        #expect(verdict.records == VerdictRecords())
        // Followed by the exact check of the commit (a hook run): that one decides and is recorded.
        let exact = result([unit([outcome("build"), outcome("test")], tests: selection)], place: .worktree)
        let after = Verdict.make([voided, exact], isHook: true)
        #expect(after.status == .clean)
        #expect(after.records.verified == ["key-root"])
        #expect(after.records.testPasses == selection.pending)
        #expect(after.records.shared == [VerdictRecords.SharedPart(unit: "/repo", parts: ["Package.swift": "abc"])])
    }

    @Test("The disk as it is: labelled, and no test target's pass is recorded")
    func onDisk() {
        let verdict = Verdict.make(
            [result([unit([outcome("build"), outcome("test")], key: nil, tests: selection)], place: .onDisk)],
            isHook: false)
        #expect(verdict.line.hasPrefix("prepush: passed (the work tree as it is on disk) (build, test)"))
        #expect(verdict.records.testPasses.isEmpty && verdict.records.verified.isEmpty)
    }

    @Test("A pass that depends on the push's base is not recorded under the tree")
    func dependsOnBase() {
        var gate = outcome("coverage")
        gate.dependsOnBase = true
        let verdict = Verdict.make([result([unit([outcome("build"), gate])])], isHook: true)
        #expect(verdict.status == .clean && verdict.records.verified.isEmpty)
    }

    @Test("A pass with a flaky test (passed on a retry) is never recorded, and the line names the test")
    func flakyPass() {
        var test = outcome("test")
        test.flakyTests = ["CalcTests/once()"]
        let verdict = Verdict.make([result([unit([outcome("build"), test])])], isHook: true)
        #expect(verdict.status == .clean && verdict.records.verified.isEmpty)
        #expect(verdict.line.hasSuffix("; flaky, passed on a retry (not recorded as verified): CalcTests/once()"))
    }

    @Test("Units not built here are named from the typed skip, not from the step's name or figure")
    func notBuiltHere() {
        let app = unit(
            [.skipped("xcodebuild", .notBuiltHere, figure: "no xcodebuild here"), outcome("todoscan")], path: "App",
            kind: .app, key: nil)
        let package = unit([outcome("build"), outcome("test")], path: "Core")
        let verdict = Verdict.make([result([package, app])], isHook: true)
        #expect(
            verdict.line.hasSuffix(
                "(build, test, todoscan, 1 package, 1 app) in 3.0 s; not built here: App (no xcodebuild)"))
        #expect(verdict.records.verified == ["key-root"])
        // A skipped step of another kind, even one called xcodebuild, is not "not built here".
        let other = unit(
            [.skipped("xcodebuild", .toolMissing, figure: "not built here"), outcome("todoscan")], path: "Tool",
            key: nil)
        #expect(!Verdict.make([result([other])], isHook: true).line.contains("not built here"))
    }

    @Test("Nothing that could pass ran: no empty \"passed ()\"")
    func nothingRan() {
        let verdict = Verdict.make(
            [result([unit([.skipped("xcodebuild", .notBuiltHere, figure: "")], path: "App", kind: .app, key: nil)])],
            isHook: true)
        #expect(verdict.status == .clean)
        #expect(verdict.line == "prepush: nothing checked here; not built here: App (no xcodebuild)")
    }

    @Test("Nothing to check: exit 0, the reason as the line and in the record")
    func skipped() {
        let verdict = Verdict.skipped("skipped (PREPUSH_SKIP=1)")
        #expect(verdict.status == .clean)
        #expect(verdict.line == "prepush: skipped (PREPUSH_SKIP=1)")
        #expect(verdict.skipReason == "skipped (PREPUSH_SKIP=1)")
        #expect(verdict.records == VerdictRecords())
    }

    @Test("The verdict prints its annotations, then its line")
    func shows() {
        let lines = Locked<[String]>([])
        let output = RunOutput(style: OutputStyle(annotatesForGitHub: true)) { text in
            lines.withLock { $0.append(text) }
        }
        Verdict(status: .findings, line: "prepush: test failed", failures: ["test failed: 1 test failed"]).show(
            on: output)
        let text = lines.current.joined()
        let annotation = text.range(of: "::error title=prepush::test failed: 1 test failed")
        let line = text.range(of: "prepush: test failed\n")
        #expect(annotation != nil && line != nil)
        if let annotation, let line { #expect(annotation.lowerBound < line.lowerBound) }
    }
}
