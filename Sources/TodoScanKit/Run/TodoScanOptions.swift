import PreflightCore

/// Everything one todoscan run needs, as the command line (or a configuration file) gives it.
public struct TodoScanOptions: Sendable {
    /// Files and folders to scan.
    public var paths: [String] = ["."]
    /// Only paths matching one of these (when any).
    public var includes: [String] = []
    /// No path matching one of these.
    public var excludes: [String] = []
    /// Which tags, and how they are written.
    public var syntax = TagSyntax()
    /// How findings are printed.
    public var format: DiagnosticFormat = .text
    /// Any finding fails the run, not only errors.
    public var isStrict = false
    /// No summary line on standard error.
    public var isQuiet = false
    /// Print absolute paths instead of paths relative to the current directory.
    public var usesAbsolutePaths = false
    /// Files over this many bytes are reported and skipped.
    public var maximumFileSize = 64 << 20

    public init() {}
}
