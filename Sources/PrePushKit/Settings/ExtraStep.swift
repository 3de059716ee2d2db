/// A step the user adds in the configuration file (`"steps": [{ "name": "lint", "run": ["swiftlint"] }]`):
/// an argument vector run in the package root after the built-in steps, never through a shell.
package struct ExtraStep: Sendable, Hashable {
    /// The name the header and the summary table show.
    package var name: String
    /// The executable (looked up on `PATH`) and its arguments.
    package var run: [String]
    /// The longest it may run, in seconds (`timeout`); `nil` takes the configuration's
    /// `stepTimeout`, else ``defaultTimeout``.
    package var timeout: Double?

    /// 30 minutes: a linter or a script that runs longer than that hangs, or belongs in CI.
    package static let defaultTimeout: Double = 30 * 60

    package init(name: String, run: [String], timeout: Double? = nil) {
        self.name = name
        self.run = run
        self.timeout = timeout
    }
}
