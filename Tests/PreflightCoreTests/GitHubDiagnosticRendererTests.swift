import Testing

@testable import PreflightCore

@Suite("GitHubDiagnosticRenderer")
struct GitHubDiagnosticRendererTests {
    @Test("Golden output: one workflow command per finding, notes as ::notice")
    func golden() {
        let expected = """
            ::error file=Sources/Café.swift,line=10,col=1,title=fixme::FIXME: first line%0Asecond line%0D%0Athird — naïve ✓
            ::warning file=Sources/My App/Main.swift,line=3,col=5,title=todo::TODO: 100%25 done: a, b
            ::notice file=Sources/My App/Main.swift,line=12,col=9,title=hack::HACK: keep

            """
        #expect(GitHubDiagnosticRenderer().render(DiagnosticSamples.report) == expected)
    }

    @Test("The message escapes %, CR and LF and keeps : and ,")
    func messageEscaping() {
        #expect(GitHubDiagnosticRenderer.escapeData("100% a:b, c\r\nd\re\nf") == "100%25 a:b, c%0D%0Ad%0De%0Af")
        #expect(GitHubDiagnosticRenderer.escapeData("%25") == "%2525")
        #expect(GitHubDiagnosticRenderer.escapeData("naïve ✓") == "naïve ✓")
    }

    @Test("Other control characters are written visibly, in properties and the message")
    func controls() {
        #expect(GitHubDiagnosticRenderer.escapeData("a\u{1B}[2K\u{7}b\u{9B}") == "a\\u{1B}[2K\\u{7}b\\u{9B}")
        #expect(GitHubDiagnosticRenderer.escapeProperty("x\u{1B}:y,\u{202E}\r") == "x\\u{1B}%3Ay%2C\\u{202E}%0D")
    }

    @Test("Property values escape %, CR, LF, : and ,")
    func propertyEscaping() {
        #expect(GitHubDiagnosticRenderer.escapeProperty("100% a:b, c\r\nd\re\nf") == "100%25 a%3Ab%2C c%0D%0Ad%0De%0Af")
        #expect(GitHubDiagnosticRenderer.escapeProperty("::error") == "%3A%3Aerror")
    }

    @Test("File and title are escaped as properties, the message as data")
    func commandEscaping() {
        let diagnostic = Diagnostic(
            location: SourceLocation(path: "odd:dir,1/100%\nx.swift", line: 7, column: 3), severity: .warning,
            message: "a:b, 5%\r\n::error::injected", ruleID: "rule:one,two")
        let line = GitHubDiagnosticRenderer().line(for: diagnostic)
        #expect(
            line
                == "::warning file=odd%3Adir%2C1/100%25%0Ax.swift,line=7,col=3,title=rule%3Aone%2Ctwo"
                + "::a:b, 5%25%0D%0A::error::injected")
        #expect(!line.contains { $0.isNewline })
    }

    @Test("col counts UTF-16 code units, as SARIF does")
    func utf16Column() {
        let line = #"let s = "héllo😀"; // TODO: x"#
        let location = SourceLocation(
            path: "a.swift", line: 1, column: 26,
            utf16Column: SourceLocation.utf16Column(ofByteColumn: 26, linePrefix: Array(line.utf8)))
        let diagnostic = Diagnostic(location: location, severity: .warning, message: "TODO: x", ruleID: "todo")
        #expect(
            GitHubDiagnosticRenderer().line(for: diagnostic)
                == "::warning file=a.swift,line=1,col=23,title=todo::TODO: x")
        // Without a UTF-16 column (a producer that had no line text), the byte column is passed on.
        var unknown = diagnostic
        unknown.location.utf16Column = nil
        #expect(GitHubDiagnosticRenderer().line(for: unknown).contains(",col=26,"))
    }

    @Test("Severities map to error, warning and notice")
    func commands() {
        #expect(GitHubDiagnosticRenderer.command(for: .error) == "error")
        #expect(GitHubDiagnosticRenderer.command(for: .warning) == "warning")
        #expect(GitHubDiagnosticRenderer.command(for: .note) == "notice")
    }

    @Test("No findings, no output")
    func empty() {
        #expect(GitHubDiagnosticRenderer().render(DiagnosticSamples.empty) == "")
    }
}
