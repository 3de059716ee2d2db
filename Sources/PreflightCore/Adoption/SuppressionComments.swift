/// A comment of a source file, as a language's own lexer found it: its text without the opening
/// `//` or `/*` (and a block comment's closing `*/`), and the 1-based line and column of its
/// opening delimiter. The suppression parser reads only these, so it never mistakes a string
/// literal for a comment.
package struct SourceComment: Sendable, Hashable {
    var text: String
    var line: Int
    var column: Int

    package init(text: String, line: Int, column: Int) {
        self.text = text
        self.line = line
        self.column = column
    }
}

/// One suppression comment: `// TOOL:disable RULE…`, `// TOOL:enable RULE…`, or
/// `// TOOL:disable:next|this|previous RULE…`, as SwiftLint spells them. Rules are separated by
/// spaces or commas; `all` stands for every rule; text after ` - ` is a reason and is ignored.
package struct SuppressionDirective: Sendable, Hashable {
    enum Action: String, Sendable, Hashable {
        /// From this line on, until a matching `enable` or the end of the file.
        case disable
        /// Ends an earlier `disable` of the same rules.
        case enable
        /// The line after the comment.
        case disableNext = "disable:next"
        /// The comment's own line.
        case disableThis = "disable:this"
        /// The line before the comment.
        case disablePrevious = "disable:previous"
    }

    var action: Action
    /// Rule ids as written (`all` included).
    var rules: [String]
    /// Where the comment starts.
    var line: Int
    var column: Int
}

/// Reads suppression comments for one tool (`errorlint:`, `todoscan:`): the one parser every
/// Preflight scanner uses.
package enum SuppressionComments {
    /// The word that stands for every rule.
    static let allRules = "all"

    /// What parsing the comments of one file gave: the directives, and comments that start with the
    /// tool's prefix but are not a directive (a misspelt action, no rule), each with the reason.
    package struct Parsed: Sendable, Hashable {
        package var directives: [SuppressionDirective] = []
        package var malformed: [(line: Int, column: Int, reason: String)] = []

        package static func == (lhs: Parsed, rhs: Parsed) -> Bool {
            lhs.directives == rhs.directives
                && lhs.malformed.map { "\($0.line):\($0.column):\($0.reason)" }
                    == rhs.malformed.map { "\($0.line):\($0.column):\($0.reason)" }
        }

        package func hash(into hasher: inout Hasher) { hasher.combine(directives) }
    }

    /// Whether `text` (a whole file) may hold a directive for `tool`: a cheap test before lexing.
    package static func mayContain(_ text: some StringProtocol, tool: String) -> Bool {
        text.contains("\(tool):disable") || text.contains("\(tool):enable")
    }

    /// The directives for `tool` among `comments`. A comment is a directive when its text, leading
    /// spaces (and a doc comment's extra `/` or `*`) aside, starts with `TOOL:disable` or
    /// `TOOL:enable`.
    package static func parse(_ comments: [SourceComment], tool: String) -> Parsed {
        var parsed = Parsed()
        let prefix = "\(tool):"
        for comment in comments {
            var text = Substring(comment.text)
            while let first = text.first, first == " " || first == "\t" || first == "/" || first == "*" || first == "!"
            {
                text = text.dropFirst()
            }
            guard text.hasPrefix(prefix) else { continue }
            text = text.dropFirst(prefix.count)
            // The command is what comes before the first space; a block comment may end with `*/`'s rest.
            let command = text.prefix { $0 != " " && $0 != "\t" && $0 != "\n" }
            guard command.hasPrefix("disable") || command.hasPrefix("enable") else { continue }
            guard let action = SuppressionDirective.Action(rawValue: String(command)) else {
                parsed.malformed.append(
                    (
                        comment.line, comment.column,
                        "'\(prefix)\(command)' is not a suppression comment; write \(prefix)disable, \(prefix)enable, "
                            + "\(prefix)disable:next, \(prefix)disable:this or \(prefix)disable:previous"
                    ))
                continue
            }
            var rest = text.dropFirst(command.count)
            // ` - reason` ends the rule list (SwiftLint's form); so does the end of the line.
            if let newline = rest.firstIndex(of: "\n") { rest = rest[..<newline] }
            if let reason = rest.range(of: " - ") { rest = rest[..<reason.lowerBound] }
            let rules = rest.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
            guard !rules.isEmpty else {
                parsed.malformed.append(
                    (
                        comment.line, comment.column,
                        "'\(prefix)\(command)' names no rule; name the rules, or 'all' for every rule"
                    ))
                continue
            }
            parsed.directives.append(
                SuppressionDirective(action: action, rules: rules, line: comment.line, column: comment.column))
        }
        return parsed
    }
}
