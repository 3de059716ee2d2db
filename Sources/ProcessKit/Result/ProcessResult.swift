/// What a finished command did.
public struct ProcessResult: Sendable {
    /// The command as it was run (`executable` resolved to an absolute path).
    public let command: Command
    /// The child's process id (also its process group id).
    public let processID: Int32
    /// Exit code or signal.
    public let termination: Termination
    /// Standard output, when it was captured.
    public let standardOutput: CapturedOutput?
    /// Standard error, when it was captured.
    public let standardError: CapturedOutput?
    /// The last few KiB of standard error whenever ProcessKit read it (capture, lines, chunks),
    /// for messages about failures.
    public let standardErrorTail: String
    /// From spawn to the end of the run.
    public let duration: Duration
    /// `false` when the child exited but a descendant kept its output pipes open past
    /// ``Command/drainTimeout``, so some output may be missing.
    public let isOutputComplete: Bool

    /// `true` when the child exited with code 0.
    public var succeeded: Bool { termination.isSuccess }

    /// Captured standard output as text (empty when not captured).
    public var outputText: String { standardOutput?.text ?? "" }

    /// Captured standard error as text (empty when not captured).
    public var errorText: String { standardError?.text ?? "" }

    /// Returns `self` when the child exited with 0; otherwise throws
    /// ``ProcessError/nonZeroExit(_:)`` or ``ProcessError/terminatedBySignal(_:)``, whose
    /// messages carry the tail of standard error.
    @discardableResult
    public func checked() throws(ProcessError) -> ProcessResult {
        switch termination {
        case .exited(0): return self
        case .exited: throw .nonZeroExit(self)
        case .signaled: throw .terminatedBySignal(self)
        }
    }
}
