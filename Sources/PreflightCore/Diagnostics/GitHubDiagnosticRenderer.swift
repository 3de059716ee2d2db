/// GitHub Actions workflow commands, which the runner turns into annotations on the pull request:
/// `::warning file=F,line=L,col=C,title=ruleID::message` (`::error`, `::notice` for notes).
///
/// Escaping follows the runner: in the message `%`, CR and LF become `%25`, `%0D`, `%0A`; property
/// values (file, title) also get `:` → `%3A` and `,` → `%2C`. Other control characters (an escape
/// sequence in a file's name or a tool's line) are written visibly (``VisibleText``). GitHub shows at most 10 annotations of
/// each kind per step; the rest are still in the log.
///
/// `col` counts UTF-16 code units (``SourceLocation/columnInUTF16``), as SARIF does: the runner
/// passes it on to the check run's annotation, which GitHub's pages place in lines held as
/// JavaScript (UTF-16) strings. Text output keeps the compiler's UTF-8 byte column.
package struct GitHubDiagnosticRenderer: LineDiagnosticRenderer, Hashable {
    package init() {}

    /// One workflow command for `diagnostic`.
    package func line(for diagnostic: Diagnostic) -> String {
        let location = diagnostic.location
        // Column 0: about the whole line or file, so no `col`.
        let properties =
            ["file=\(Self.escapeProperty(location.path))", "line=\(location.line)"]
            + (location.column > 0 ? ["col=\(location.columnInUTF16)"] : [])
            + ["title=\(Self.escapeProperty(diagnostic.ruleID))"]
        let command = Self.command(for: diagnostic.severity)
        return "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(diagnostic.message))"
    }

    /// The workflow command for a severity: `error`, `warning` or `notice`.
    package static func command(for severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    /// Escapes a command's message: `%` → `%25`, CR → `%0D`, LF → `%0A`, other controls visibly.
    package static func escapeData(_ text: String) -> String {
        escape(text, property: false)
    }

    /// Escapes a property value: as ``escapeData(_:)``, plus `:` → `%3A` and `,` → `%2C`.
    package static func escapeProperty(_ text: String) -> String {
        escape(text, property: true)
    }

    private static func escape(_ text: String, property: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        // Unicode scalars, not Characters: "\r\n" is one Character but two escapes.
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case ":" where property: result += "%3A"
            case "," where property: result += "%2C"
            case _ where VisibleText.needsEscaping(scalar): result += VisibleText.escaped(String(scalar))
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
