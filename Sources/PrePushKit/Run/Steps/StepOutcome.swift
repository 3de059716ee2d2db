import PreflightCore

/// One step of a check, as the summary table shows it.
struct StepOutcome: Sendable, Equatable {
    enum Status: String, Sendable { case passed, failed, skipped }

    var name: String
    var status: Status
    var seconds: Double
    /// The step's key figure: "5 tests", "84.2 % covered", "2 warnings". It can quote a tool's
    /// line, so control characters are kept visible (``VisibleText``) wherever it is shown.
    var figure: String {
        get { visibleFigure }
        set { visibleFigure = VisibleText.escaped(newValue) }
    }
    private var visibleFigure: String
    /// The pass holds only against this push's base: an error already there was let through, or
    /// the coverage of added lines could not be measured. Such a pass is not cached under the tree.
    var dependsOnBase = false
    /// The package or app the step checked, in a repository of several (the table's first column).
    var unit: String?
    /// What the coverage step measured, for the coverage exports and the run record.
    var coverage: CoverageReport?
    /// How many tests ran, when the step ran tests and their output said (``figure`` only shows it).
    var testsRun: Int?
    /// Each test's result, when the run reads them (a test report is asked for) and the test step
    /// could read them: the test report is written from these, never from ``figure``.
    var testResults: [TestCaseResult]?
    /// The tests that failed and then passed on a retry (`Suite/test`): such a pass is never
    /// recorded as verified.
    var flakyTests: [String] = []
    /// Why a skipped step did not run (``figure`` says it in words).
    var skip: Skip?
    /// The findings a scanner step reports as this push's (todoscan's, errorlint's): the job summary
    /// lists them.
    var newFindings: [Diagnostic] = []
    /// What a failed command's output shows of why (``FailureDetails/ofCommand(output:errors:)``):
    /// the verdict lists it when nothing more exact (failing tests, findings) was read.
    var details: [String] = []
    /// What the test step selected: the passes to record when the check proves exact, and the
    /// profiles the coverage step merges.
    var selection: TestSelectionResult?

    /// Why a step skipped itself.
    enum Skip: String, Sendable, Equatable {
        /// The unit cannot be built on this machine: no xcodebuild (an app, or a package for Apple
        /// platforms other than macOS). A Mac must still check it.
        case notBuiltHere
        /// The package declares no test targets: nothing to test or measure.
        case noTestTargets
        /// The tool the step runs is not installed here (errorlint not built).
        case toolMissing
        /// `PREPUSH_SKIP` names it.
        case requested
    }

    init(name: String, status: Status, seconds: Double, figure: String) {
        self.name = name
        self.status = status
        self.seconds = seconds
        self.visibleFigure = VisibleText.escaped(figure)
    }

    /// A step that skipped itself, and why.
    static func skipped(_ name: String, _ skip: Skip, figure: String) -> StepOutcome {
        var outcome = StepOutcome(name: name, status: .skipped, seconds: 0, figure: figure)
        outcome.skip = skip
        return outcome
    }

    /// The summary table printed at the end of a run; statuses in colour when `style` has colour.
    static func table(_ steps: [StepOutcome], style: OutputStyle = OutputStyle()) -> String {
        let width = max(8, steps.map(\.name.count).max() ?? 0)
        let units = steps.contains { $0.unit != nil }
        let unitWidth = max(7, steps.map { $0.unit?.count ?? 0 }.max() ?? 0)
        var text = units ? "package".padding(toLength: unitWidth, withPad: " ", startingAt: 0) + "  " : ""
        text += "step".padding(toLength: width, withPad: " ", startingAt: 0) + "  status    time  result\n"
        for step in steps {
            if units {
                text +=
                    VisibleText.escaped(step.unit ?? "").padding(toLength: unitWidth, withPad: " ", startingAt: 0)
                    + "  "
            }
            text +=
                step.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + style.paint(
                    step.status.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0), step.status.color)
                + String(format: "%6.1fs", step.seconds) + "  " + step.figure + "\n"
        }
        return text
    }
}

extension StepOutcome.Status {
    fileprivate var color: OutputStyle.Color {
        switch self {
        case .passed: .green
        case .failed: .red
        case .skipped: .yellow
        }
    }
}
