import Testing

@testable import ErrorLintKit

/// Extensions that name their type as the compiler does, and text in every `#if` branch
/// (fixtures `qualified-extensions` and `if-branches`, from real apps; see their `.source`).
@Suite struct QualifiedNameTests {
    @Test func nestedTypesNamedByQualifiedNames() throws {
        let project = try TemporaryProject(fixture: "qualified-extensions")
        let suffix =
            " conforms to LocalizedError but does not implement errorDescription; users see "
            + "\"The operation couldn't be completed.\" instead of a message"
        #expect(
            project.lint(rule: "missing-error-description").sorted() == [
                "App/Network/API.swift:4: [missing-error-description] 'API.Error'" + suffix,
                "App/Network/API.swift:5: [missing-error-description] 'API.Failure'" + suffix,
                "CotEditor/Sources/Models/Settings/PortableSettingsDocument.swift:6: [missing-error-description] "
                    + "'PortableSettingsDocument.Error'" + suffix,
            ])
    }

    @Test func anotherPackagesTypeExtendedByItsFullName() throws {
        let project = try TemporaryProject(fixture: "qualified-extensions")
        let types = project.errorTypes()
        let textFind = try #require(types.first { $0.name == "TextFind.Error" })
        #expect(textFind.kind == .enum)
        #expect(textFind.cases.map(\.name) == ["regularExpression", "emptyFindString", "emptyInSelectionSearch"])
        #expect(textFind.implementation(of: .errorDescription) != nil)
    }

    @Test func moduleQualifiedExtensionOfAnotherModulesType() throws {
        let project = try TemporaryProject(fixture: "qualified-extensions")
        let mastodon = project.errorTypes().filter {
            $0.location.path.contains("Packages/Mastodon")
        }
        #expect(mastodon.map(\.name) == ["API.Error"])
        #expect(mastodon.first?.implementation(of: .errorDescription) != nil)
        #expect(
            project.lint(rule: "unlocalized-text").contains {
                $0.hasPrefix("App/Network/Mastodon+Error.swift:5:")
            })
    }

    @Test func extensionThroughATypealiasOfTheSources() throws {
        let project = try TemporaryProject(fixture: "qualified-extensions")
        let types = project.errorTypes()
        #expect(!types.contains { $0.name == "TimeoutError" })
        let timeout = try #require(types.first { $0.name == "API.Timeout" })
        #expect(timeout.implementation(of: .errorDescription) != nil)
    }

    @Test func prefilterFindsWhatParsingEveryFileFinds() throws {
        let project = try TemporaryProject(fixture: "qualified-extensions")
        let prefiltered = project.lint()
        let everything = project.lint { $0.parsesEveryFile = true }
        #expect(prefiltered == everything)
        #expect(!prefiltered.isEmpty)
    }

    @Test func keysInEveryIfBranchAreCheckedAndNamedByBranch() throws {
        let project = try TemporaryProject(fixture: "if-branches")
        #expect(
            project.lint(rule: "missing-key") == [
                "Shared/Localizable.xcstrings:26: [missing-key] key \"Open System Settings to configure iCloud and "
                    + "enable iClou…\" has no es value (in Localizable.xcstrings); used by recoverySuggestion of "
                    + "'AddCloudKitAccountError' (in #if os(macOS))"
            ])
        let type = try #require(project.errorTypes().first)
        let references = type.value(of: .recoverySuggestion, for: type.cases[0])?.leaves.compactMap {
            leaf -> String? in
            guard case .localized(let reference) = leaf else { return nil }
            return reference.branch
        }
        #expect(references == ["#if os(macOS)", "#else of #if os(macOS)"])
    }
}
