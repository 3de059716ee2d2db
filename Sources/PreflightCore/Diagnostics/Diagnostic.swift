/// How serious a finding is. Ordered: `note < warning < error`.
package enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
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

    package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A place in a file: 1-based line and column.
package struct SourceLocation: Sendable, Hashable, Codable, Comparable {
    /// The file's path as it should be printed (relative to the current directory unless the user
    /// asked for absolute paths).
    package var path: String
    /// 1-based line number.
    package var line: Int
    /// 1-based column, counted in UTF-8 bytes as Swift's and clang's diagnostics do; 0 for a
    /// finding about a whole line or file (a file's coverage), which text and GitHub output print
    /// without a column.
    package var column: Int
    /// 1-based column counted in UTF-16 code units, when the finding's producer had the line's
    /// text: what SARIF (`columnKind` `utf16CodeUnits`, its default) and GitHub's annotations (whose
    /// pages index lines as JavaScript strings) count. `nil` means unknown; renderers then pass
    /// ``column`` on, which is the same whenever the line is ASCII up to the finding.
    var utf16Column: Int?

    package init(path: String, line: Int, column: Int, utf16Column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
        self.utf16Column = utf16Column
    }

    /// ``utf16Column`` when known, otherwise ``column``: the column SARIF and GitHub print.
    var columnInUTF16: Int { utf16Column ?? column }

    /// The 1-based UTF-16 column of the 1-based UTF-8 `column` in a line whose bytes start with
    /// `linePrefix` (the bytes from the start of the line up to at least the column). A column
    /// inside a multi-byte character or in invalid UTF-8 counts as the replacement characters
    /// decoding gives.
    package static func utf16Column(ofByteColumn column: Int, linePrefix: some Collection<UInt8>) -> Int {
        let prefix = linePrefix.prefix(max(0, column - 1))
        guard prefix.contains(where: { $0 >= 0x80 }) else { return column }
        // Past the end of the given bytes, each byte counts as one unit (as for ASCII).
        let beyond = max(0, column - 1 - prefix.count)
        return String(decoding: prefix, as: UTF8.self).utf16.count + beyond + 1
    }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }

    /// The same place: path, line and column. ``utf16Column`` is the column counted another way,
    /// known or not, so it takes no part.
    package static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column) == (rhs.path, rhs.line, rhs.column)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(line)
        hasher.combine(column)
    }
}

/// One finding of any Preflight scanner: the single diagnostic model every renderer prints.
package struct Diagnostic: Sendable, Hashable, Codable {
    /// Where it is.
    package var location: SourceLocation
    /// How serious it is.
    package var severity: Severity
    /// What it says, one line (for example `TODO: remove the retry loop`).
    package var message: String
    /// The stable id of the rule that produced it (`todo`, `missing-key`, …).
    package var ruleID: String
    /// Text that identifies the finding across runs even when lines move (for SARIF
    /// `partialFingerprints` and baselines). Defaults to the rule id and the message.
    var fingerprint: String
    /// Other files the finding is about, besides its location's: for a key a catalog lacks, the
    /// Swift file that uses the key. A change to any of them can have introduced the finding.
    package var relatedPaths: [String] = []

    package init(
        location: SourceLocation, severity: Severity, message: String, ruleID: String, fingerprint: String? = nil,
        relatedPaths: [String] = []
    ) {
        self.location = location
        self.severity = severity
        self.message = message
        self.ruleID = ruleID
        self.fingerprint = fingerprint ?? "\(ruleID):\(message)"
        self.relatedPaths = relatedPaths
    }
}

/// A rule a tool can report, as renderers describe it (SARIF `tool.driver.rules`).
package struct RuleDescriptor: Sendable, Hashable, Codable {
    var id: String
    var summary: String
    package var defaultSeverity: Severity

    package init(id: String, summary: String, defaultSeverity: Severity) {
        self.id = id
        self.summary = summary
        self.defaultSeverity = defaultSeverity
    }
}

/// The tool that produced a report.
package struct ToolDescriptor: Sendable, Hashable, Codable {
    var name: String
    var version: String
    var informationURI: String
    var rules: [RuleDescriptor]

    package init(name: String, version: String, informationURI: String, rules: [RuleDescriptor]) {
        self.name = name
        self.version = version
        self.informationURI = informationURI
        self.rules = rules
    }
}

/// Everything one run of a scanner found.
package struct DiagnosticReport: Sendable, Hashable {
    package var tool: ToolDescriptor
    /// Findings, in a stable order (by path, line, column).
    package var diagnostics: [Diagnostic]
    /// How many files were scanned (for the summary line).
    var filesScanned: Int

    package init(tool: ToolDescriptor, diagnostics: [Diagnostic], filesScanned: Int) {
        self.tool = tool
        let inOrder: (Diagnostic, Diagnostic) -> Bool = { ($0.location, $0.ruleID) < ($1.location, $1.ruleID) }
        // Scanners mostly give them in order already: then no sorted copy of millions of findings.
        let isSorted = zip(diagnostics, diagnostics.dropFirst()).allSatisfy { !inOrder($1, $0) }
        self.diagnostics = isSorted ? diagnostics : diagnostics.sorted(by: inOrder)
        self.filesScanned = filesScanned
    }

    /// `true` when any finding is an error.
    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
