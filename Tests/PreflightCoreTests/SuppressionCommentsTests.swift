import Foundation
import Testing

@testable import PreflightCore

@Suite("Suppression comments")
struct SuppressionCommentsTests {
    private func comment(_ text: String, line: Int, column: Int = 1) -> SourceComment {
        SourceComment(text: text, line: line, column: column)
    }

    private func finding(_ rule: String, line: Int, path: String = "A.swift") -> Diagnostic {
        Diagnostic(
            location: SourceLocation(path: path, line: line, column: 5), severity: .warning,
            message: "\(rule) at \(line)", ruleID: rule)
    }

    @Test("Every action, several rules (spaces or commas), 'all', a reason after ' - ', doc comments")
    func parsesDirectives() {
        let parsed = SuppressionComments.parse(
            [
                comment(" errorlint:disable:next missing-member - the type is internal", line: 1),
                comment(" errorlint:disable missing-key, untranslated", line: 3),
                comment(" errorlint:enable missing-key untranslated", line: 9),
                comment("/ errorlint:disable:this all", line: 12, column: 20),
                comment(" errorlint:disable:previous uncovered-case ", line: 14),
                comment(" todoscan:disable todo", line: 15),
                comment(" just a comment about errorlint:disable", line: 16),
            ], tool: "errorlint")
        #expect(
            parsed.directives == [
                SuppressionDirective(action: .disableNext, rules: ["missing-member"], line: 1, column: 1),
                SuppressionDirective(action: .disable, rules: ["missing-key", "untranslated"], line: 3, column: 1),
                SuppressionDirective(action: .enable, rules: ["missing-key", "untranslated"], line: 9, column: 1),
                SuppressionDirective(action: .disableThis, rules: ["all"], line: 12, column: 20),
                SuppressionDirective(action: .disablePrevious, rules: ["uncovered-case"], line: 14, column: 1),
            ])
        #expect(parsed.malformed.isEmpty)
    }

    @Test("A misspelt action or no rule is reported, not ignored")
    func malformed() {
        let parsed = SuppressionComments.parse(
            [comment(" errorlint:disable:nxt missing-key", line: 2), comment(" errorlint:disable", line: 4)],
            tool: "errorlint")
        #expect(parsed.directives.isEmpty)
        #expect(parsed.malformed.map(\.line) == [2, 4])
        #expect(parsed.malformed[0].reason.contains("'errorlint:disable:nxt' is not a suppression comment"))
        #expect(parsed.malformed[1].reason.contains("names no rule"))
    }

    @Test("disable:next, disable:this, disable:previous cover one line each; unused ones are warned about")
    func singleLines() {
        let parsed = SuppressionComments.parse(
            [
                comment(" errorlint:disable:next missing-member", line: 2),
                comment(" errorlint:disable:this missing-key", line: 5),
                comment(" errorlint:disable:previous uncovered-case", line: 8),
                comment(" errorlint:disable:next untranslated", line: 10),
            ], tool: "errorlint")
        let suppressions = FileSuppressions(parsed, tool: "errorlint", knownRules: nil)
        let outcome = suppressions.apply(
            to: [
                finding("missing-member", line: 3), finding("missing-member", line: 4), finding("missing-key", line: 5),
                finding("uncovered-case", line: 7), finding("untranslated", line: 12),
            ], displayPath: "A.swift", tool: "errorlint")
        #expect(outcome.kept == [finding("missing-member", line: 4), finding("untranslated", line: 12)])
        #expect(outcome.suppressed == 3)
        #expect(outcome.commentFindings.count == 1)
        let unused = outcome.commentFindings[0]
        #expect(unused.location == SourceLocation(path: "A.swift", line: 10, column: 1))
        #expect(unused.ruleID == FileSuppressions.unusedRuleID)
        #expect(unused.severity == .warning)
        #expect(unused.message == "'errorlint:disable:next' of 'untranslated' suppressed nothing; remove it")
    }

    @Test("disable … enable covers the lines between; without enable, to the end of the file; 'all' covers every rule")
    func regions() {
        let parsed = SuppressionComments.parse(
            [
                comment(" todoscan:disable todo fixme", line: 2),
                comment(" todoscan:enable todo", line: 6),
                comment(" todoscan:disable all", line: 20),
                comment(" todoscan:enable all", line: 22),
                comment(" todoscan:disable error", line: 25),
            ], tool: "todoscan")
        let suppressions = FileSuppressions(parsed, tool: "todoscan", knownRules: ["todo", "fixme", "error"])
        let outcome = suppressions.apply(
            to: [
                finding("todo", line: 1), finding("todo", line: 4), finding("todo", line: 7),
                finding("fixme", line: 10),
                finding("error", line: 21), finding("error", line: 40),
            ], displayPath: "A.swift", tool: "todoscan")
        // `enable all` ends every open region, fixme's from line 2 too.
        #expect(outcome.kept == [finding("todo", line: 1), finding("todo", line: 7)])
        #expect(outcome.suppressed == 4)
        #expect(outcome.commentFindings.isEmpty)
    }

    @Test("A rule the tool does not know is a warning and suppresses nothing")
    func unknownRule() {
        let parsed = SuppressionComments.parse(
            [comment(" errorlint:disable:next missing-kye", line: 1)], tool: "errorlint")
        let suppressions = FileSuppressions(parsed, tool: "errorlint", knownRules: ["missing-key"])
        let outcome = suppressions.apply(
            to: [finding("missing-key", line: 2)], displayPath: "A.swift", tool: "errorlint")
        #expect(outcome.kept == [finding("missing-key", line: 2)])
        #expect(outcome.commentFindings.map(\.ruleID) == [FileSuppressions.invalidRuleID])
        #expect(outcome.commentFindings[0].message.contains("unknown rule 'missing-kye'"))
    }

    @Test("GradualAdoption: suppressions, then the baseline; the summary counts both")
    func pipeline() throws {
        let root = NSTemporaryDirectory() + "adoption-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let parsed = SuppressionComments.parse([comment(" errorlint:disable:next rule-a", line: 1)], tool: "errorlint")
        let suppressions = [root + "/A.swift": FileSuppressions(parsed, tool: "errorlint", knownRules: nil)]
        let findings = [finding("rule-a", line: 2), finding("rule-b", line: 3), finding("rule-b", line: 9)]
        let display = PathDisplay(absolute: false, relativeTo: root)
        let written = try GradualAdoption.apply(
            Array(findings.prefix(2)), settings: AdoptionSettings(writeBaselinePath: "baseline.json"),
            suppressions: suppressions, tool: "errorlint", root: root, display: display)
        #expect(written.wroteBaseline?.count == 1)
        let outcome = try GradualAdoption.apply(
            findings, settings: AdoptionSettings(baselinePath: "baseline.json"), suppressions: suppressions,
            tool: "errorlint", root: root, display: display)
        #expect(outcome.diagnostics == [finding("rule-b", line: 9)])
        #expect(outcome.suppressedInline == 1)
        #expect(outcome.acceptedByBaseline == 1)
        #expect(
            AdoptionSummary.line(
                DiagnosticSummary(diagnostics: outcome.diagnostics, filesScanned: 1),
                acceptedByBaseline: outcome.acceptedByBaseline, suppressed: outcome.suppressedInline)
                == "1 warning in 1 file (1 more accepted by the baseline, 1 suppressed by comments)")
    }
}
