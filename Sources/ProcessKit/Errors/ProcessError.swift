import Foundation

/// Everything that can go wrong running a command, each with a message that says what, why and
/// what to do.
public enum ProcessError: LocalizedError, Sendable {
    /// No executable file by that name on the search path, or no executable file at that path.
    case executableNotFound(name: String, searchedDirectories: [String])
    /// The working directory does not exist or is not a directory.
    case workingDirectoryNotFound(path: String, command: String)
    /// The operating system refused to start the program.
    case launchFailed(command: String, reason: String)
    /// The child exited with a non-zero code (from ``ProcessResult/checked()``).
    case nonZeroExit(ProcessResult)
    /// A signal ended the child (from ``ProcessResult/checked()``).
    case terminatedBySignal(ProcessResult)
    /// The command ran past its ``Command/timeout``; its process group was torn down.
    case timedOut(_ command: String, after: Duration, partial: ProcessResult)
    /// The child closed standard input (usually by exiting) before reading all it was given.
    case standardInputClosed(_ command: String, bytesWritten: Int, bytesTotal: Int, result: ProcessResult)
    /// This tool received an interrupt or termination signal; the command's process group got it
    /// too. `partial` is `nil` when the command was not started.
    case interrupted(signal: Int32, command: String, partial: ProcessResult?)

    public var errorDescription: String? {
        switch self {
        case .executableNotFound(let name, _):
            "Command not found: '\(name)'."
        case .workingDirectoryNotFound(let path, let command):
            "Cannot run '\(command)': working directory '\(path)' does not exist."
        case .launchFailed(let command, _):
            "Could not start '\(command)'."
        case .nonZeroExit(let result):
            "'\(result.command.commandLine)' failed with \(result.termination)."
        case .terminatedBySignal(let result):
            "'\(result.command.commandLine)' was killed by \(result.termination)."
        case .timedOut(let command, let after, _):
            "'\(command)' timed out after \(Self.seconds(after))."
        case .standardInputClosed(let command, let written, let total, _):
            "'\(command)' closed its standard input after \(written) of \(total) bytes."
        case .interrupted(let signal, let command, _):
            "Interrupted by \(SignalName.of(signal)) while running '\(command)'."
        }
    }

    public var failureReason: String? {
        switch self {
        case .executableNotFound(let name, let directories):
            if name.contains("/") || directories.isEmpty {
                "There is no executable file at '\(name)'."
            } else {
                "No executable file named '\(name)' is in any directory of PATH: \(directories.joined(separator: ":"))."
            }
        case .workingDirectoryNotFound(let path, _):
            "The path '\(path)' is missing or is not a directory."
        case .launchFailed(_, let reason):
            reason
        case .nonZeroExit(let result), .terminatedBySignal(let result):
            Self.stderrSummary(result)
        case .timedOut(_, _, let partial):
            "It was still running, so its process group was sent SIGTERM and, after the grace period, SIGKILL. "
                + Self.stderrSummary(partial)
        case .standardInputClosed(_, _, _, let result):
            "The child ended with \(result.termination) without reading all of its input."
        case .interrupted(let signal, _, _):
            "\(SignalName.of(signal)) was forwarded to the command's process group, which stopped."
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .executableNotFound(let name, _):
            name.contains("/")
                ? "Check the path and that the file is executable (chmod +x)."
                : "Install '\(name)', add its directory to PATH, or give the full path."
        case .workingDirectoryNotFound:
            "Create the directory or run the command from an existing one."
        case .launchFailed:
            "Check the file's permissions and format (a script needs a #! line), and the system's process limits."
        case .nonZeroExit, .terminatedBySignal:
            "Run the command by hand to see its full output."
        case .timedOut:
            "Raise the timeout or find out why the command hangs."
        case .standardInputClosed:
            "Check that the command reads its whole input, or send it less."
        case .interrupted:
            "Run the tool again when you are ready."
        }
    }

    /// The result a failure carries, if any.
    public var result: ProcessResult? {
        switch self {
        case .nonZeroExit(let result), .terminatedBySignal(let result): result
        case .timedOut(_, _, let partial): partial
        case .standardInputClosed(_, _, _, let result): result
        case .interrupted(_, _, let partial): partial
        case .executableNotFound, .workingDirectoryNotFound, .launchFailed: nil
        }
    }

    private static func stderrSummary(_ result: ProcessResult) -> String {
        let lines = result.standardErrorTail.split(separator: "\n", omittingEmptySubsequences: true).suffix(10)
        guard !lines.isEmpty else { return "It printed nothing on standard error." }
        return "The end of its standard error:\n" + lines.joined(separator: "\n")
    }

    private static func seconds(_ duration: Duration) -> String {
        let parts = duration.components
        let value = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        return String(format: "%.3g s", value)
    }
}
