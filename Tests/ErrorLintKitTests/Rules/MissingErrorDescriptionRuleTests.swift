import Foundation
import Testing

@testable import ErrorLintKit
@testable import ErrorLintSettings

@Suite struct MissingErrorDescriptionRuleTests {
    @Test func conformanceInAnotherFileWithoutDescription() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/LoginError.swift": "enum LoginError {\n    case expired\n}",
            "Sources/App/LoginError+Localized.swift": "extension LoginError: LocalizedError {}",
        ])
        #expect(
            project.lint(rule: "missing-error-description") == [
                "Sources/App/LoginError.swift:1: [missing-error-description] 'LoginError' conforms to LocalizedError "
                    + "but does not implement errorDescription; users see \"The operation couldn't be completed.\" "
                    + "instead of a message"
            ])
    }

    @Test func nonOptionalDescriptionIsLeftToTheSignatureRule() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": "struct E: LocalizedError { var errorDescription: String { \"x\" } }"
        ])
        #expect(project.lint(rule: "missing-error-description").isEmpty)
        #expect(project.lint(rule: "wrong-member-signature").count == 1)
    }

    @Test func severityIsConfigurable() throws {
        let project = try TemporaryProject(files: ["Sources/App/E.swift": "struct E: LocalizedError {}"])
        let options = project.options { $0.ruleSettings["missing-error-description"] = .severity(.warning) }
        let diagnostics = ErrorLintRun.diagnostics(
            for: ErrorLintAnalysis.read(options), options: options, in: FileManager.default.currentDirectoryPath)
        #expect(diagnostics.first { $0.ruleID == "missing-error-description" }?.severity == .warning)
        let off = project.options { $0.ruleSettings["missing-error-description"] = .off }
        #expect(
            !ErrorLintRun.diagnostics(
                for: ErrorLintAnalysis.read(off), options: off, in: FileManager.default.currentDirectoryPath
            ).contains {
                $0.ruleID == "missing-error-description"
            })
    }
}
