import Foundation
import ProcessKit
import TestSupport
import Testing

/// The built `prepush` selecting an Xcode app's affected test targets (issue 39, items 3 and 4),
/// through the stand-in `xcodebuild` and `xcrun` of ``XcodeBackendEndToEndTests`` (they record
/// their argv and replay real captured outputs). The app: `App` (synchronized folder `App/`),
/// which links the local package `Packages/Feature`, which depends on `Packages/Core` by path;
/// `AppTests`, hosted by `App`; `Model` (`Model/`) and `ModelTests`, which depends on it. The
/// scheme `App` tests `AppTests` and `ModelTests`. The project and scheme are written here by hand
/// in Xcode 16's format (objectVersion 77, as CotEditor's, Fixtures/coteditor-CotEditor.pbxproj);
/// the packages are for iOS alone, so on Linux their checks also go through the stand-ins.
@Suite("Xcode affected test targets end to end (stand-in xcodebuild and xcrun)", .serialized)
struct XcodeSelectionEndToEndTests {
    typealias App = XcodeBackendEndToEndTests.App

    static let project = """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	classes = {
        	};
        	objectVersion = 77;
        	objects = {
        		0A0000000000000000000001 /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
        		0A0000000000000000000002 /* AppTests */ = {isa = PBXFileSystemSynchronizedRootGroup; path = AppTests; sourceTree = "<group>"; };
        		0A0000000000000000000003 /* Model */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Model; sourceTree = "<group>"; };
        		0A0000000000000000000004 /* ModelTests */ = {isa = PBXFileSystemSynchronizedRootGroup; path = ModelTests; sourceTree = "<group>"; };
        		0A0000000000000000000010 = {isa = PBXGroup; children = (0A0000000000000000000001, 0A0000000000000000000002, 0A0000000000000000000003, 0A0000000000000000000004); sourceTree = "<group>"; };
        		0A0000000000000000000020 /* XCLocalSwiftPackageReference "Packages/Feature" */ = {isa = XCLocalSwiftPackageReference; relativePath = Packages/Feature; };
        		0A0000000000000000000021 /* Feature */ = {isa = XCSwiftPackageProductDependency; package = 0A0000000000000000000020; productName = Feature; };
        		0A0000000000000000000030 /* App */ = {isa = PBXNativeTarget; buildPhases = (); dependencies = (); fileSystemSynchronizedGroups = (0A0000000000000000000001); name = App; packageProductDependencies = (0A0000000000000000000021); productName = App; productType = "com.apple.product-type.application"; };
        		0A0000000000000000000031 /* AppTests */ = {isa = PBXNativeTarget; buildPhases = (); dependencies = (); fileSystemSynchronizedGroups = (0A0000000000000000000002); name = AppTests; productName = AppTests; productType = "com.apple.product-type.bundle.unit-test"; };
        		0A0000000000000000000032 /* Model */ = {isa = PBXNativeTarget; buildPhases = (); dependencies = (); fileSystemSynchronizedGroups = (0A0000000000000000000003); name = Model; productName = Model; productType = "com.apple.product-type.framework"; };
        		0A0000000000000000000033 /* PBXTargetDependency */ = {isa = PBXTargetDependency; target = 0A0000000000000000000032; };
        		0A0000000000000000000034 /* ModelTests */ = {isa = PBXNativeTarget; buildPhases = (); dependencies = (0A0000000000000000000033); fileSystemSynchronizedGroups = (0A0000000000000000000004); name = ModelTests; productName = ModelTests; productType = "com.apple.product-type.bundle.unit-test"; };
        		0A0000000000000000000040 /* Project object */ = {isa = PBXProject; attributes = {TargetAttributes = {0A0000000000000000000031 = {TestTargetID = 0A0000000000000000000030; }; }; }; mainGroup = 0A0000000000000000000010; packageReferences = (0A0000000000000000000020); projectDirPath = ""; projectRoot = ""; targets = (0A0000000000000000000030, 0A0000000000000000000031, 0A0000000000000000000032, 0A0000000000000000000034); };
        	};
        	rootObject = 0A0000000000000000000040 /* Project object */;
        }

        """

