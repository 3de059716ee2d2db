import PreflightCore

/// Team rules about how tags are written. Each is off unless asked for.
package struct TagPolicies: Sendable, Hashable {
    /// Every tag names an owner: `TODO(alice): …`. Rule `missing-owner`.
    package var requiresOwner = false
    /// Every tag points at an issue: `#123`, `ABC-123` or a URL, in the parentheses or the text.
    /// Rule `missing-issue`.
    package var requiresIssueReference = false
    /// A date in the tag (`TODO(2026-12-31): …` or `TODO: [2026-12-31] …`, also `[12/31/2026]`)
    /// is a deadline: past it the tag is an error (`expired`), within ``expiryWarningDays`` a
    /// warning (`expiring`).
    package var checksExpiry = false
    /// How many days before its date a tag starts to warn.
    package var expiryWarningDays = 14
    /// The policies' severity for a missing owner or issue.
    package var severity = Severity.warning

    init() {}

    /// Whether any policy is on.
    var isActive: Bool { requiresOwner || requiresIssueReference || checksExpiry }
}

/// What the policies make of one tag.
struct PolicyVerdict {
    /// The tag's own severity after its deadline is taken into account.
    var severity: Severity
    /// A note for the tag's message (`expired on 2026-12-31`), if any.
    var deadlineNote: String?
    /// Extra findings: missing owner, missing issue.
    var violations: [(ruleID: String, message: String)] = []
}

extension TagPolicies {
    func judge(_ occurrence: TagOccurrence, today: @autoclosure () -> CalendarDay) -> PolicyVerdict {
        var verdict = PolicyVerdict(severity: occurrence.rule.severity)
        guard isActive else { return verdict }  // reading the reference is the costly part
        let reference = TagReference(occurrence)
        if requiresOwner && reference.owner == nil {
            verdict.violations.append(
                ("missing-owner", "\(occurrence.rule.tag) has no owner; write \(occurrence.rule.tag)(name): …"))
        }
        if requiresIssueReference && !reference.hasIssue {
            verdict.violations.append(
                ("missing-issue", "\(occurrence.rule.tag) has no issue reference (#123, ABC-123 or a URL)"))
        }
        if checksExpiry, let deadline = reference.deadline {
            let remaining = today().days(until: deadline)
            if remaining < 0 {
                verdict.severity = .error
                verdict.deadlineNote = "expired on \(deadline)"
            } else if remaining <= expiryWarningDays {
                verdict.severity = max(verdict.severity, .warning)
                verdict.deadlineNote =
                    remaining == 0
                    ? "expires today" : "expires on \(deadline), in \(remaining) day\(remaining == 1 ? "" : "s")"
            }
        }
        return verdict
    }
}

/// What a tag's parentheses and text say about owner, issue and deadline.
struct TagReference {
    var owner: String?
    var hasIssue = false
    var deadline: CalendarDay?

    init(_ occurrence: TagOccurrence) {
        let parts = (occurrence.reference ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        for part in parts {
            if let day = CalendarDay(parsing: part) {
                deadline = day
            } else if Self.isIssue(part) {
                hasIssue = true
            } else if owner == nil, !part.isEmpty {
                owner = part
            }
        }
        let text = occurrence.text
        if deadline == nil, text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            deadline = CalendarDay(parsing: text[text.index(after: text.startIndex)..<close])
        }
        if !hasIssue {
            hasIssue = text.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ")" || $0 == "," }).contains {
                Self.isIssue(String($0))
            }
        }
    }

    /// `#123`, `ABC-123`, `https://…` (trailing punctuation ignored).
    static func isIssue(_ word: String) -> Bool {
        var word = Substring(word)
        while let last = word.last, ".;:".contains(last) { word = word.dropLast() }
        if word.hasPrefix("http://") || word.hasPrefix("https://") { return word.count > 8 }
        if word.hasPrefix("#") { return word.count > 1 && word.dropFirst().allSatisfy(\.isASCIIDigit) }
        let pieces = word.split(separator: "-", omittingEmptySubsequences: false)
        guard pieces.count == 2, let project = pieces.first, let number = pieces.last else { return false }
        return project.count >= 2 && project.first!.isASCIIUppercase
            && project.allSatisfy({ $0.isASCIIUppercase || $0.isASCIIDigit }) && !number.isEmpty
            && number.allSatisfy(\.isASCIIDigit)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isASCIIUppercase: Bool { isASCII && isUppercase }
}
