import Foundation
import PreflightCore
import Testing

@testable import PrePushKit

/// The test targets a change can break in a real Xcode project, read from its real files
/// (Fixtures/coteditor-*, element-x-ios-*, icecubes-*, each with its `.source`): CotEditor's scheme
/// tests `Tests` hosted by the app, which holds its local packages as a synchronized folder;
/// element-x-ios's `UnitTests` test plan; IceCubesApp's packages held as folder references.
@Suite("Xcode projects: affected test targets")
struct XcodeAffectedTestsTests {
    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: XcodeBackendToolOutputTests.fixtures + "/" + name))
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }

    static func cotEditor() throws -> XcodeAffectedTests {
        let project = try #require(
            XcodeProjectFile(data: try Self.data("coteditor-CotEditor.pbxproj"), projectFolder: ""))
        let scheme = XcodeScheme(name: "CotEditor", text: try Self.text("coteditor-CotEditor.xcscheme"))
        // Packages/MacUI depends on EditorCore by path, Syntax on nothing (their manifests).
        return XcodeAffectedTests.make(
            projectPath: "CotEditor.xcodeproj", project: project, scheme: scheme,
            packages: ["Packages/EditorCore", "Packages/MacUI", "Packages/Syntax"],
            packageDependencies: ["Packages/MacUI": ["Packages/EditorCore"]], readPlan: { _ in nil })
    }

    @Test func cotEditorsProjectGraph() throws {
        let project = try #require(
            XcodeProjectFile(data: try Self.data("coteditor-CotEditor.pbxproj"), projectFolder: ""))
        let tests = try #require(project.targets.first { $0.name == "Tests" })
        let app = try #require(project.targets.first { $0.name == "CotEditor" })
        #expect(tests.isTestBundle)
        #expect(tests.host == app.identifier)
        #expect(tests.files == ["Tests"])
        #expect(app.files.contains("CotEditor"))
        #expect(app.packageProducts.contains(XcodeProjectFile.PackageProduct(name: "EditorCore", localPackage: "")))
        #expect(app.packageProducts.contains(XcodeProjectFile.PackageProduct(name: "Sparkle", localPackage: nil)))
        #expect(project.folders.contains("Packages"))
        let scheme = XcodeScheme(name: "CotEditor", text: try Self.text("coteditor-CotEditor.xcscheme"))
        #expect(scheme.testables.map(\.name) == ["Tests"])
        #expect(scheme.testPlans.isEmpty)
    }

    @Test(
        "CotEditor: the app's code, its packages and the tests select Tests; UI tests, scripts and docs nothing; the project file and build settings everything",
        arguments: [
            (["CotEditor/Sources/Document/Document.swift"], ["Tests"]),
            (["Tests/LineEndingTests.swift"], ["Tests"]),
            (["Packages/EditorCore/Sources/LineEnding/LineEnding.swift"], ["Tests"]),
            (["Packages/MacUI/Package.swift"], ["Tests"]),
            (["UI Tests/UITests.swift"], []),
            (["README.md", "Scripts/Release/notarize.sh"], []),
        ])
    func cotEditorSelections(changed: [String], selected: [String]) throws {
        let affected = try Self.cotEditor()
        #expect(affected.targets.map(\.name) == ["Tests"])
        #expect(affected.select(changed).names(of: ["Tests"]) == selected)
    }

    @Test func cotEditorEverything() throws {
        let affected = try Self.cotEditor()
        #expect(affected.select(["CotEditor.xcodeproj/project.pbxproj"]) == .all("CotEditor.xcodeproj changed"))
        #expect(
            affected.select(["CotEditor.xcodeproj/xcshareddata/xcschemes/CotEditor.xcscheme"])
                == .all("CotEditor.xcodeproj changed"))
        #expect(
            affected.select(["Configurations/Debug.xcconfig"])
                == .all("build settings changed (Configurations/Debug.xcconfig)"))
        #expect(XcodeAffectedTests.onlyTesting(["Tests"]) == ["-only-testing:Tests"])
    }

    @Test func elementXUnitTestsPlan() throws {
        let project = try #require(
            XcodeProjectFile(data: try Self.data("element-x-ios-ElementX.pbxproj"), projectFolder: ""))
        let scheme = XcodeScheme(name: "UnitTests", text: try Self.text("element-x-ios-UnitTests.xcscheme"))
        #expect(scheme.testPlans.first == "UnitTests/SupportingFiles/UnitTests.xctestplan")
        let planData = try Self.data("element-x-ios-UnitTests.xctestplan")
        let affected = XcodeAffectedTests.make(
            projectPath: "ElementX.xcodeproj", project: project, scheme: scheme,
            packages: ["", "compound-ios", "BuildExtensions"], packageDependencies: [:],
            readPlan: { $0 == "UnitTests/SupportingFiles/UnitTests.xctestplan" ? planData : nil })
        #expect(affected.targets.map(\.name) == ["UnitTests"])
        let unitTests = try #require(project.targets.first { $0.name == "UnitTests" })
        let app = try #require(project.targets.first { $0.name == "ElementX" })
        #expect(unitTests.host == app.identifier)
        let appFile = try #require(app.sources.first)
        // The host's code, the local package the app links (Compound names no package: every
        // package the project references), the test plan.
        #expect(affected.select([appFile]).names(of: ["UnitTests"]) == ["UnitTests"])
        #expect(
            affected.select(["compound-ios/Sources/Compound/Colors.swift"]).names(of: ["UnitTests"]) == ["UnitTests"])
        #expect(affected.select(["Tools/Sources/Tools.swift", "docs/README.md"]).names(of: ["UnitTests"]) == [])
        #expect(
            affected.select(["UnitTests/SupportingFiles/UnitTests.xctestplan"])
                == .all("the test plan UnitTests/SupportingFiles/UnitTests.xctestplan changed"))
    }

    @Test func iceCubesPackagesHeldAsFolders() throws {
        let project = try #require(
            XcodeProjectFile(data: try Self.data("icecubes-IceCubesApp.pbxproj"), projectFolder: ""))
        #expect(project.folders.contains("Packages/Timeline"))
        let app = try #require(project.targets.first { $0.name == "IceCubesApp" })
        #expect(app.packageProducts.contains(XcodeProjectFile.PackageProduct(name: "Timeline", localPackage: "")))
        let packages: Set<String> = ["Packages/Timeline", "Packages/Models", "Packages/Env"]
        let graph = XcodeAffectedTests.Graph(
            project: project, projectFolder: "", packages: packages,
            dependencies: ["Packages/Timeline": ["Packages/Models"], "Packages/Env": ["Packages/Models"]])
        let reach = graph.reach(of: app)
        #expect(reach.contains("IceCubesApp"))
        // Timeline by its product's name, and Models through Timeline's manifest.
        #expect(reach.contains("Packages/Timeline") && reach.contains("Packages/Models"))
        // The scheme tests nothing: no test target to select.
        let scheme = XcodeScheme(
            name: "IceCubesApp", text: "<Scheme><TestAction><Testables></Testables></TestAction></Scheme>")
        let affected = XcodeAffectedTests.make(
            projectPath: "IceCubesApp.xcodeproj", project: project, scheme: scheme, packages: packages,
            packageDependencies: [:], readPlan: { _ in nil })
        #expect(affected.targets.isEmpty)
    }

    @Test func aPackagesTestPlan() throws {
        let plan = try #require(XcodeTestPlan(data: try Self.data("coteditor-EditorCore.xctestplan")))
        #expect(plan.targets.count == 14)
        #expect(plan.targets.allSatisfy { $0.container.isEmpty })
        #expect(plan.targets.first?.name == "LineEndingTests")
    }
}
