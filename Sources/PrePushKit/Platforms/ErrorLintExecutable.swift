import Foundation
import ProcessKit

/// The errorlint a check runs, found once by the plan and used by the run and `--print-config`.
enum ErrorLintExecutable {
    /// The one beside the running prepush (built with it), else the first on `PATH`; `nil` when
    /// there is none.
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let besidePrepush = (ExecutablePath.current() as NSString).deletingLastPathComponent + "/errorlint"
        return Command.locate(besidePrepush, searchPath: nil)
            ?? Command.locate("errorlint", searchPath: environment["PATH"] ?? "/usr/bin:/bin")
    }
}
