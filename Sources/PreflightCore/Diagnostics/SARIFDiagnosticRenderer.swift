/// `--format sarif`: a SARIF 2.1.0 log that GitHub code scanning accepts, pretty-printed with
/// sorted keys and followed by a newline. The same report always gives the same bytes.
///
/// - One run; `tool.driver` has the tool's name, `version`, `semanticVersion` (only when the
///   version is `MAJOR.MINOR.PATCH[-pre][+build]`), `informationUri` (when not empty) and `rules`:
///   the tool's rules in order, then one rule for each rule id a finding uses that the tool does not
///   list (described by its id, at the severity of its first finding), so every result has a
///   `ruleIndex`.
/// - Each result has `ruleId`, `ruleIndex`, `level` (`error`, `warning`, `note`), `message.text`,
///   one location (see ``SARIFArtifactLocation`` for the URI; `region.startLine`, and
///   `startColumn` when it is at least 1) and `partialFingerprints.primaryLocationLineHash`.
/// - The fingerprint is ``StableHash/fnv1a64Hex(_:)`` of the finding's `fingerprint` text, then
///   `:n` where `n` counts the findings with that text in the same file (`:1`, `:2`, …), so it
///   survives lines moving and stays distinct for repeated findings.
/// - `startColumn` counts UTF-16 code units (``SourceLocation/columnInUTF16``), and the run says
///   so with `columnKind` `utf16CodeUnits` (SARIF's default, which GitHub code scanning assumes):
///   after `let s = "héllo😀"; // ` a finding is at byte column 26 and UTF-16 column 23.
struct SARIFDiagnosticRenderer: DiagnosticRenderer, Hashable {
    /// The `partialFingerprints` key Preflight fills in.
    static let fingerprintKey = "primaryLocationLineHash"

    init() {}

    func render(_ report: DiagnosticReport) -> String {
        JSONDiagnosticRenderer.encode(Self.log(for: report))
    }

    func stream(tool: ToolDescriptor, to output: @escaping (String) -> Void) -> any DiagnosticStream {
        SARIFDiagnosticStream(tool: tool, output: output)
    }

    static func log(for report: DiagnosticReport) -> SARIFLog {
        let (rules, ruleIndex) = rules(for: report)
        var occurrences = FingerprintOccurrences()
        let results = report.diagnostics.map { diagnostic in
            result(for: diagnostic, ruleIndex: ruleIndex[diagnostic.ruleID]!, occurrences: &occurrences)
        }
        return log(tool: report.tool, rules: rules, results: results)
    }

    /// The tool's rules, then one for each rule id a finding uses that the tool does not list; and
    /// each rule id's index.
    private static func rules(for report: DiagnosticReport) -> (rules: [RuleDescriptor], index: [String: Int]) {
        var rules = report.tool.rules
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() where ruleIndex[rule.id] == nil {
            ruleIndex[rule.id] = index
        }
        for diagnostic in report.diagnostics where ruleIndex[diagnostic.ruleID] == nil {
            ruleIndex[diagnostic.ruleID] = rules.count
            rules.append(
                RuleDescriptor(id: diagnostic.ruleID, summary: diagnostic.ruleID, defaultSeverity: diagnostic.severity))
        }
        return (rules, ruleIndex)
    }

    /// One result; `occurrences` counts the findings of each fingerprint text per file so far.
    static func result(
        for diagnostic: Diagnostic, ruleIndex index: Int, occurrences: inout FingerprintOccurrences
    ) -> SARIFLog.Result {
        let location = diagnostic.location
        let fingerprint = StableHash.fnv1a64Hex(diagnostic.fingerprint) + ":\(occurrences.next(diagnostic))"
        let region = SARIFLog.Region(
            startLine: max(1, location.line), startColumn: location.column >= 1 ? location.columnInUTF16 : nil)
        return SARIFLog.Result(
            ruleId: diagnostic.ruleID, ruleIndex: index, level: diagnostic.severity.rawValue,
            message: SARIFLog.Message(text: diagnostic.message),
            locations: [
                SARIFLog.Location(
                    physicalLocation: SARIFLog.PhysicalLocation(
                        artifactLocation: SARIFArtifactLocation(path: location.path), region: region))
            ],
            partialFingerprints: [fingerprintKey: fingerprint])
    }

    static func log(tool: ToolDescriptor, rules: [RuleDescriptor], results: [SARIFLog.Result]) -> SARIFLog {
        let driver = SARIFLog.Driver(
            name: tool.name,
            version: tool.version.isEmpty ? nil : tool.version,
            semanticVersion: isSemanticVersion(tool.version) ? tool.version : nil,
            informationUri: tool.informationURI.isEmpty ? nil : tool.informationURI,
            rules: rules.map { rule in
                SARIFLog.Rule(
                    id: rule.id,
                    shortDescription: SARIFLog.Message(text: rule.summary.isEmpty ? rule.id : rule.summary),
                    defaultConfiguration: SARIFLog.Configuration(level: rule.defaultSeverity.rawValue))
            })
        return SARIFLog(runs: [
            SARIFLog.Run(tool: SARIFLog.Tool(driver: driver), columnKind: "utf16CodeUnits", results: results)
        ])
    }

    /// Whether `version` is `MAJOR.MINOR.PATCH`, optionally followed by `-prerelease` and `+build`.
    static func isSemanticVersion(_ version: String) -> Bool {
        let withoutBuild = version.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let core = withoutBuild.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }
}
