extension AppleOnlyCode {
    /// The skipped row of a package SwiftPM cannot build on this machine, saying what a Mac runs.
    func notBuiltHere(_ name: String) -> StepOutcome {
        .skipped(
            "build", .notBuiltHere,
            figure: "\(name) is not built or tested here: \(reason), which Swift on this machine does not have "
                + "(its scanners still run); on a Mac prepush runs swift build --build-tests and swift test")
    }
}
