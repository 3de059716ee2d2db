import Testing

@testable import ErrorLintKit

@Suite struct DuplicateKeyRuleTests {
    @Test func secondDefinitionIsReportedAtItsLine() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/en.lproj/Localizable.strings": """
            /* Login */
            "login.expired" = "Your session expired.";
            "login.locked" = "Locked.";
            "login.expired" = "Session expired.";
            """
        ])
        let findings = project.lint(rule: "duplicate-key")
        #expect(findings.count == 1)
        #expect(findings.first?.hasPrefix("Sources/App/en.lproj/Localizable.strings:4:") == true)
    }

    @Test func sameKeyInTwoLanguagesIsNoDuplicate() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/en.lproj/Localizable.strings": "\"k\" = \"K\";\n",
            "Sources/App/de.lproj/Localizable.strings": "\"k\" = \"K\";\n",
        ])
        #expect(project.lint(rule: "duplicate-key").isEmpty)
    }
}
