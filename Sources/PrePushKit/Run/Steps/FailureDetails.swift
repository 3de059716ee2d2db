import PreflightCore

/// What a failed step shows right above the verdict, read from what it already gave: each failing
/// test (its name, `file:line` and message, from the test results the step read), each new finding
/// of a scanner, each compiler error of a build (`file:line:col: error: …`), else the end of the
/// step's output. At most ``shown`` of each, then a count of the rest.
enum FailureDetails {
    /// How many failures of one step are listed.
    static let shown = 10
    /// How many of a step's last lines stand in when nothing more exact was read.
    static let tailLines = 15

    /// The lines for `outcome`, a failed step; `[]` when it gave nothing to show.
    static func lines(for outcome: StepOutcome) -> [String] {
        let failedTests = (outcome.testResults ?? []).filter { $0.status == .failed }
        if !failedTests.isEmpty {
            let lines = failedTests.map { test in
                let issue = test.failures.first.map { ": " + $0.text } ?? ""
                let more = test.failures.count > 1 ? " (and \(test.failures.count - 1) more issues)" : ""
                return test.identifier + issue + more
            }
            return limited(lines, noun: "failing tests")
        }
        let findings = outcome.newFindings.filter { $0.severity == .error }
        if !findings.isEmpty {
            return limited(findings.map(TextDiagnosticRenderer().line(for:)), noun: "new findings")
        }
        return outcome.details
    }

    /// What a failed command's last lines (standard output's, then standard error's) show: its
    /// compiler errors when it printed any, else its last ``tailLines`` lines.
    static func ofCommand(output: [String], errors: [String]) -> [String] {
        var seen: Set<String> = []
        let compilerErrors = (output + errors).filter { line in
            isCompilerError(line) && seen.insert(line).inserted
        }
        if !compilerErrors.isEmpty { return limited(compilerErrors, noun: "compiler errors") }
        let lines = (output + errors).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return Array(lines.suffix(tailLines))
    }

    /// A failed command's figure when it printed compiler errors: `1 compiler error`, `3 compiler
    /// errors` (each distinct line once); `nil` when it printed none.
    static func compilerErrorsFigure(output: [String], errors: [String]) -> String? {
        let count = Set((output + errors).filter(isCompilerError)).count
        return count == 0 ? nil : "\(count) compiler error\(count == 1 ? "" : "s")"
    }

    /// `path:line:col: error: message`, as swiftc and clang print one.
    static func isCompilerError(_ line: String) -> Bool {
        guard let range = line.range(of: ": error: ") else { return false }
        let location = line[..<range.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
        guard location.count >= 3 else { return false }
        return location.suffix(2).allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }

    /// The first ``shown`` of `lines`, then `… and N more <noun>` for the rest.
    static func limited(_ lines: [String], noun: String) -> [String] {
        guard lines.count > shown else { return lines }
        return Array(lines.prefix(shown)) + ["… and \(lines.count - shown) more \(noun)"]
    }
}
