/// The exit statuses all Preflight tools share.
package enum ToolExitStatus: Int32, Sendable {
    /// Nothing that fails was found.
    case clean = 0
    /// Findings that fail (errors, or anything under `--strict`).
    case findings = 1
    /// Bad usage, or a file or command that could not be read or run.
    case usageOrInputError = 2
    /// Stopped by Ctrl-C (128 + SIGINT), as a shell reports it.
    case interrupted = 130
}
