/// What `--dry-run` says of one unit of a check, decided as the run decides it but running
/// nothing that builds or tests: its steps in order with the command each would run, the test
/// targets the change reaches and which of them run and why, and what this machine cannot run.
///
/// The SwiftPM route fills ``tests`` from ``AffectedTests``; an xcodebuild unit fills it from its
/// own selection, and ``notHere`` with what a Mac runs.
struct UnitExplanation: Sendable, Equatable {
    /// One step: its name and the commands it would run, in order (`swift build …`), or, for a step
    /// prepush does itself, what it does (`in prepush: …`).
    struct StepLine: Sendable, Equatable {
        var name: String
        var commands: [String]
    }

    /// The test targets of the unit the change reaches, and which of them run.
    struct Tests: Sendable, Equatable {
        /// Every test target of the unit, in order.
        var all: [String]
        /// Those the change can reach (``affectedWhy`` says against what).
        var affected: [String]
        /// How "affected" was decided: against which base, or why every one counts.
        var affectedWhy: String
        /// The test targets that will run, each with why.
        var running: [(name: String, why: String)]
        /// Those that will not, each with why (a recorded pass, and where its coverage comes from).
        var skipped: [(name: String, why: String)]
        /// One line saying how they run (`each on its own`, `every test in one swift test: …`).
        var how: String

        static func == (lhs: Tests, rhs: Tests) -> Bool {
            lhs.all == rhs.all && lhs.affected == rhs.affected && lhs.affectedWhy == rhs.affectedWhy
                && lhs.running.map(\.name) == rhs.running.map(\.name)
                && lhs.running.map(\.why) == rhs.running.map(\.why)
                && lhs.skipped.map(\.name) == rhs.skipped.map(\.name)
                && lhs.skipped.map(\.why) == rhs.skipped.map(\.why) && lhs.how == rhs.how
        }
    }

    /// `package Packages/Core`, `app App.xcodeproj (through Packages/Core)`: the plan's line.
    var header: String
    /// The folder the steps run in, when it is not the unit's own in the work tree.
    var folder: String?
    var steps: [StepLine] = []
    /// The tests, when the unit has a test step that runs here.
    var tests: Tests?
    /// Why the tests are not known (`swift package describe failed: …`), when they are not.
    var testsUnknown: String?
    /// What this machine cannot run of the unit, and why, each with what a Mac runs.
    var notHere: [String] = []
    /// Anything else worth a line (a step skipped by `PREPUSH_SKIP`, a settings file read).
    var notes: [String] = []

    /// The lines `--dry-run` prints under the check's line, indented.
    var text: String {
        var lines = ["  " + header]
        if let folder { lines.append("    runs in \(folder)") }
        for note in notes { lines.append("    " + note) }
        for line in notHere { lines.append("    not here: " + line) }
        lines.append("    steps, in order:")
        for (index, step) in steps.enumerated() {
            let number = "      \(index + 1). \(step.name)"
            switch step.commands.count {
            case 0: lines.append(number)
            case 1: lines.append(number + ": " + step.commands[0])
            default:
                lines.append(number + ":")
                lines += step.commands.map { "           " + $0 }
            }
        }
        if let tests {
            lines.append(
                "    affected test targets: "
                    + (tests.affected.isEmpty ? "none" : tests.affected.joined(separator: ", ")))
            lines.append("      (" + tests.affectedWhy + ")")
            lines.append("    tests: " + tests.how)
            for run in tests.running { lines.append("      runs \(run.name): \(run.why)") }
            for skip in tests.skipped { lines.append("      skips \(skip.name): \(skip.why)") }
        } else if let testsUnknown {
            lines.append("    affected test targets: not known here: " + testsUnknown)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
