/// How a child ended.
public enum Termination: Sendable, Equatable, CustomStringConvertible {
    /// It called `exit` with this code (0–255).
    case exited(Int32)
    /// A signal ended it (for example `SIGKILL` = 9).
    case signaled(Int32)

    /// `true` for `exited(0)`.
    public var isSuccess: Bool { self == .exited(0) }

    /// The status a shell would report: the exit code, or 128 + the signal number.
    public var shellStatus: Int32 {
        switch self {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
    }

    /// "exit code 3" or "signal 9 (SIGKILL)".
    public var description: String {
        switch self {
        case .exited(let code): "exit code \(code)"
        case .signaled(let signal): "signal \(signal) (\(SignalName.of(signal)))"
        }
    }
}

/// Conventional names of the common signals, for messages: the package's one table of them.
package enum SignalName {
    package static func of(_ signal: Int32) -> String {
        switch signal {
        case 1: "SIGHUP"
        case 2: "SIGINT"
        case 3: "SIGQUIT"
        case 4: "SIGILL"
        case 5: "SIGTRAP"
        case 6: "SIGABRT"
        case 7: "SIGBUS"
        case 8: "SIGFPE"
        case 9: "SIGKILL"
        case 10: "SIGUSR1"
        case 11: "SIGSEGV"
        case 12: "SIGUSR2"
        case 13: "SIGPIPE"
        case 14: "SIGALRM"
        case 15: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}
