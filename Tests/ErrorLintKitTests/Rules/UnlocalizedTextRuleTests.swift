import Foundation
import Testing

@testable import ErrorLintKit
@testable import ErrorLintSettings
@testable import PreflightCore

@Suite struct UnlocalizedTextRuleTests {
    static let source = """
        enum E: LocalizedError {
            case a, b(String), c(String)
            var errorDescription: String? {
                switch self {
                case .a: "Plain text"
                case .b(let name): "Missing \\(name)"
                case .c(let detail): "\\(detail)"
                }
            }
        }
        """

    static let findings = [
        "Sources/App/E.swift:5: [unlocalized-text] errorDescription of 'E' returns text that is not "
            + "localized: \"Plain text\"; use String(localized:)",
        "Sources/App/E.swift:6: [unlocalized-text] errorDescription of 'E' returns text that is not "
            + "localized: \"Missing \\(name)\"; use String(localized:)",
    ]

    /// The note of a run without catalogs when the rule is off for that reason.
    static let offNote =
        "errorlint: note: no string catalog (.xcstrings, .strings, .stringsdict) found, so the package is taken "
        + "as not localized: keys are not checked and unlocalized-text is off (name catalogs with --catalog, or "
        + "turn it on with --rule unlocalized-text=warning)"

    /// The note of a run without catalogs when a setting names the rule.
    static let plainNote =
        "errorlint: note: no string catalog (.xcstrings, .strings, .stringsdict) found; keys are not checked "
        + "(name catalogs with --catalog)"

    private func unlocalizedText(_ findings: [String]) -> [String] {
        findings.filter { $0.contains("[unlocalized-text]") }
    }

    private func notes(_ errors: [String]) -> [String] {
        errors.filter { $0.hasPrefix("errorlint: note:") }
    }

    @Test func literalsAndInterpolationsWithWords() throws {
        let project = try TemporaryProject(files: ["Sources/App/E.swift": Self.source])
        #expect(project.lint(rule: "unlocalized-text") == Self.findings)
    }

    @Test func interpolationsAreQuotedAsWritten() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": ##"""
            struct E: LocalizedError {
                var command: String
                var code: Int32
                var errorDescription: String? {
                    "'\(command)' invocation failed with a nonzero exit code: \(code)."
                }
                var failureReason: String? { "Because \( command.uppercased() ) said \(code, radix: 16)" }
                var recoverySuggestion: String? { #"Run "\#(command)" again"# }
            }
            """##
        ])
        #expect(
            project.lint(rule: "unlocalized-text") == [
                "Sources/App/E.swift:5: [unlocalized-text] errorDescription of 'E' returns text that is not "
                    + #"localized: "'\(command)' invocation failed with a nonzero exit code: \(code)."; use "#
                    + "String(localized:)",
                "Sources/App/E.swift:7: [unlocalized-text] failureReason of 'E' returns text that is not "
                    + #"localized: "Because \( command.uppercased() ) said \(code, radix: 16)"; use "#
                    + "String(localized:)",
                "Sources/App/E.swift:8: [unlocalized-text] recoverySuggestion of 'E' returns text that is not "
                    + ##"localized: "Run "\#(command)" again"; use String(localized:)"##,
            ])
    }

    @Test func localizedFormatsAreNotReported() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": """
            struct E: LocalizedError {
                var count: Int
                var errorDescription: String? {
                    String(format: NSLocalizedString("%lld files failed", comment: ""), count)
                }
            }
            """
        ])
        #expect(project.lint(rule: "unlocalized-text").isEmpty)
    }

    @Test func offWithoutCatalogsAndSaidInTheOneNote() throws {
        let project = try TemporaryProject(files: ["Sources/App/E.swift": Self.source])
        #expect(unlocalizedText(project.lint()).isEmpty)
        let run = project.run()
        #expect(!run.output.contains("[unlocalized-text]"))
        #expect(notes(run.errors) == [Self.offNote])
        #expect(project.run { $0.isQuiet = true }.errors.isEmpty)
    }

    @Test func theRuleFlagTurnsItBackOn() throws {
        let project = try TemporaryProject(files: ["Sources/App/E.swift": Self.source])
        var flags = ErrorLintOptions()
        try flags.setRule(argument: "unlocalized-text=warning")
        let settings = flags.ruleSettings
        #expect(unlocalizedText(project.lint { $0.ruleSettings = settings }) == Self.findings)
        #expect(notes(project.run { $0.ruleSettings = settings }.errors) == [Self.plainNote])
    }

    @Test func theConfigurationTurnsItBackOn() throws {
        let project = try TemporaryProject(files: ["Sources/App/E.swift": Self.source])
        let file = try ConfigurationFile(
            data: Data(#"{ "errorlint": { "rules": { "unlocalized-text": "note" } } }"#.utf8),
            path: project.root + "/.preflight.json")
        var configured = ErrorLintOptions()
        try configured.apply(file.section("errorlint"))
        let settings = configured.ruleSettings
        #expect(unlocalizedText(project.lint { $0.ruleSettings = settings }) == Self.findings)
        #expect(notes(project.run { $0.ruleSettings = settings }.errors) == [Self.plainNote])
        // Set off explicitly: off, and the note does not claim errorlint turned it off.
        #expect(notes(project.run { $0.ruleSettings["unlocalized-text"] = .off }.errors) == [Self.plainNote])
    }

    @Test func aPackageWithACatalogKeepsIt() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": Self.source,
            "Sources/App/en.lproj/Localizable.strings": "\"unrelated\" = \"Unrelated\";\n",
        ])
        #expect(unlocalizedText(project.lint()) == Self.findings)
        #expect(notes(project.run().errors).isEmpty)
    }

    @Test func aCatalogGivenWithTheCatalogOptionKeepsIt() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": Self.source,
            "Resources/Localizable.xcstrings": #"{ "sourceLanguage" : "en", "version" : "1.0", "strings" : {} }"#,
        ])
        let scanSources: (inout ErrorLintOptions) -> Void = { options in
            options.paths = [project.root + "/Sources"]
            options.catalogPaths = [project.root + "/Resources"]
        }
        #expect(unlocalizedText(project.lint(scanSources)) == Self.findings)
        #expect(notes(project.run(scanSources).errors).isEmpty)
    }
}
