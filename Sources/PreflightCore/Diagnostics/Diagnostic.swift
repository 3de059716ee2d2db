/// How serious a finding is. Ordered: `note < warning < error`.
public enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A place in a file: 1-based line and column.
public struct SourceLocation: Sendable, Hashable, Codable, Comparable {
    /// The file's path as it should be printed (relative to the current directory unless the user
    /// asked for absolute paths).
    public var path: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in UTF-8 bytes as Swift's and clang's diagnostics do.
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}

/// One finding of any Preflight scanner: the single diagnostic model every renderer prints.
public struct Diagnostic: Sendable, Hashable, Codable {
    /// Where it is.
    public var location: SourceLocation
    /// How serious it is.
    public var severity: Severity
    /// What it says, one line (for example `TODO: remove the retry loop`).
    public var message: String
    /// The stable id of the rule that produced it (`todo`, `missing-key`, …).
    public var ruleID: String
    /// Text that identifies the finding across runs even when lines move (for SARIF
    /// `partialFingerprints` and baselines). Defaults to the rule id and the message.
    public var fingerprint: String

    public init(
        location: SourceLocation, severity: Severity, message: String, ruleID: String, fingerprint: String? = nil
    ) {
        self.location = location
        self.severity = severity
        self.message = message
        self.ruleID = ruleID
        self.fingerprint = fingerprint ?? "\(ruleID):\(message)"
    }
}

/// A rule a tool can report, as renderers describe it (SARIF `tool.driver.rules`).
public struct RuleDescriptor: Sendable, Hashable, Codable {
    public var id: String
    public var summary: String
    public var defaultSeverity: Severity

    public init(id: String, summary: String, defaultSeverity: Severity) {
        self.id = id
        self.summary = summary
        self.defaultSeverity = defaultSeverity
    }
}

/// The tool that produced a report.
public struct ToolDescriptor: Sendable, Hashable, Codable {
    public var name: String
    public var version: String
    public var informationURI: String
    public var rules: [RuleDescriptor]

    public init(name: String, version: String, informationURI: String, rules: [RuleDescriptor]) {
        self.name = name
        self.version = version
        self.informationURI = informationURI
        self.rules = rules
    }
}

/// Everything one run of a scanner found.
public struct DiagnosticReport: Sendable, Hashable {
    public var tool: ToolDescriptor
    /// Findings, in a stable order (by path, line, column).
    public var diagnostics: [Diagnostic]
    /// How many files were scanned (for the summary line).
    public var filesScanned: Int

    public init(tool: ToolDescriptor, diagnostics: [Diagnostic], filesScanned: Int) {
        self.tool = tool
        self.diagnostics = diagnostics.sorted { ($0.location, $0.ruleID) < ($1.location, $1.ruleID) }
        self.filesScanned = filesScanned
    }

    /// `true` when any finding is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
