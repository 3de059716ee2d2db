import Foundation
import ProcessKit
import TestSupport
import Testing

/// Gradual adoption through the built executables, in real git repositories: errorlint's
/// baseline, `--since` and suppression comments (the machinery todoscan shares), todoscan's
/// suppression comments, and a repository's `requiredVersion` refusing every tool.
@Suite("Gradual adoption end to end")
struct AdoptionEndToEndTests {
    private static let errorlint = ToolCommandTests.productsDirectory + "/errorlint"
    private static let todoscan = ToolCommandTests.productsDirectory + "/todoscan"
    private static let prepush = ToolCommandTests.productsDirectory + "/prepush"

    /// A fresh git repository holding `files`, committed on `main`; removed when the last copy of
    /// the fixture is released.
    private func makeRepository(_ files: [String: String]) throws -> GitFixture {
        let repository = try GitFixture("adoption-e2e")
        try write(files, in: repository.root)
        try repository.commitAll("initial")
        return repository
    }

    private func write(_ files: [String: String], in root: String) throws {
        for (path, contents) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// The errorlint section that asks for failureReason and recoverySuggestion.
    private static let requiring = #"{"errorlint": {"requiredMembers": ["failureReason", "recoverySuggestion"]}}"#

    /// An error type with one finding of `missing-member` per type (no recoverySuggestion).
    private static func errorType(_ name: String) -> String {
        """
        import Foundation

        enum \(name): LocalizedError {
            case failed
            var errorDescription: String? { "\(name) failed" }
            var failureReason: String? { "because" }
        }

        """
    }

    @Test("errorlint --write-baseline, then --baseline reports only new findings; --since only those on added lines")
    func errorlintBaselineAndSince() async throws {
        // missing-member is what these findings are: asked for, as errorlint's default no longer does.
        let repository = try makeRepository([
            "Sources/App/OldError.swift": Self.errorType("OldError"), ".preflight.json": Self.requiring,
        ])
        let root = repository.root
        let before = try await Command(Self.errorlint, ["--strict"], workingDirectory: root).run()
        #expect(before.termination == .exited(1))
        #expect(before.outputText.contains("'OldError' does not implement recoverySuggestion [missing-member]"))

        let written = try await Command(
            Self.errorlint, ["--write-baseline", ".errorlint-baseline.json"], workingDirectory: root
        ).run()
        #expect(written.termination == .exited(0), "\(written.errorText)")
        #expect(written.errorText.contains("errorlint: wrote 1 findings to the baseline '.errorlint-baseline.json'"))
        let baseline = try String(contentsOfFile: root + "/.errorlint-baseline.json", encoding: .utf8)
        #expect(baseline.contains("\"ruleId\" : \"missing-member\""))

        try GitFixture.git(["checkout", "-q", "-b", "feature"], in: root)
        // New code above the old type moves it; the baseline still accepts it.
        try write(
            [
                "Sources/App/OldError.swift": "// moved down\n" + Self.errorType("OldError"),
                "Sources/App/NewError.swift": Self.errorType("NewError"),
            ], in: root)
        let accepted = try await Command(
            Self.errorlint, ["--strict", "--baseline", ".errorlint-baseline.json"], workingDirectory: root
        ).run()
        #expect(accepted.termination == .exited(1))
        #expect(
            accepted.outputText.split(separator: "\n").map(String.init) == [
                "Sources/App/NewError.swift:3:6: warning: 'NewError' does not implement recoverySuggestion "
                    + "[missing-member]"
            ])
        #expect(
            accepted.errorText.contains(
                "1 warning in 2 files (1 more accepted by the baseline; 2 LocalizedError types;"))

        // The same from .preflight.json's errorlint section ("baseline", "since").
        try write(
            [
                "cfg/.preflight.json":
                    #"{"errorlint": {"baseline": "../.errorlint-baseline.json", "requiredMembers": ["recoverySuggestion"]}}"#
            ], in: root)
        let configured = try await Command(
            Self.errorlint, ["--strict", "--config", "cfg/.preflight.json"], workingDirectory: root
        ).run()
        #expect(configured.outputText == accepted.outputText, "\(configured.errorText)")

        let since = try await Command(Self.errorlint, ["--since", "main"], workingDirectory: root).run()
        #expect(since.termination == .exited(0))
        #expect(since.outputText.contains("'NewError' does not implement recoverySuggestion"))
        #expect(!since.outputText.contains("OldError"))

