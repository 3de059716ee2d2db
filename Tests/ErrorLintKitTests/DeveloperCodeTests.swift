import Testing

@testable import ErrorLintKit

/// Error types in code no user sees are left out by default, decided from the manifests and the
/// Xcode project (fixture `developer-code`, from CotEditor; see its `.source`).
@Suite struct DeveloperCodeTests {
    @Test func testTargetsToolsAndUITestHelpersAreLeftOut() throws {
        let project = try TemporaryProject(fixture: "developer-code")
        let analysis = ErrorLintAnalysis.read(project.options())
        #expect(analysis.errorTypes.map(\.name).sorted() == ["FileDropItem.Error", "StringsError", "SyntaxError"])
        let reasons = Dictionary(
            uniqueKeysWithValues: analysis.developerCodeTypes.map { ($0.type.name, $0.reason) })
        #expect(
            reasons == [
                "AppError": "test target SyntaxParsersTests of Packages/Syntax/Package.swift",
                "MigrationError": "executable target SyntaxMigrator of Packages/Syntax/Package.swift",
                "UITests.LaunchError": "UI-test target UI Tests of CotEditor.xcodeproj",
                "DocumentTests.FixtureError": "unit-test target Tests of CotEditor.xcodeproj",
            ])
    }

    @Test func theSettingChecksThemToo() throws {
        let project = try TemporaryProject(fixture: "developer-code")
        let findings = project.lint(rule: "unlocalized-text") { $0.includesDeveloperCode = true }
        #expect(findings.contains { $0.hasPrefix("UI Tests/UITests.swift:") })
        #expect(findings.contains { $0.hasPrefix("Packages/Syntax/Tests/SyntaxParsersTests/Samples/test.swift:") })
        let byDefault = project.lint(rule: "unlocalized-text")
        #expect(
            byDefault.map { String($0.prefix { $0 != ":" }) }.sorted() == [
                "CotEditor/Sources/Models/FileDropItem.swift", "Packages/Syntax/Sources/SyntaxFormat/SyntaxError.swift",
                "Tools/strings/StringsError.swift",
            ])
    }

    @Test func aPackagesExecutableIsItsProductWithoutAnApp() throws {
        let project = try TemporaryProject(files: [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Tool", targets: [.executableTarget(name: "tool", path: "Sources/Tool")])
            """,
            "Sources/Tool/ToolError.swift": """
            enum ToolError: LocalizedError {
                case failed
                var errorDescription: String? { "Failed." }
            }
            """,
        ])
        #expect(project.errorTypes().map(\.name) == ["ToolError"])
    }

    @Test func manifestTargetsReadConservatively() {
        let manifest = """
            let package = Package(name: "P", targets: [
                .testTarget(name: "ATests", dependencies: [.product(name: "Nope", package: "x")]),
                .testTarget(name: "BTests", path: "Checks/B"),
                .testTarget(name: "CTests", path: folder + "/C"),
                /* .executableTarget(name: "Gone") */
                .executableTarget(name: "gen", path: "Tools/gen", exclude: ["README.md"]),
            ])
            """
        #expect(
            ManifestTargets.developerTargets(in: manifest).map { "\($0.kind.rawValue) \($0.name) \($0.path)" } == [
                "test target ATests Tests/ATests", "test target BTests Checks/B",
                "executable target gen Tools/gen",
            ])
    }
}
