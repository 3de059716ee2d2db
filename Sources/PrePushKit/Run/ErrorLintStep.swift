import Foundation
import PreflightCore
import ProcessKit

/// errorlint as a step: a child process, since errorlint is built on swift-syntax and prepush is
/// not (prepush builds in seconds).
enum ErrorLintStep {
    /// The errorlint to run: the one beside the running prepush (built with it), else the first on
    /// `PATH`; `nil` when there is none.
    static func executable(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let besidePrepush = (ExecutablePath.current() as NSString).deletingLastPathComponent + "/errorlint"
        return Command.locate(besidePrepush, searchPath: nil)
            ?? Command.locate("errorlint", searchPath: environment["PATH"] ?? "/usr/bin:/bin")
    }

    /// The step's figure: errorlint's summary, its last line on standard error.
    static func figure(_ errors: [String]) -> String {
        errors.last { !$0.isEmpty && !$0.hasPrefix("errorlint: note:") } ?? ""
    }
}

extension StepRunner {
    /// Runs errorlint on the package; `nil` when it is turned off, or not found and not required
    /// (a line says so and how to get it).
    func errorlint() async throws -> StepOutcome? {
        guard options.runsErrorlint != false else { return nil }
        guard let executable = errorlintExecutable else {
            if options.runsErrorlint == true {
                output.beginStep("==> errorlint")
                log(
                    "prepush: error: errorlint is not built: no errorlint beside prepush or on PATH (build it with "
                        + "swift build -c release --product errorlint, or turn the step off with --no-errorlint)\n")
                output.endStep(passed: false, line: "<== errorlint: could not run")
                return StepOutcome(name: "errorlint", status: .failed, seconds: 0, figure: "not built")
            }
            output.message(
                "prepush: errorlint skipped: not built (swift build -c release --product errorlint puts it beside "
                    + "prepush; --no-errorlint silences this)\n")
            return StepOutcome(name: "errorlint", status: .skipped, seconds: 0, figure: "not built")
        }
        // Paths relative to the package, findings as annotations in CI mode, like todoscan's.
        let format = output.style.annotatesForGitHub ? "github" : "text"
        return try await command("errorlint", [executable, "--format", format, "."]) { _, errors in
            ErrorLintStep.figure(errors)
        }
    }
}
