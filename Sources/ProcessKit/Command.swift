/// A program to run: an executable and its argument vector, plus everything about how it runs.
///
/// A command never goes through a shell. The executable is a name looked up on `PATH` (the
/// child's `PATH` when ``environment`` sets one) or a path; each argument reaches the child
/// exactly as given, spaces, quotes, `$(…)` and empty strings included. Use ``shell(_:)`` only
/// when a shell is really wanted.
///
/// ```swift
/// var build = Command("swift", ["build", "--build-tests"])
/// build.workingDirectory = packageRoot
/// build.standardOutput = .lines { line in print(line.text) }
/// build.timeout = .seconds(600)
/// let result = try await build.run()
/// ```
public struct Command: Sendable {
    /// The executable's name (looked up on `PATH`) or a path (anything containing `/`).
    ///
    /// A relative path is resolved against ``workingDirectory`` when one is set, as a shell
    /// would after `cd`.
    public var executable: String

    /// The arguments after the executable's own name (`argv[1...]`).
    public var arguments: [String]

    /// The child's working directory; `nil` keeps the caller's.
    public var workingDirectory: String?

    /// The child's environment: inherited, with additions and removals.
    public var environment: Environment

    /// What the child reads on standard input. Defaults to ``InputSource/none`` (`/dev/null`).
    public var standardInput: InputSource

    /// Where the child's standard output goes. Defaults to a capture.
    public var standardOutput: OutputDestination

    /// Where the child's standard error goes. Defaults to a capture.
    public var standardError: OutputDestination

    /// The longest the command may run before its process group is torn down and the run throws
    /// ``ProcessError/timedOut(_:after:partial:)``. `nil` means no limit.
    public var timeout: Duration?

    /// How long the child's process group gets between `SIGTERM` and `SIGKILL` when it is torn
    /// down (timeout, cancellation or a forwarded signal).
    public var teardownGracePeriod: Duration

    /// How long to keep reading the pipes after the child exited while some descendant still holds
    /// them open. After that the run returns what was read and marks the output incomplete
    /// (``CapturedOutput/isComplete``), instead of hanging until the descendant exits.
    public var drainTimeout: Duration

    /// Creates a command from an executable name or path and its arguments.
    public init(
        _ executable: String,
        _ arguments: [String] = [],
        workingDirectory: String? = nil,
        environment: Environment = .inherit
    ) {
        self.executable = executable
        self.arguments = arguments
        self.workingDirectory = workingDirectory
        self.environment = environment
        self.standardInput = .none
        self.standardOutput = .capture()
        self.standardError = .capture()
        self.timeout = nil
        self.teardownGracePeriod = .seconds(2)
        self.drainTimeout = .milliseconds(250)
    }

    /// A command that runs `script` with `/bin/sh -c`. The only way ProcessKit uses a shell.
    public static func shell(_ script: String, workingDirectory: String? = nil) -> Command {
        Command("/bin/sh", ["-c", script], workingDirectory: workingDirectory)
    }

    /// The command as a person would type it, each word quoted where a shell would need it.
    /// For messages only: ProcessKit never hands this string to a shell.
    public var commandLine: String {
        ([executable] + arguments).map(ShellQuoting.quote).joined(separator: " ")
    }
}

/// Quoting for display of argument vectors.
enum ShellQuoting {
    private static let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")

    /// The word as a POSIX shell would need it written to mean exactly this one argument.
    static func quote(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ safe.contains($0) }) {
            return word
        }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
