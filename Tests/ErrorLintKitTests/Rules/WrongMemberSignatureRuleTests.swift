import ErrorLintSettings
import Testing

@testable import ErrorLintKit

@Suite struct WrongMemberSignatureRuleTests {
    @Test func eachShapeFoundationIgnores() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": """
            enum E: LocalizedError {
                case a
                var errorDescription: String { "a" }
                static var failureReason: String? { nil }
                func recoverySuggestion() -> String? { nil }
                var helpAnchr: String? { nil }
            }
            enum OnlyError: Error {
                case b
                var localizedDescription: String { "b" }
            }
            """
        ])
        let findings = project.lint(rule: "wrong-member-signature")
        #expect(findings.count == 5)
        #expect(
            findings.contains {
                $0.hasPrefix("Sources/App/E.swift:3:") && $0.contains("declare 'var errorDescription: String?'")
            })
        #expect(
            findings.contains {
                $0.hasPrefix("Sources/App/E.swift:4:") && $0.contains("'static var failureReason: String?'")
            })
        #expect(
            findings.contains {
                $0.hasPrefix("Sources/App/E.swift:5:") && $0.contains("func recoverySuggestion() -> String?")
            })
        #expect(
            findings.contains { $0.hasPrefix("Sources/App/E.swift:6:") && $0.contains("misspelling of 'helpAnchor'") })
        #expect(findings.contains { $0.hasPrefix("Sources/App/E.swift:10:") && $0.contains("which is only Error") })
    }

    @Test func wellFormedMembersAndUnrelatedNamesPass() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": """
            struct E: LocalizedError {
                var errorDescription: String? { nil }
                var failureReason: Optional<String> { nil }
                var recoverySuggestionCount: Int { 0 }
                var description: String { "" }
            }
            """
        ])
        #expect(project.lint(rule: "wrong-member-signature").isEmpty)
    }
}

/// One run shows everything to fix in a member Foundation ignores: its shape and its text.
@Suite struct MalformedMemberTextTests {
    static let source = """
        enum E: LocalizedError {
            case a, b
            var errorDescription: String {
                switch self {
                case .a: "Plain English."
                case .b: String(localized: "b.key")
                }
            }
            var failureReasn: String? { "Also English." }
            static var recoverySuggestion: String? { String(localized: "c.key") }
        }
        """

    @Test func theTextOfAWrongSignatureIsCheckedInTheSameRun() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": Self.source,
            "Sources/App/en.lproj/Localizable.strings": "\"other\" = \"x\";\n",
        ])
        let findings = project.lint { $0.requiredMembers = [.failureReason, .recoverySuggestion] }
        func reported(_ line: Int, _ rule: String, _ text: String = "") -> Bool {
            findings.contains {
                $0.hasPrefix("Sources/App/E.swift:\(line): [\(rule)]") && (text.isEmpty || $0.contains(text))
            }
        }
        // The shapes…
        #expect(reported(3, "wrong-member-signature"))
        #expect(reported(9, "wrong-member-signature"))
        #expect(reported(10, "wrong-member-signature"))
        // …and, in the same run, the English literals and the keys the catalog lacks.
        #expect(reported(5, "unlocalized-text", "\"Plain English.\""))
        #expect(reported(9, "unlocalized-text", "\"Also English.\""))
        #expect(findings.contains { $0.contains("[missing-key]") && $0.contains("b.key") })
        #expect(findings.contains { $0.contains("[missing-key]") && $0.contains("c.key") })
        // The member is there, in the wrong shape: not also reported as missing.
        #expect(!findings.contains { $0.contains("[missing-member]") || $0.contains("[missing-error-description]") })
    }

    @Test func aWellFormedImplementationWinsOverAMalformedOne() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/E.swift": """
            struct E: LocalizedError {
                var errorDescription: String? { String(localized: "ok.key") }
                static var errorDescription: String { "Ignored English." }
            }
            """,
            "Sources/App/en.lproj/Localizable.strings": "\"ok.key\" = \"OK\";\n",
        ])
        let findings = project.lint()
        #expect(findings.contains { $0.hasPrefix("Sources/App/E.swift:3: [wrong-member-signature]") })
        #expect(!findings.contains { $0.contains("[unlocalized-text]") || $0.contains("[missing-key]") })
    }
}
