/// A step the user adds in the configuration file (`"steps": [{ "name": "lint", "run": ["swiftlint"] }]`):
/// an argument vector run in the package root after the built-in steps, never through a shell.
package struct ExtraStep: Sendable, Hashable {
    /// The name the header and the summary table show.
    package var name: String
    /// The executable (looked up on `PATH`) and its arguments.
    package var run: [String]

    package init(name: String, run: [String]) {
        self.name = name
        self.run = run
    }
}
