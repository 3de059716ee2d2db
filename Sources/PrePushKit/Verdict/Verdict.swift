import PreflightCore

/// The pipeline's last stage, **verdict**: a value computed from the run's results — the exit
/// status, the closing line, the failures to annotate, and what is recorded — with no effect of
/// its own: ``show(on:)`` prints it and ``VerdictRecords/write(cache:testRecords:)`` writes its
/// records. Only a check that passed on exactly the content it names — the commit's tree,
/// unchanged from before the check to after it — is recorded as verified.
struct Verdict: Sendable, Equatable {
    /// 0 passed or nothing to check, 1 a step failed or the result is void.
    var status: ToolExitStatus
    /// The closing line.
    var line: String
    /// Each failed step, as `unit: step failed: figure`, for an annotation in CI.
    var failures: [String] = []
    /// What failed, each failed step's failing tests, findings or errors (``FailureDetails``):
    /// shown right above the closing line.
    var whatFailed: [String] = []
    /// Why nothing was checked, when nothing was.
    var skipReason: String?
    /// The passes to record.
    var records = VerdictRecords()

    /// Nothing to check: one line, exit 0.
    static func skipped(_ why: String) -> Verdict {
        Verdict(status: .clean, line: "prepush: \(why)", skipReason: why)
    }

    /// The verdict on the checks that ran; `isHook`: a push is stopped by a failure (by hand, the
    /// check just failed).
    static func make(_ results: [CheckRun.Result], isHook: Bool) -> Verdict {
        let records = VerdictRecords(results)
        // A void check was followed by an exact one, unless by hand.
        let decisive = results.filter { $0.changedMeanwhile.isEmpty }
        if let last = results.last, !last.changedMeanwhile.isEmpty {
            return Verdict(
                status: .findings,
                line: "prepush: the work tree changed while the check ran; nothing was verified (run prepush again)",
                records: records)
        }
        let failed = decisive.flatMap(\.outcomes).filter { $0.status == .failed }
        if !failed.isEmpty {
            let named = CheckPlan.listPaths(failed.map { ($0.unit.map { "\($0) " } ?? "") + $0.name })
            return Verdict(
                status: .findings,
                line: isHook
                    ? "prepush: \(named) failed; the push is stopped (git push --no-verify skips this check)"
                    : "prepush: the check failed: \(named) failed (a push of this content would be stopped)",
                failures: failed.map { ($0.unit.map { "\($0): " } ?? "") + "\($0.name) failed: \($0.figure)" },
                whatFailed: failed.flatMap { outcome in
                    let details = FailureDetails.lines(for: outcome)
                    let header = (outcome.unit.map { "\($0) " } ?? "") + "\(outcome.name) failed: \(outcome.figure)"
                    return [header] + details.map { "  " + $0 }
                },
                records: records)
        }
        return Verdict(status: .clean, line: passLine(results, decisive: decisive), records: records)
    }

    /// The line of a run where nothing failed: what passed, over how many units, in how long, and
    /// which units could not be built here.
    private static func passLine(_ results: [CheckRun.Result], decisive: [CheckRun.Result]) -> String {
        let outcomes = decisive.flatMap(\.outcomes)
        let seconds = results.flatMap(\.outcomes).reduce(0) { $0 + $1.seconds }
        var names: [String] = []
        for outcome in outcomes where outcome.status == .passed && !names.contains(outcome.name) {
            names.append(outcome.name)
        }
        let onDisk = decisive.contains { $0.check.place == .onDisk } ? " (the work tree as it is on disk)" : ""
        let notBuilt = decisive.flatMap(\.units).filter { $0.outcomes.contains { $0.skip == .notBuiltHere } }
        var remarks =
            notBuilt.isEmpty
            ? "" : "not built here: " + notBuilt.map(\.unit.unit.name).joined(separator: ", ") + " (no xcodebuild)"
        var requested: [String] = []
        for outcome in outcomes where outcome.skip == .requested && !requested.contains(outcome.name) {
            requested.append(outcome.name)
        }
        if !requested.isEmpty {
            remarks += (remarks.isEmpty ? "" : "; ") + "skipped (PREPUSH_SKIP): " + requested.joined(separator: ", ")
        }
        let flaky = outcomes.flatMap(\.flakyTests)
        if !flaky.isEmpty {
            remarks +=
                (remarks.isEmpty ? "" : "; ") + "flaky, passed on a retry (not recorded as verified): "
                + flaky.joined(separator: ", ")
        }
        if names.isEmpty {
            // Nothing ran that could pass (every step skipped): no "passed ()".
            return "prepush: nothing checked here\(onDisk)" + (remarks.isEmpty ? "" : "; " + remarks)
        }
        let units = Set(decisive.flatMap { $0.units.map(\.unit.unit) })
        let packageCount = units.filter { $0.kind == .package }.count
        let appCount = units.count - packageCount
        var counted: [String] = []
        if units.count > 1 || units.contains(where: { !$0.path.isEmpty || $0.kind == .app }) {
            if packageCount > 0 { counted.append("\(packageCount) " + (packageCount == 1 ? "package" : "packages")) }
            if appCount > 0 { counted.append("\(appCount) " + (appCount == 1 ? "app" : "apps")) }
        }
        let packages = counted.isEmpty ? "" : ", " + counted.joined(separator: ", ")
        return "prepush: passed\(onDisk) (\(names.joined(separator: ", "))\(packages)) in "
            + "\(String(format: "%.1f", seconds)) s\(remarks.isEmpty ? "" : "; " + remarks)"
    }

    /// Prints the verdict: an annotation per failed step, where the full log is, what failed, then
    /// the closing line.
    func show(on output: RunOutput) {
        output.stopStatus()
        for failure in failures { output.annotation(.error, title: "prepush", message: failure) }
        if let path = output.logPath { output.summary("prepush: the full log: \(path)\n") }
        if !whatFailed.isEmpty {
            output.failure(whatFailed.map { VisibleText.escaped($0) + "\n" }.joined())
        }
        output.verdict(line, passed: status == .clean)
    }
}
