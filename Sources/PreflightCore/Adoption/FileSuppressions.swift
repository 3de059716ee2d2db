/// The suppression comments of one file, applied to the findings in it: which lines each rule is
/// disabled on, and which comments suppressed nothing.
package struct FileSuppressions: Sendable {
    /// One stretch of lines where some rules are off, and the comment that turned them off.
    private struct Region: Sendable {
        var rules: Set<String>
        var lines: ClosedRange<Int>
        var directive: SuppressionDirective
    }

    private var regions: [Region] = []
    /// Comments that are not a directive, or name rules that do not exist.
    private var problems: [(line: Int, column: Int, message: String)] = []

    /// The suppressions `parsed` describes. `knownRules`: the tool's rule ids (others are reported
    /// as unknown and suppress nothing); `nil` accepts any.
    package init(_ parsed: SuppressionComments.Parsed, tool: String, knownRules: Set<String>?) {
        problems = parsed.malformed.map { ($0.line, $0.column, $0.reason) }
        // Open `disable` regions per rule: the line they start on and their comment.
        var open: [String: (line: Int, directive: SuppressionDirective)] = [:]
        var openOrder: [String] = []
        for directive in parsed.directives {
            var rules: [String] = []
            for rule in directive.rules {
                if rule == SuppressionComments.allRules || knownRules?.contains(rule) != false {
                    rules.append(rule)
                } else {
                    problems.append(
                        (
                            directive.line, directive.column,
                            "'\(tool):\(directive.action.rawValue)' names an unknown rule '\(rule)'"
                        ))
                }
            }
            guard !rules.isEmpty else { continue }
            let line = directive.line
            switch directive.action {
            case .disableNext:
                regions.append(Region(rules: Set(rules), lines: (line + 1)...(line + 1), directive: directive))
            case .disableThis:
                regions.append(Region(rules: Set(rules), lines: line...line, directive: directive))
            case .disablePrevious:
                regions.append(
                    Region(rules: Set(rules), lines: max(1, line - 1)...max(1, line - 1), directive: directive))
            case .disable:
                for rule in rules where open[rule] == nil {
                    open[rule] = (line, directive)
                    openOrder.append(rule)
                }
            case .enable:
                for rule in rules {
                    // `enable all` closes every open region; `enable R` closes R's (and not `all`'s).
                    let closing = rule == SuppressionComments.allRules ? openOrder : [rule]
                    for name in closing {
                        guard let start = open.removeValue(forKey: name) else { continue }
                        openOrder.removeAll { $0 == name }
                        regions.append(Region(rules: [name], lines: start.line...line, directive: start.directive))
                    }
                }
            }
        }
        for rule in openOrder {
            guard let start = open[rule] else { continue }
            regions.append(Region(rules: [rule], lines: start.line...Int.max, directive: start.directive))
        }
    }

    /// `true` when the file has no directive and no problem: nothing to apply.
    var isEmpty: Bool { regions.isEmpty && problems.isEmpty }

    /// What applying the suppressions to one file's findings gave.
    struct Outcome: Sendable {
        /// The findings no comment suppressed, in their order.
        var kept: [Diagnostic]
        /// How many were suppressed.
        var suppressed: Int
        /// Warnings about the comments themselves: unused ones (nothing suppressed), unknown rules,
        /// malformed comments. Rule id ``FileSuppressions/unusedRuleID`` or ``invalidRuleID``.
        var commentFindings: [Diagnostic]
    }

    /// The rule id of the warning for a suppression comment that suppressed nothing.
    static let unusedRuleID = "unused-suppression"
    /// The rule id of the warning for a suppression comment that cannot be read or names an unknown rule.
    static let invalidRuleID = "invalid-suppression"

    /// Applies the suppressions to `diagnostics` (all in the file at `displayPath`, the path the
    /// findings of the comments are reported under).
    func apply(to diagnostics: [Diagnostic], displayPath: String, tool: String) -> Outcome {
        var application = Application(self)
        let kept = diagnostics.filter { application.keeps($0) }
        return Outcome(
            kept: kept, suppressed: application.suppressed,
            commentFindings: application.commentFindings(displayPath: displayPath, tool: tool))
    }

    /// The suppressions applied one finding at a time (a tool writing findings as it goes): which
    /// regions were used is kept, so the comments that suppressed nothing are known at the end.
    struct Application {
        private let suppressions: FileSuppressions
        private var used: [Bool]
        /// How many findings were suppressed so far.
        private(set) var suppressed = 0

        init(_ suppressions: FileSuppressions) {
            self.suppressions = suppressions
            used = Array(repeating: false, count: suppressions.regions.count)
        }

        /// Whether `diagnostic` is kept (no region of its line suppresses its rule).
        mutating func keeps(_ diagnostic: Diagnostic) -> Bool {
            let line = diagnostic.location.line
            var isSuppressed = false
            for (index, region) in suppressions.regions.enumerated()
            where region.lines.contains(line)
                && (region.rules.contains(diagnostic.ruleID) || region.rules.contains(SuppressionComments.allRules))
            {
                used[index] = true
                isSuppressed = true
            }
            if isSuppressed { suppressed += 1 }
            return !isSuppressed
        }

        /// Warnings about the comments themselves, in line order: malformed ones, and one per
        /// comment and rule that suppressed nothing (a region per rule for `disable`).
        func commentFindings(displayPath: String, tool: String) -> [Diagnostic] {
            var commentFindings: [Diagnostic] = suppressions.problems.map {
                Diagnostic(
                    location: SourceLocation(path: displayPath, line: $0.line, column: $0.column), severity: .warning,
                    message: $0.message, ruleID: FileSuppressions.invalidRuleID)
            }
            var reported = Set<String>()
            for (index, region) in suppressions.regions.enumerated() where !used[index] {
                let directive = region.directive
                let rules = directive.rules.filter { region.rules.contains($0) }
                let key = "\(directive.line):\(directive.column):\(rules)"
                guard reported.insert(key).inserted else { continue }
                let named = rules.map { "'\($0)'" }.joined(separator: ", ")
                commentFindings.append(
                    Diagnostic(
                        location: SourceLocation(path: displayPath, line: directive.line, column: directive.column),
                        severity: .warning,
                        message: "'\(tool):\(directive.action.rawValue)' of \(named) suppressed nothing; remove it",
                        ruleID: FileSuppressions.unusedRuleID,
                        fingerprint:
                            "\(FileSuppressions.unusedRuleID):\(directive.action.rawValue) \(rules.joined(separator: " "))"
                    ))
            }
            commentFindings.sort { $0.location < $1.location }
            return commentFindings
        }
    }
}
