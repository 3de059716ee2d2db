/// Compiler-style lines, the format Xcode, SwiftPM and editors turn into issues:
/// `path:line:column: severity: message`, optionally followed by ` [ruleID]`.
///
/// The severity word is exactly `error`, `warning` or `note`. A line break inside the path or the
/// message (`\n`, `\r\n`, `\r` and the other Unicode line separators) is printed as a space, so
/// each finding stays on one line and is read as one issue; other control characters (an escape
/// sequence in a file's name or a comment) are written visibly (``VisibleText``).
package struct TextDiagnosticRenderer: LineDiagnosticRenderer, Hashable {
    /// Whether each line ends with ` [ruleID]` (errorlint does this; todoscan does not).
    var showsRuleID: Bool

    /// - Parameter showsRuleID: append ` [ruleID]` to each line.
    package init(showsRuleID: Bool = false) {
        self.showsRuleID = showsRuleID
    }

    /// `path:line:column: severity: message[ [ruleID]]`; `path:line: …` for a finding about a
    /// whole line or file (column 0).
    package func line(for diagnostic: Diagnostic) -> String {
        let location = diagnostic.location
        let column = location.column > 0 ? ":\(location.column)" : ""
        var text = "\(Self.singleLine(location.path)):\(location.line)\(column): "
        text += "\(diagnostic.severity.rawValue): \(Self.singleLine(diagnostic.message))"
        if showsRuleID {
            text += " [\(Self.singleLine(diagnostic.ruleID))]"
        }
        return VisibleText.escaped(text)
    }

    /// `text` with every line break replaced by one space.
    static func singleLine(_ text: String) -> String {
        // Every line break starts with one of these bytes (U+0085 with 0xC2, U+2028 and U+2029
        // with 0xE2): most texts are passed over without decoding a Character.
        let mayBreak = text.utf8.contains { (0x0A...0x0D).contains($0) || $0 == 0xC2 || $0 == 0xE2 }
        guard mayBreak, text.contains(where: \.isNewline) else { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }
}