        let badRevision = try await Command(Self.errorlint, ["--since", "no-such-branch"], workingDirectory: root).run()
        #expect(badRevision.termination == .exited(2))
        #expect(badRevision.errorText.contains("no-such-branch"))
    }

    @Test("errorlint:disable:next, disable:this and disable … enable suppress; an unused or unknown one is a warning")
    func errorlintSuppressionComments() async throws {
        let repository = try makeRepository([
            ".preflight.json": Self.requiring,
            "Sources/App/Errors.swift": """
            import Foundation

            // errorlint:disable:next missing-member - internal tool errors, never shown to users
            enum ToolError: LocalizedError {
                case failed
                var errorDescription: String? { "failed" }
                var failureReason: String? { "because" }
            }

            enum InlineError: LocalizedError {  // errorlint:disable:this missing-member
                case failed
                var errorDescription: String? { "failed" }
                var failureReason: String? { "because" }
            }

            // errorlint:disable missing-member
            enum RegionError: LocalizedError {
                case failed
                var errorDescription: String? { "failed" }
                var failureReason: String? { "because" }
            }
            // errorlint:enable missing-member

            enum ShownError: LocalizedError {
                case failed
                var errorDescription: String? { "failed" }
                var failureReason: String? { "because" }
            }

            // errorlint:disable:next uncovered-case
            let message = "// errorlint:disable:next missing-member is text in a string, not a comment"
            // errorlint:disable:next missing-kye
            let other = 1

            """,
        ])
        let root = repository.root
        let result = try await Command(Self.errorlint, workingDirectory: root).run()
        #expect(result.termination == .exited(0), "\(result.errorText)")
        let lines = result.outputText.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "Sources/App/Errors.swift:24:6: warning: 'ShownError' does not implement recoverySuggestion "
                    + "[missing-member]",
                "Sources/App/Errors.swift:30:1: warning: 'errorlint:disable:next' of 'uncovered-case' suppressed "
                    + "nothing; remove it [unused-suppression]",
                "Sources/App/Errors.swift:32:1: warning: 'errorlint:disable:next' names an unknown rule 'missing-kye' "
                    + "[invalid-suppression]",
            ], "\(result.outputText)")
        #expect(
            result.errorText.contains("3 warnings in 1 file (3 suppressed by comments; 4 LocalizedError types;"),
            "\(result.errorText)")
        let strict = try await Command(Self.errorlint, ["--strict"], workingDirectory: root).run()
        #expect(strict.termination == .exited(1))
    }

    @Test("todoscan:disable … enable and disable:next suppress tags and policy findings; unused ones are warned about")
    func todoscanSuppressionComments() async throws {
        let repository = try makeRepository([
            "Vendor/Lib.swift": """
            // todoscan:disable todo missing-owner - vendored code, tracked upstream
            // TODO: upstream's
            // TODO: upstream's too
            // todoscan:enable todo missing-owner
            // TODO: ours
            // todoscan:disable:next fixme
            let text = "FIXME: in a string"
            /* todoscan:disable:next error */
            // ERROR: not suppressed by the string above, but by this block comment's directive

            """
        ])
        let root = repository.root
        let result = try await Command(Self.todoscan, ["--require-owner"], workingDirectory: root).run()
        #expect(result.termination == .exited(0), "\(result.outputText)\(result.errorText)")
        // Lines 2 and 3 (their tags and missing owners) and line 9's ERROR are suppressed; the
        // FIXME in a string is not a tag, so that comment suppressed nothing.
        #expect(
            result.outputText.split(separator: "\n").map(String.init) == [
                "Vendor/Lib.swift:5:4: warning: TODO has no owner; write TODO(name): …",
                "Vendor/Lib.swift:5:4: warning: TODO: ours",
                "Vendor/Lib.swift:6:1: warning: 'todoscan:disable:next' of 'fixme' suppressed nothing; remove it",
                "Vendor/Lib.swift:9:4: warning: ERROR has no owner; write ERROR(name): …",
            ], "\(result.outputText)")
        #expect(result.errorText == "4 warnings in 1 file (5 suppressed by comments)\n", "\(result.errorText)")
    }

    @Test("A requiredVersion this Preflight does not satisfy: every tool refuses with exit 2 and says why")
    func requiredVersion() async throws {
        let repository = try makeRepository([
            ".preflight.json": #"{"requiredVersion": ">= 99.0.0"}"#, "Sources/A.swift": "let a = 1\n",
        ])
        let root = repository.root
        for tool in [Self.prepush, Self.todoscan, Self.errorlint] {
            let result = try await Command(tool, workingDirectory: root).run()
            #expect(result.termination == .exited(2), "\(tool): \(result.errorText)")
            #expect(
                result.errorText.contains("This repository requires Preflight >= 99.0.0 (requiredVersion in '"),
                "\(tool): \(result.errorText)")
            #expect(result.errorText.contains("git checkout v"), "\(result.errorText)")
        }
        let version = try await Command(Self.todoscan, ["--version"]).run()
        let installed = version.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        try write([".preflight.json": "{\"requiredVersion\": \">= \(installed), < 99\"}"], in: root)
        for tool in [Self.todoscan, Self.errorlint] {
            let result = try await Command(tool, workingDirectory: root).run()
            #expect(result.termination == .exited(0), "\(tool): \(result.errorText)")
        }
    }

    @Test("One version for every tool: --version prints the same release number")
    func oneVersion() async throws {
        var versions: Set<String> = []
        for tool in [Self.prepush, Self.todoscan, Self.errorlint] {
            let result = try await Command(tool, ["--version"]).run()
            #expect(result.termination == .exited(0))
            versions.insert(result.outputText.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(versions.count == 1)
        #expect(versions.first?.split(separator: ".").count == 3)
    }
}
