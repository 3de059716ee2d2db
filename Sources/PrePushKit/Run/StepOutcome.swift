/// One step of a check, as the summary table shows it.
public struct StepOutcome: Sendable, Equatable {
    public enum Status: String, Sendable { case passed, failed, skipped }

    public var name: String
    public var status: Status
    public var seconds: Double
    /// The step's key figure: "5 tests", "84.2 % covered", "2 warnings".
    public var figure: String

    public init(name: String, status: Status, seconds: Double, figure: String) {
        self.name = name
        self.status = status
        self.seconds = seconds
        self.figure = figure
    }

    /// The summary table printed at the end of a run; statuses in colour when `style` has colour.
    public static func table(_ steps: [StepOutcome], style: OutputStyle = OutputStyle()) -> String {
        let width = max(8, steps.map(\.name.count).max() ?? 0)
        var text = "step".padding(toLength: width, withPad: " ", startingAt: 0) + "  status    time  result\n"
        for step in steps {
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
