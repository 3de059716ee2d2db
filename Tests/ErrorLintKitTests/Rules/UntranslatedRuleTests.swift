import Testing

@testable import ErrorLintKit

@Suite struct UntranslatedRuleTests {
    static func project(extractionState: String, englishState: String, germanState: String) throws -> TemporaryProject {
        try TemporaryProject(files: [
            "Sources/App/E.swift": """
            struct E: LocalizedError { var errorDescription: String? { String(localized: "e.key", defaultValue: "E") } }
            """,
            "Sources/App/Localizable.xcstrings": """
            { "sourceLanguage" : "en", "version" : "1.0", "strings" : { "e.key" : {
                "extractionState" : "\(extractionState)",
                "localizations" : {
                  "en" : { "stringUnit" : { "state" : "\(englishState)", "value" : "E" } },
                  "de" : { "stringUnit" : { "state" : "\(germanState)", "value" : "E auf Deutsch" } } } } } }
            """,
        ])
    }

    @Test func newSourceUnitOfAnExtractedWithValueKeyIsNormal() throws {
        let project = try Self.project(
            extractionState: "extracted_with_value", englishState: "new", germanState: "translated")
        #expect(project.lint(rule: "untranslated").isEmpty)
    }

    @Test func needsReviewAndStaleAreReported() throws {
        let review = try Self.project(
            extractionState: "manual", englishState: "translated", germanState: "needs_review")
        #expect(review.lint(rule: "untranslated").count == 1)
        let stale = try Self.project(extractionState: "stale", englishState: "translated", germanState: "translated")
        #expect(!stale.lint(rule: "untranslated").isEmpty)
    }
}
