import PreflightCore

/// A tag todoscan reports, and how seriously.
package struct TagRule: Sendable, Hashable, Codable {
    /// The word as written in comments (`TODO`, `FIXME`, `HACK`…).
    package var tag: String
    /// The severity of each occurrence.
    package var severity: Severity

    init(_ tag: String, severity: Severity) {
        self.tag = tag
        self.severity = severity
    }

    /// `TODO` and `FIXME` as warnings, `ERROR` as an error.
    static let defaults: [TagRule] = [
        TagRule("TODO", severity: .warning), TagRule("FIXME", severity: .warning), TagRule("ERROR", severity: .error),
    ]
}

/// How tags are recognised.
package struct TagSyntax: Sendable, Hashable {
    /// The tags to look for.
    package var rules: [TagRule] = TagRule.defaults
    /// `false` lets `todo:` match `TODO`.
    package var isCaseSensitive: Bool = true
    /// `true` accepts a tag without the colon (`TODO fix this`), as long as the word ends there.
    package var allowsMissingColon: Bool = false
}

/// One tag found in a comment.
struct TagOccurrence: Sendable, Hashable {
    /// The rule that matched (its spelling, not the source's, when matching ignores case).
    var rule: TagRule
    /// What was between the parentheses: `alice` in `TODO(alice):`, `#123` in `FIXME(#123):`.
    var reference: String?
    /// The text after the colon to the end of the line or comment, trimmed.
    var text: String
    /// 1-based line of the tag.
    var line: Int
    /// 1-based column of the tag, in UTF-8 bytes.
    var column: Int
    /// 1-based column of the tag, in UTF-16 code units (for SARIF and GitHub).
    var utf16Column: Int

    init(rule: TagRule, reference: String?, text: String, line: Int, column: Int, utf16Column: Int? = nil) {
        self.rule = rule
        self.reference = reference
        self.text = text
        self.line = line
        self.column = column
        self.utf16Column = utf16Column ?? column
    }

    /// `TODO(alice): text`, as it will be printed.
    var message: String {
        let head = rule.tag + (reference.map { "(\($0))" } ?? "")
        return text.isEmpty ? head : "\(head): \(text)"
    }
}
