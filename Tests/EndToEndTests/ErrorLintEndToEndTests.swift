import Foundation
import ProcessKit
import TestSupport
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
        // Only errorDescription is required by default: no member is missing, and the optional
        // failureReason may give nil for some cases.
        #expect(!lines.contains { $0.contains("[missing-member]") || $0.contains("[uncovered-case]") })
        #expect(result.errorText.contains("1 LocalizedError type;"))

        let required = try await Command(
            Self.errorlint, ["--require", "failureReason,recoverySuggestion"], workingDirectory: root
        ).run()
        let requiredLines = required.outputText.split(separator: "\n").map(String.init)
        #expect(requiredLines.contains { $0.contains("[uncovered-case]") && $0.contains("failureReason") })
        #expect(requiredLines.contains { $0.contains("does not implement recoverySuggestion [missing-member]") })

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
        // 10 s: Arrays.swift never finishes (30 levels), and Fine.swift's parse, well under a second
        // on a quiet machine, took over 2 s with the machine's load average at 18.
        var command = Command(Self.errorlint, ["--parse-time-limit", "10", "-q", "."], workingDirectory: root)
        command.timeout = .seconds(600)
        let result = try await command.run()
        #expect(result.termination == .exited(2), "\(result.errorText)")
        #expect(result.errorText.contains("Deep.swift: Line 2 nests"), "\(result.errorText)")
        #expect(result.errorText.contains("Arrays.swift: Parsing took longer than 10 seconds"), "\(result.errorText)")
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

    /// An app's repository (real git): the app's catalog at `App/Localizable.xcstrings`, a package
    /// `Packages/Feature` whose errors look text up in the main bundle, and a package `Packages/Kit`
    /// that uses `Bundle.module` and has a catalog of its own.
    static let appRepository: [String: String] = [
        "App/Localizable.xcstrings": """
        { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
            "feature.failed" : { "localizations" : {
              "en" : { "stringUnit" : { "state" : "translated", "value" : "It failed." } } } },
            "kit.ok" : { "localizations" : {
              "en" : { "stringUnit" : { "state" : "translated", "value" : "Fine." } } } } } }
        """,
        "Packages/Feature/Package.swift": "// swift-tools-version: 6.0\nimport PackageDescription\n"
            + "let package = Package(name: \"Feature\", targets: [.target(name: \"Feature\")])\n",
        "Packages/Feature/Sources/Feature/FeatureError.swift": """
        import Foundation

        enum FeatureError: LocalizedError {
            case failed, gone, moved
            var errorDescription: String? {
                switch self {
                case .failed: String(localized: "feature.failed")
                case .gone: NSLocalizedString("feature.gone", comment: "")
                case .moved: String(localized: "feature.moved", bundle: .main)
                }
            }
        }
        """,
        "Packages/Kit/Package.swift": "// swift-tools-version: 6.0\nimport PackageDescription\n"
            + "let package = Package(name: \"Kit\", defaultLocalization: \"en\", "
            + "targets: [.target(name: \"Kit\", resources: [.process(\"Resources\")])])\n",
        "Packages/Kit/Sources/Kit/KitError.swift": """
        import Foundation

        enum KitError: LocalizedError {
            case ok, broken
            var errorDescription: String? {
                switch self {
                case .ok: String(localized: "kit.ok", bundle: .module)
                case .broken: String(localized: "kit.broken", bundle: .module)
                }
            }
        }
        """,
        "Packages/Kit/Sources/Kit/Resources/Localizable.xcstrings": """
        { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
            "kit.broken" : { "localizations" : {
              "en" : { "stringUnit" : { "state" : "translated", "value" : "Broken." } } } } } }
        """,
    ]

    @Test("A local package's main-bundle keys are checked against its app's catalog, Bundle.module's against its own")
    func localPackageCatalogs() async throws {
        let root = try makeProject(Self.appRepository)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try GitFixture.git(["init", "-q"], in: root)
        try GitFixture.git(["add", "-A"], in: root)
        try GitFixture.git(["commit", "-q", "-m", "app"], in: root)

        // Run from the package's folder, as the hook runs it: the app's catalog has feature.failed,
        // not feature.gone nor feature.moved.
        let feature = try await Command(Self.errorlint, ["-q"], workingDirectory: root + "/Packages/Feature").run()
        let featureLines = feature.outputText.split(separator: "\n").map(String.init)
        #expect(feature.termination == .exited(1), "\(feature.outputText)\(feature.errorText)")
        #expect(featureLines.contains { $0.contains("\"feature.gone\"") && $0.contains("[missing-key]") })
        #expect(featureLines.contains { $0.contains("\"feature.moved\"") && $0.contains("[missing-key]") })
        #expect(!featureLines.contains { $0.contains("\"feature.failed\"") }, "\(featureLines)")

        // Bundle.module: the package's own catalog, which has kit.broken and not kit.ok (the app's
        // kit.ok does not count).
        let kit = try await Command(Self.errorlint, ["-q"], workingDirectory: root + "/Packages/Kit").run()
        let kitLines = kit.outputText.split(separator: "\n").map(String.init)
        #expect(kitLines.contains { $0.contains("\"kit.ok\"") && $0.contains("[missing-key]") }, "\(kitLines)")
        #expect(!kitLines.contains { $0.contains("\"kit.broken\"") }, "\(kitLines)")
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
