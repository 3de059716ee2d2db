/// `PREPUSH_SKIP`: `1` skips the whole check (``PushDecision/early(_:environment:)``); a
/// comma-separated list of step names (`todoscan,errorlint`) skips those steps and runs the rest,
/// as pre-commit's `SKIP` does. A check with a skipped step is never recorded as verified.
struct SkippedSteps: Sendable, Equatable {
    /// The names of the steps skipped, as given (trimmed, lowercased, each once, in order).
    var names: [String]

    /// The names of the built-in steps (SwiftPM's and xcodebuild's alike).
    static let builtIn = ["build", "test", "coverage", "todoscan", "errorlint"]

    /// The steps `PREPUSH_SKIP` names; none when it is unset, empty, `0` or `1` (which skips
    /// everything). `extraSteps` are the configured steps' names: a name that is neither one of
    /// them nor built in is an error, so a typo never runs a step the person meant to skip.
    static func read(environment: [String: String], extraSteps: [String]) throws(PrePushError) -> SkippedSteps {
        guard let value = environment["PREPUSH_SKIP"], !["", "0", "1"].contains(value) else {
            return SkippedSteps(names: [])
        }
        var names: [String] = []
        for part in value.split(separator: ",") {
            let name = part.trimmingCharacters(in: .whitespaces)
            let known = builtIn.contains(name.lowercased()) ? name.lowercased() : name
            if !known.isEmpty, !names.contains(known) { names.append(known) }
        }
        let steps = builtIn + extraSteps
        let unknown = names.filter { !steps.contains($0) }
        if !unknown.isEmpty { throw .unknownSkippedSteps(unknown, known: steps) }
        return SkippedSteps(names: names)
    }

    var isEmpty: Bool { names.isEmpty }

    /// Whether the step `name` is skipped: named, or, for coverage, measured from tests that are
    /// skipped.
    func skips(_ name: String) -> Bool {
        names.contains(name) || (name == "coverage" && names.contains("test"))
    }

    /// The line said before the checks.
    var line: String {
        let coverage =
            names.contains("test") && !names.contains("coverage") ? " (and coverage, which needs the tests)" : ""
        return "PREPUSH_SKIP: skipping \(names.joined(separator: ", "))\(coverage); a check with a skipped step is not "
            + "recorded as verified"
    }
}
