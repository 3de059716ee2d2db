import Foundation

/// How long a step's command may run, and which setting said so (for the message when it runs
/// past it). ProcessKit enforces it: past it the command's process group gets `SIGTERM`, then
/// `SIGKILL`, and the step fails.
struct StepTimeout: Sendable, Equatable {
    var seconds: Double
    /// Where the limit comes from, as the message names it: `"timeout" of the step`, `stepTimeout`,
    /// or the default for configured steps.
    var source: String

    /// The largest timeout a key accepts: a year (larger ones are meant as "none").
    static let longest: Double = 365 * 24 * 3600

    init(seconds: Double, source: String) {
        self.seconds = seconds
        self.source = source
    }

    /// The limit of a configured step: its own `timeout`, else the configuration's `stepTimeout`,
    /// else ``ExtraStep/defaultTimeout``.
    static func of(_ step: ExtraStep, options: PrePushOptions) -> StepTimeout {
        if let own = step.timeout { return StepTimeout(seconds: own, source: "\"timeout\" of the step") }
        if let all = options.stepTimeout { return StepTimeout(seconds: all, source: "stepTimeout") }
        return StepTimeout(
            seconds: ExtraStep.defaultTimeout,
            source: "the default for configured steps; set the step's \"timeout\" to change it")
    }

    /// The limit of a built-in step's command: `stepTimeout`, or none.
    static func builtIn(_ options: PrePushOptions) -> StepTimeout? {
        options.stepTimeout.map { StepTimeout(seconds: $0, source: "stepTimeout") }
    }

    var duration: Duration { .milliseconds(Int64((seconds * 1000).rounded(.up))) }

    /// `1 s`, `2.5 s`, `90 s`, `30 min`, `2 h`.
    var text: String {
        if seconds >= 3600, seconds.truncatingRemainder(dividingBy: 3600) == 0 { return "\(Int(seconds / 3600)) h" }
        if seconds >= 600, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) min" }
        if seconds == seconds.rounded() { return "\(Int(seconds)) s" }
        return String(format: "%g s", seconds)
    }
}
