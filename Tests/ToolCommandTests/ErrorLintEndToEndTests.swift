import Foundation
import ProcessKit
import Testing

/// The built `errorlint` on a small project with sources and catalogs, and on Preflight itself.
@Suite("errorlint end to end")
struct ErrorLintEndToEndTests {
    private static let errorlint = ToolCommandTests.productsDirectory + "/errorlint"

    private func makeProject(_ files: [String: String]) throws -> String {
        let root = NSTemporaryDirectory() + "errorlint-e2e-" + UUID().uuidString
        for (path, contents) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    static let project: [String: String] = [
        "Sources/App/LoginError.swift": """
        import Foundation

        enum LoginError: LocalizedError {
            case expired, locked
            var errorDescription: String? {
                switch self {
                case .expired: String(localized: "login.expired")
                case .locked: "Your account is locked."
                }
            }
            var failureReason: String? { nil }
        }
        """,
        "Sources/App/Resources/Localizable.xcstrings": """
        { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
            "login.expired" : { "localizations" : {
              "en" : { "stringUnit" : { "state" : "translated", "value" : "Your session expired." } } } } } }
        """,
        "Sources/App/Resources/de.lproj/Other.strings": "\"unrelated\" = \"Nichts\";\n",
    ]

    @Test("Findings in compiler style with rule ids; exit 1 on errors; json and github formats")
    func findingsAndExitStatus() async throws {
        let root = try makeProject(Self.project)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try await Command(Self.errorlint, workingDirectory: root).run()
        #expect(result.termination == .exited(1))
        let lines = result.outputText.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "Sources/App/LoginError.swift:8:23: warning: errorDescription of 'LoginError' returns text that is "
                    + "not localized: \"Your account is locked.\"; use String(localized:) [unlocalized-text]"))
        #expect(
            lines.contains(
                "Sources/App/Resources/Localizable.xcstrings:2:5: error: key \"login.expired\" has no de value (in "
                    + "Localizable.xcstrings); used by errorDescription of 'LoginError' [missing-key]"))
        #expect(lines.contains { $0.contains("[uncovered-case]") && $0.contains("failureReason") })
        #expect(lines.contains { $0.contains("does not implement recoverySuggestion [missing-member]") })
        #expect(result.errorText.contains("1 LocalizedError type;"))

        let github = try await Command(Self.errorlint, ["--format", "github", "-q"], workingDirectory: root).run()
        #expect(github.outputText.contains("::error file=Sources/App/Resources/Localizable.xcstrings,line=2"))
        #expect(github.errorText.isEmpty)

        let quietRules = try await Command(
            Self.errorlint, ["--rule", "missing-key=off", "--require", "none", "-q"], workingDirectory: root
        ).run()
        #expect(quietRules.termination == .exited(0))
    }

    @Test("A broken catalog is reported with file and line, exit 2, and the rest is still checked")
    func brokenCatalog() async throws {
        var files = Self.project
        files["Sources/App/Resources/fr.lproj/Localizable.strings"] = "\"login.expired\" = \"Session expirée\"\n"
        let root = try makeProject(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try await Command(Self.errorlint, ["--rule", "missing-key=warning"], workingDirectory: root).run()
        #expect(result.termination == .exited(2))
        #expect(result.errorText.contains("Sources/App/Resources/fr.lproj/Localizable.strings:"))
        #expect(result.outputText.contains("[unlocalized-text]"))
    }

    @Test("Nesting errorlint cannot parse in bounds is an error naming the file; the rest is still checked")
    func hostileNesting() async throws {
        let marker = "Localized" + "Error"
        let root = try makeProject([
            "Bad.swift": "import Foundation\nenum E: \(marker) { case a }\n",
            // Deeper than the prefilter lets through: once a crash (SIGSEGV) on a worker's stack.
            "Deep.swift": "// \(marker)\nlet x: " + String(repeating: "A<", count: 1500) + "Int"
                + String(repeating: ">", count: 1500) + "\n",
            // Within the prefilter, but swift-syntax's parse is exponential here: the time limit.
            "Arrays.swift": "// \(marker)\nlet y: " + String(repeating: "[", count: 30) + "Int"
                + String(repeating: "]", count: 30) + " = []\n",
            // A deep but bounded nesting parses on the large stack.
            "Fine.swift": "// \(marker)\nlet z: " + String(repeating: "A<", count: 400) + "Int"
                + String(repeating: ">", count: 400) + "\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        var command = Command(Self.errorlint, ["--parse-time-limit", "2", "-q", "."], workingDirectory: root)
        command.timeout = .seconds(600)
        let result = try await command.run()
        #expect(result.termination == .exited(2), "\(result.errorText)")
        #expect(result.errorText.contains("Deep.swift: Line 2 nests"), "\(result.errorText)")
        #expect(result.errorText.contains("Arrays.swift: Parsing took longer than 2 seconds"), "\(result.errorText)")
        #expect(!result.errorText.contains("Fine.swift"), "\(result.errorText)")
        #expect(result.outputText.contains("Bad.swift:2:6: error:"), "\(result.outputText)")
    }

    @Test("errorlint catalog prints every error, case and member per language")
    func catalogPage() async throws {
        let root = try makeProject(Self.project)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try await Command(Self.errorlint, ["catalog"], workingDirectory: root).run()
        #expect(result.termination == .exited(0))
        #expect(result.outputText.contains("## LoginError"))
        #expect(
            result.outputText.contains(
                "| .expired | errorDescription | `login.expired` | **missing** | Your session expired. |"))
        let json = try await Command(Self.errorlint, ["catalog", "--format", "json"], workingDirectory: root).run()
        let document = try JSONSerialization.jsonObject(with: Data(json.outputText.utf8)) as? [String: Any]
        #expect((document?["languages"] as? [String]) == ["de", "en"])
    }

    @Test("Preflight's own sources are errorlint-clean")
    func ownSourcesAreClean() async throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let result = try await Command(Self.errorlint, ["Sources"], workingDirectory: repository).run()
        #expect(result.outputText == "")
        #expect(result.termination == .exited(0))
    }
}
