/// A step the user adds in the configuration file (`"steps": [{ "name": "lint", "run": ["swiftlint"] }]`):
/// an argument vector run in the package root after the built-in steps, never through a shell.
struct ExtraStep: Sendable, Hashable {
    /// The name the header and the summary table show.
    var name: String
    /// The executable (looked up on `PATH`) and its arguments.
    var run: [String]
    /// The longest it may run, in seconds (`timeout`); `nil` takes the configuration's
    /// `stepTimeout`, else ``defaultTimeout``.
    var timeout: Double?

    /// 30 minutes: a linter or a script that runs longer than that hangs, or belongs in CI.
    static let defaultTimeout: Double = 30 * 60

    init(name: String, run: [String], timeout: Double? = nil) {
        self.name = name
        self.run = run
        self.timeout = timeout
    }
}
