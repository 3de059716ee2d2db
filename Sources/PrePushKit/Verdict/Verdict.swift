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

    /// The verdict on the checks that ran.
    static func conclude(_ results: [CheckRun.Result], cache: VerificationCache, output: RunOutput) -> Int32 {
        for result in results where result.passed && !result.outcomes.contains(where: \.dependsOnBase) {
            if let key = result.check.cacheKey { cache.record(key) }
        }
        // A void check was followed by an exact one, unless by hand.
        let decisive = results.filter { $0.changedMeanwhile.isEmpty }
        if let failed = results.last, !failed.changedMeanwhile.isEmpty {
            output.verdict(
                "prepush: the work tree changed while the check ran; nothing was verified (run prepush again)",
                passed: false)
            return 1
        }
        if let failedCheck = decisive.first(where: { !$0.passed }),
            let failed = failedCheck.outcomes.first(where: { $0.status == .failed })
        {
            output.annotation(.error, title: "prepush", message: "\(failed.name) failed: \(failed.figure)")
            output.verdict(
                "prepush: \(failed.name) failed; the push is stopped (git push --no-verify skips this check)",
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
        output.verdict(
            "prepush: passed\(onDisk) (\(names.joined(separator: ", "))) in \(String(format: "%.1f", seconds)) s",
            passed: true)
        return 0
    }
}
