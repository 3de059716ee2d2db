import PreflightCore

/// The rule both backends share: a check passes on what it measured, never on nothing.
///
/// - A test step that ran no test fails (the test targets hold none, a filter matches none).
/// - A coverage gate (`minCoverage` in any form, `minDiffCoverage`) over a package of which not
///   one line was measured fails: "100.00 % of 0 lines" is not coverage.
/// - A package without test targets is the exception: its test row says there are none, and its
///   coverage is not gated — unless a gate is configured for it, which then fails, saying why.
enum NothingMeasured {
    /// Why a step fails although its command passed: the table's figure and the message printed.
    struct Failure: Sendable, Equatable {
        var figure: String
        var message: String
    }

    /// What to do instead, for SwiftPM's test step.
    static let swiftPMTestHint =
        "add tests to the test targets, or change the testArguments whose --filter or --skip leave none"

    /// The failure of a test run that ran `count` tests: `nil` when it ran some, or when it printed
    /// no count at all (then nothing is known, and nothing is claimed). `hint` says what to do.
    static func tests(ran count: Int?, hint: String) -> Failure? {
        guard count == 0 else { return nil }
        return Failure(
            figure: "no test ran",
            message:
                "no test ran: the test step passed without running a single test, which proves nothing (\(hint))")
    }

    /// The coverage gates configured for the package, as the configuration spells them
    /// (`minCoverage 80`, `minDiffCoverage 90`); empty when there are none.
    static func gates(_ options: PrePushOptions) -> [String] {
        var gates: [String] = []
        let minimums = options.coverageMinimums
        if let total = minimums.total { gates.append("minCoverage \(CoverageShortfall.format(total))") }
        let keyed = minimums.targets.keys.sorted() + minimums.files.map(\.glob.pattern)
        if !keyed.isEmpty { gates.append("minCoverage for \(keyed.joined(separator: ", "))") }
        if let diff = options.minimumDiffCoverage { gates.append("minDiffCoverage \(CoverageShortfall.format(diff))") }
        return gates
    }

    /// The failure of the coverage gates on `summary` (the package's own files, after
    /// `coverageExclude`): a gate is configured and not one line was measured.
    static func coverage(_ summary: CoverageSummary, options: PrePushOptions) -> Failure? {
        let gates = gates(options)
        guard !gates.isEmpty, summary.total.count == 0 else { return nil }
        return Failure(
            figure: "no line measured",
            message:
                "coverage: no line of the package's own sources was measured, so \(gates.joined(separator: " and ")) "
                + "cannot pass on it (no executable code in its targets, every file excluded by coverageExclude, or "
                + "the tests' binary holds none of them)")
    }

    /// The coverage step of a package without test targets: `nil` when no gate is configured (the
    /// step is skipped), else the failure saying that the gate has nothing to measure.
    static func noTestTargets(options: PrePushOptions) -> Failure? {
        let gates = gates(options)
        guard !gates.isEmpty else { return nil }
        return Failure(
            figure: "no test targets to measure",
            message:
                "coverage: the package has no test targets, so nothing is measured, yet \(gates.joined(separator: " and ")) "
                + "applies to it (add a test target, or give the package a .preflight.json of its own without the "
                + "gate: a package's check reads the file nearest its folder)")
    }

    /// Prints `failure` as the step's error (and, in CI, as an annotation titled `title`): inside
    /// the step when `inStep` (kept with its output in quiet mode), else as a failure line, always
    /// shown.
    static func report(_ failure: Failure, title: String, inStep: Bool, context: StepContext) {
        let line = "prepush: error: " + failure.message + "\n"
        if inStep { context.log(line) } else { context.output.failure(line) }
        context.output.annotation(.error, title: title, message: failure.message)
    }
}
