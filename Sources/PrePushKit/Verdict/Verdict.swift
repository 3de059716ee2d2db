import PreflightCore

/// The pipeline's last stage, **verdict**: the closing line, the exit status, and the cache. Only
/// a check that passed on exactly the content it names — the commit's tree, unchanged from before
/// the check to after it — is recorded as verified.
enum Verdict {
    /// Nothing to check: one line, exit 0.
    static func skipped(_ why: String, output: RunOutput) -> Int32 {
        output.verdict("prepush: \(why)", passed: true)
        return 0
    }

    /// The verdict on the checks that ran; `isHook`: a push is stopped by a failure (by hand, the
    /// check just failed).
    static func conclude(
        _ results: [CheckRun.Result], cache: VerificationCache, testRecordsDirectory: String? = nil, output: RunOutput,
        isHook: Bool = true
    ) -> Int32 {
        // Each unit that passed exactly is recorded, even when another unit failed; so is each
        // test target that passed in a check of a commit's exact content.
        for result in results where result.changedMeanwhile.isEmpty {
            for unit in result.units where unit.passed && !unit.outcomes.contains(where: \.dependsOnBase) {
                if let key = unit.cacheKey { cache.record(key) }
            }
            guard let gitDirectory = testRecordsDirectory, result.check.place != .onDisk else { continue }
            let records = TestRecords(gitDirectory: gitDirectory)
            for unit in result.units {
                guard let tests = unit.tests, tests.selected else { continue }
                for pending in tests.pending {
                    records.record(pending.key, profile: pending.profile, tests: pending.tests)
                }
                if let shared = tests.shared { records.saveShared(shared.parts, unit: shared.unit) }
            }
        }
        // A void check was followed by an exact one, unless by hand.
        let decisive = results.filter { $0.changedMeanwhile.isEmpty }
        if let failed = results.last, !failed.changedMeanwhile.isEmpty {
            output.verdict(
                "prepush: the work tree changed while the check ran; nothing was verified (run prepush again)",
                passed: false)
            return 1
        }
        let failures = decisive.flatMap(\.outcomes).filter { $0.status == .failed }
        if !failures.isEmpty {
            for failure in failures {
                let unit = failure.unit.map { "\($0): " } ?? ""
                output.annotation(.error, title: "prepush", message: "\(unit)\(failure.name) failed: \(failure.figure)")
            }
            let what = failures.map { ($0.unit.map { "\($0) " } ?? "") + $0.name }
            let named = CheckPlan.listPaths(what)
            output.verdict(
                isHook
                    ? "prepush: \(named) failed; the push is stopped (git push --no-verify skips this check)"
                    : "prepush: the check failed: \(named) failed (a push of this content would be stopped)",
                passed: false)
            return 1
        }
        let outcomes = decisive.flatMap(\.outcomes)
        let seconds = results.flatMap(\.outcomes).reduce(0) { $0 + $1.seconds }
        var names: [String] = []
        for outcome in outcomes where outcome.status == .passed && !names.contains(outcome.name) {
            names.append(outcome.name)
        }
        let onDisk = decisive.contains { $0.check.place == .onDisk } ? " (the work tree as it is on disk)" : ""
        let skipped = decisive.flatMap(\.units).filter {
            $0.outcomes.contains { $0.status == .skipped && $0.name == "xcodebuild" }
        }
        let notHere =
            skipped.isEmpty
            ? "" : "not built here: " + skipped.map(\.unit.unit.name).joined(separator: ", ") + " (no xcodebuild)"
        if names.isEmpty {
            // Nothing ran that could pass (every step skipped): no "passed ()".
            output.verdict(
                "prepush: nothing checked here\(onDisk)" + (notHere.isEmpty ? "" : "; " + notHere), passed: true)
            return 0
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
        output.verdict(
            "prepush: passed\(onDisk) (\(names.joined(separator: ", "))\(packages)) in "
                + "\(String(format: "%.1f", seconds)) s\(notHere.isEmpty ? "" : "; " + notHere)",
            passed: true)
        return 0
    }
}