    static func testable(_ identifier: String, _ name: String) -> String {
        """
                 <TestableReference
                    skipped = "NO">
                    <BuildableReference
                       BuildableIdentifier = "primary"
                       BlueprintIdentifier = "\(identifier)"
                       BuildableName = "\(name).xctest"
                       BlueprintName = "\(name)"
                       ReferencedContainer = "container:App.xcodeproj">
                    </BuildableReference>
                 </TestableReference>

        """
    }

    static let scheme = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Scheme LastUpgradeVersion = "1600" version = "1.7">
           <BuildAction parallelizeBuildables = "YES" buildImplicitDependencies = "YES">
              <BuildActionEntries>
                 <BuildActionEntry buildForTesting = "YES" buildForRunning = "YES">
                    <BuildableReference
                       BuildableIdentifier = "primary"
                       BlueprintIdentifier = "0A0000000000000000000030"
                       BuildableName = "App.app"
                       BlueprintName = "App"
                       ReferencedContainer = "container:App.xcodeproj">
                    </BuildableReference>
                 </BuildActionEntry>
              </BuildActionEntries>
           </BuildAction>
           <TestAction buildConfiguration = "Debug" shouldUseLaunchSchemeArgsEnv = "YES">
              <Testables>
        \(testable("0A0000000000000000000031", "AppTests"))\(testable("0A0000000000000000000034", "ModelTests"))      </Testables>
           </TestAction>
        </Scheme>

