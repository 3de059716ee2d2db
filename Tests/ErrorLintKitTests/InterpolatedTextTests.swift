import Testing

@testable import ErrorLintKit

/// Messages and the catalog page quote interpolated literals with each interpolation as written.
@Suite struct InterpolatedTextTests {
    static let source = #"""
        enum E: LocalizedError {
            case a(String), b(Int), c(String)
            var errorDescription: String? {
                switch self {
                case .a(let name): String(localized: "Hello \(name)")
                case .b(let count): String(localized: "\(count, specifier: "%lld") files failed")
                case .c(let path): "Cannot read \(path).\n\(error.localizedDescription)"
                }
            }
        }
        """#

    static let catalog = """
        { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
          "%lld files failed" : { "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "%@ Dateien fehlgeschlagen" } },
            "en" : { "stringUnit" : { "state" : "translated", "value" : "%lld files failed" } } } } } }
        """

    @Test func keyFindingsQuoteTheKeyAsWritten() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": Self.source, "Sources/App/Localizable.xcstrings": Self.catalog,
        ])
        #expect(
            project.lint(rule: "missing-key") == [
                "Sources/App/E.swift:5: [missing-key] key \"Hello %@\" is not in table Localizable; used by "
                    + #"errorDescription of 'E', written "Hello \(name)""#
            ])
        let mismatch = project.lint(rule: "format-mismatch")
        #expect(mismatch.count == 1)
        #expect(
            mismatch.first?.hasSuffix(
                #"; used by errorDescription of 'E', written "\(count, specifier: "%lld") files failed""#) == true,
            "\(mismatch)")
    }

    @Test func plainKeysAreNotRepeated() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": """
            enum E: LocalizedError {
                case a
                var errorDescription: String? { String(localized: "a.key") }
            }
            """,
            "Sources/App/en.lproj/Localizable.strings": "\"other\" = \"Other\";\n",
        ])
        #expect(
            project.lint(rule: "missing-key") == [
                "Sources/App/E.swift:3: [missing-key] key \"a.key\" is not in table Localizable; used by "
                    + "errorDescription of 'E'"
            ])
    }

    @Test func unlocalizedTextQuotesInterpolationsAsWritten() throws {
        let project = try TemporaryProject(files: ["Sources/App/E.swift": Self.source])
        #expect(
            project.lint(rule: "unlocalized-text") == [
                "Sources/App/E.swift:7: [unlocalized-text] errorDescription of 'E' returns text that is not "
                    + #"localized: "Cannot read \(path). \(error.localizedDescription)"; use String(localized:)"#
            ])
    }

    @Test func theCatalogPageShowsInterpolationsAsWritten() throws {
        let project = try TemporaryProject(files: ["Sources/App/E.swift": Self.source])
        let catalog = ErrorCatalog(ErrorLintAnalysis.read(project.options()))
        let texts = catalog.errors.first?.cases.map { $0.members.first?.texts[""] }
        #expect(
            texts == [
                #"Hello \(name)"#, #"\(count, specifier: "%lld") files failed"#,
                "Cannot read \\(path).\n\\(error.localizedDescription)",
            ])
    }
}