        """

    /// The app, its packages, and what the stand-ins reply: `AppTests`' run covers `Cart.swift`'s
    /// lines 6–8, `ModelTests`' lines 10–12, a run of both (one bundle) lines 6–8 and 10–12.
    static func app() async throws -> App {
        let app = try await App(settings: "xcodebuild-settings-macos.json")
        let root = app.repository
        for folder in [
            "App.xcodeproj/xcshareddata/xcschemes", "Model", "ModelTests", "Packages/Core/Sources/Core",
            "Packages/Feature/Sources/Feature",
        ] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try app.write(root + "/App.xcodeproj/project.pbxproj", project)
        try app.write(root + "/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme", scheme)
        try app.write(root + "/App/Cart.swift", App.cart(addingMore: true))
        try app.write(root + "/Model/Item.swift", "struct Item {}\n")
        try app.write(root + "/ModelTests/ItemTests.swift", "import XCTest\n")
        try app.write(
            root + "/Packages/Core/Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Core", platforms: [.iOS(.v17)],
                products: [.library(name: "Core", targets: ["Core"])],
                targets: [.target(name: "Core")])

            """)
        try app.write(root + "/Packages/Core/Sources/Core/Core.swift", "public let core = 1\n")
        try app.write(
            root + "/Packages/Feature/Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Feature", platforms: [.iOS(.v17)],
                products: [.library(name: "Feature", targets: ["Feature"])],
                dependencies: [.package(path: "../Core")],
                targets: [.target(name: "Feature", dependencies: ["Core"])])

            """)
        try app.write(
            root + "/Packages/Feature/Sources/Feature/Feature.swift", "import Core\npublic let feature = core\n")
        try await app.commit("the app, its model and its packages")
        // The packages' schemes as `xcodebuild -list -json` lists a package's (the real capture
        // xcodebuild-list-package.json, its schemes renamed).
        let list = try String(
            contentsOfFile: XcodeBackendEndToEndTests.fixtures + "/xcodebuild-list-package.json", encoding: .utf8)
        try app.reply(
            "list.json",
            list.replacingOccurrences(of: "\"TextFormation\",", with: "\"Core\",")
                .replacingOccurrences(of: "\"TextStory\",", with: "\"Feature\","))
        try app.replyCoverage(covering: [6, 7, 8, 10, 11, 12])
        try app.replyCoverage(covering: [6, 7, 8], bundle: "PrePush-AppTests")
        try app.replyCoverage(covering: [10, 11, 12], bundle: "PrePush-ModelTests")
        return app
    }

    /// The app's own `test-without-building` runs (not its packages'), each one's `-only-testing:`
    /// arguments; the log is emptied for the next run.
    static func appTestRuns(_ app: App) -> [[String]] {
        let runs = app.calls.filter {
            Array($0.prefix(2)) == ["xcodebuild", "test-without-building"] && $0.contains("App.xcodeproj")
        }
        try? FileManager.default.removeItem(atPath: app.log)
        return runs.map { $0.filter { $0.hasPrefix("-only-testing:") || $0.hasPrefix("-skip-testing:") } }
    }

    /// Commits `text` at `path` and checks by hand with affected-test selection.
    static func change(_ app: App, _ path: String, _ text: String) async throws -> ProcessResult {
        try app.write(app.repository + "/" + path, text)
        try await app.commit("change \(path)")
        return try await app.prepush(["--affected-tests"])
    }

    @Test(
        "Each change selects what it reaches: the first check runs both, an app-only change AppTests, a package change AppTests through Feature, a model change ModelTests, the project file both, a README none; coverage as a full run's"
    )
    func selections() async throws {
        let app = try await Self.app()
        defer { app.remove() }

        let first = try await app.prepush(["--affected-tests"])
        #expect(first.termination == .exited(0), "\(first.errorText)")
        #expect(
            first.errorText.contains("all 2 test targets run, each on its own: no cached baseline for this app yet"),
            "\(first.errorText)")
        #expect(Self.appTestRuns(app) == [["-only-testing:AppTests"], ["-only-testing:ModelTests"]])
        let full = try #require(CoverageReportsEndToEndTests.tableTotal(first.errorText), "\(first.errorText)")
        #expect(full.covered == 6 && full.lines == 9 && full.percent == "66.67")

        // An app-only change: AppTests alone; ModelTests' coverage is its recorded run's.
        let appOnly = try await Self.change(app, "App/Receipt.swift", "struct Receipt {}\n")
        #expect(appOnly.termination == .exited(0), "\(appOnly.errorText)")
        #expect(
            appOnly.errorText.contains(
                "running AppTests (affected by the change); skipping ModelTests (unaffected: passed at this content before)"
            ), "\(appOnly.errorText)")
        #expect(Self.appTestRuns(app) == [["-only-testing:AppTests"]])
        let selective = try #require(CoverageReportsEndToEndTests.tableTotal(appOnly.errorText))
        #expect(selective.covered == full.covered && selective.lines == full.lines && selective.percent == full.percent)

        // The same commit, every test in one run: the same figure, to the hundredth.
        let all = try await app.prepush(["--all-tests"])
        #expect(all.termination == .exited(0), "\(all.errorText)")
        #expect(Self.appTestRuns(app) == [[]])
        #expect(CoverageReportsEndToEndTests.tableTotal(all.errorText)?.percent == selective.percent)

        // A change in Core, which Feature depends on and the app links: AppTests (hosted by the
        // app), not ModelTests; both packages are checked too.
        let core = try await Self.change(app, "Packages/Core/Sources/Core/Core.swift", "public let core = 2\n")
        #expect(core.termination == .exited(0), "\(core.errorText)")
        #expect(core.errorText.contains("running AppTests (affected by the change)"), "\(core.errorText)")
        #expect(core.errorText.contains("package Packages/Core"))
        #expect(core.errorText.contains("package Packages/Feature"))
        #expect(Self.appTestRuns(app) == [["-only-testing:AppTests"]])
        #expect(CoverageReportsEndToEndTests.tableTotal(core.errorText)?.percent == full.percent)

        // The model: ModelTests alone.
        let model = try await Self.change(app, "Model/Item.swift", "struct Item { var name = \"\" }\n")
        #expect(model.termination == .exited(0), "\(model.errorText)")
        #expect(
            model.errorText.contains(
                "running ModelTests (affected by the change); skipping AppTests (unaffected: passed at this content before)"
            ), "\(model.errorText)")
        #expect(Self.appTestRuns(app) == [["-only-testing:ModelTests"]])
        #expect(CoverageReportsEndToEndTests.tableTotal(model.errorText)?.percent == full.percent)

        // Nothing a target reaches: no test run, the coverage all recorded.
        let readme = try await Self.change(app, "README.md", "# App\n")
        #expect(readme.termination == .exited(0), "\(readme.errorText)")
        #expect(
            readme.errorText.contains(
                "no test target is affected; AppTests, ModelTests passed at this content before"),
            "\(readme.errorText)")
        #expect(Self.appTestRuns(app).isEmpty)
        #expect(CoverageReportsEndToEndTests.tableTotal(readme.errorText)?.percent == full.percent)

        // The project file: every test target, and why.
        let projectChange = try await Self.change(
            app, "App.xcodeproj/project.pbxproj",
            Self.project.replacingOccurrences(of: "productName = Model;", with: "productName = ModelKit;"))
        #expect(projectChange.termination == .exited(0), "\(projectChange.errorText)")
        #expect(
            projectChange.errorText.contains("all 2 test targets run, each on its own: App.xcodeproj changed"),
            "\(projectChange.errorText)")
        #expect(Self.appTestRuns(app) == [["-only-testing:AppTests"], ["-only-testing:ModelTests"]])
    }

    @Test(
        "--dry-run shows the affected test targets, which run and why, and the -only-testing: commands (those a Mac would run, where xcodebuild does not exist)"
    )
    func dryRun() async throws {
        let app = try await Self.app()
        defer { app.remove() }
        let first = try await app.prepush(["--affected-tests"])
        #expect(first.termination == .exited(0), "\(first.errorText)")
        #expect(Self.appTestRuns(app).count == 2)
        try app.write(app.repository + "/App/Receipt.swift", "struct Receipt {}\n")
        try await app.commit("receipt")

        let plan = try await app.prepush(["--dry-run", "--affected-tests", "--since", "HEAD~1"])
        #expect(plan.termination == .exited(0), "\(plan.errorText)")
        let text = plan.outputText + plan.errorText
        #expect(text.contains("    affected test targets: AppTests\n"), "\(text)")
        #expect(text.contains("AppTests through App/Receipt.swift"), "\(text)")
        #expect(text.contains("      runs AppTests: the change reaches it"), "\(text)")
        #expect(text.contains("      skips ModelTests: passed at this content before"), "\(text)")
        #expect(text.contains("-project App.xcodeproj -scheme App"), "\(text)")
        #expect(text.contains("-only-testing:AppTests"), "\(text)")
        #expect(!text.contains("-only-testing:ModelTests"), "\(text)")
        // Nothing ran.
        #expect(Self.appTestRuns(app).isEmpty)

        // Where xcodebuild does not exist (Linux): the app is not built here, and the line says
        // what a Mac would run, with the -only-testing: arguments.
        var command = Command(
            XcodeBackendEndToEndTests.prepush,
            ["--no-cache", "--no-errorlint", "--dry-run", "--affected-tests", "--since", "HEAD~1"],
            workingDirectory: app.repository)
        command.environment = .inherit.removing(
            "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "PREPUSH_SKIP", "CI", "GITHUB_STEP_SUMMARY")
        let linux = try await command.run()
        let linuxText = linux.outputText + linux.errorText
        #expect(linux.termination == .exited(0), "\(linuxText)")
        #expect(linuxText.contains("    affected test targets: AppTests\n"), "\(linuxText)")
        #expect(
            linuxText.contains("a Mac runs: xcodebuild test-without-building -project App.xcodeproj -scheme App"),
            "\(linuxText)")
        #expect(linuxText.contains("-only-testing:AppTests"), "\(linuxText)")
    }
}
