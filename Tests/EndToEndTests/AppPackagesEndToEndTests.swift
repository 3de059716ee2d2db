import Foundation
import ProcessKit
import TestSupport
import Testing

/// An app repository's local packages as apps have them: packages that declare only iOS and import
/// UIKit, packages that depend on each other by path, and Xcode projects that are a package's
/// developer conveniences rather than apps. The built `prepush`, real git and real `swift`; the
/// xcodebuild route against the stand-ins of ``XcodeBackendEndToEndTests``.
@Suite("An app's local packages end to end", .serialized)
struct AppPackagesEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush

    /// A package that declares only iOS (and visionOS) and imports UIKit, as IceCubesApp's local
    /// packages do: `swift build` cannot build it on Linux or macOS.
    static let iOSManifest = """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(
            name: "TextFormation", platforms: [.iOS(.v17), .visionOS(.v1)],
            products: [.library(name: "TextFormation", targets: ["TextFormation"])],
            targets: [
                .target(name: "TextFormation"),
                .testTarget(name: "TextFormationTests", dependencies: ["TextFormation"]),
            ])
        """
    static let iOSSource = """
        import UIKit

        public final class Formatter {
            public init() {}
            public func tint() -> UIColor { .systemBlue }
        }

        """
    static let iOSTest = "import TextFormation\nimport XCTest\nfinal class T: XCTestCase { func testA() {} }\n"

    @Test(
        "A package for iOS that imports UIKit, where no xcodebuild exists: one line says why it is not built, its scanners still run and stop an ERROR, and no pass is recorded"
    )
    func iOSPackageOnThisMachine() async throws {
        let repository = try await Repository.make(files: [
            "README.md": "# App\n",
            "Packages/TextFormation/Package.swift": Self.iOSManifest,
            "Packages/TextFormation/Sources/TextFormation/Formatter.swift": Self.iOSSource,
            "Packages/TextFormation/Tests/TextFormationTests/T.swift": Self.iOSTest,
        ])
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        // A PATH without xcodebuild and xcrun, as on Linux, also on a Mac (where /usr/bin has both).
        let noXcode = ["PATH": try LayoutEndToEndTests.pathWithoutXcode(in: repository.root)]
        let which = try await repository.run(
            "/bin/sh", ["-c", "command -v xcodebuild xcrun || true"], environment: noXcode)
        try #require(which.outputText.isEmpty, "xcodebuild or xcrun still on PATH: \(which.outputText)")
        try await repository.run(Self.prepush, ["install"]).checked()

        let first = try await repository.run("git", ["push", "-q", "origin", "main"], environment: noXcode)
        #expect(first.succeeded, "\(first.errorText)")
        let text = first.errorText
        #expect(
            text.contains(
                "TextFormation is for iOS 17.0, visionOS 1.0 (its Package.swift's platforms), not for this machine: "
                    + "not built or tested here, where no xcodebuild exists (its scanners still run)"), "\(text)")
        // Never a host build of it: no "no such module 'UIKit'", no build row, no .build folder.
        #expect(!text.contains("no such module"))
        #expect(!text.contains("==> build"))
        #expect(!FileManager.default.fileExists(atPath: repository.work + "/Packages/TextFormation/.build/debug"))
        #expect(text.contains("==> todoscan"))
        #expect(!text.contains("passed ()"))

        // Checked again by hand, the same tree is not "already verified": a Mac must still build
        // it, so nothing was recorded.
        for _ in 0..<2 {
            let again = try await repository.run(Self.prepush, [], environment: noXcode)
            #expect(again.succeeded, "\(again.errorText)")
            #expect(!again.errorText.contains("already verified"), "\(again.errorText)")
            #expect(again.errorText.contains("not built or tested here"))
        }

        // An ERROR comment in the package stops the push on this machine too.
        try repository.write(
            "Packages/TextFormation/Sources/TextFormation/Formatter.swift",
            Self.iOSSource + "// ERROR" + ": ship the dark palette first\n")
        try await repository.commit("error tag")
        let stopped = try await repository.run("git", ["push", "-q", "origin", "main"], environment: noXcode)
        #expect(!stopped.succeeded, "\(stopped.errorText)")
        #expect(stopped.errorText.contains("Formatter.swift:7:4: error: ERROR: ship the dark palette first"))
    }

    @Test(
        "The same package where xcodebuild exists (stand-ins): its scheme chosen from -list -json among its dependency's, an iOS simulator, both xcodebuild calls in its folder"
    )
    func iOSPackageWithXcodebuild() async throws {
        let app = try await XcodeBackendEndToEndTests.App(settings: "xcodebuild-settings-ios.json")
        defer { app.remove() }
        // The app's files replaced by one local package: the route is the package's, not an app's.
        try GitFixture.git(["rm", "-q", "-r", "App.xcodeproj", "App", "AppTests"], in: app.repository)
        let package = app.repository + "/Packages/TextFormation"
        for folder in ["Sources/TextFormation", "Tests/TextFormationTests"] {
            try FileManager.default.createDirectory(atPath: package + "/" + folder, withIntermediateDirectories: true)
        }
        try app.write(package + "/Package.swift", Self.iOSManifest)
        try app.write(package + "/Sources/TextFormation/Formatter.swift", Self.iOSSource)
        try app.write(package + "/Tests/TextFormationTests/T.swift", Self.iOSTest)
        try await app.commit("a package for iOS")

        let result = try await app.prepush([])
        #expect(result.termination == .exited(0), "\(result.errorText)")
        let calls = app.calls
        // The real `-list -json` lists the dependency's TextStory-Package too: the package's own
        // scheme is the one named after it.
        #expect(calls.first == ["xcodebuild", "-list", "-json"], "\(calls)")
        // The platform comes from Package.swift; no build settings are asked for.
        #expect(!calls.contains { $0.contains("-showBuildSettings") })
        #expect(calls.contains(["xcrun", "simctl", "list", "--json"]))
        let build = try #require(app.call(["xcodebuild", "build-for-testing"]), "\(calls)")
        #expect(XcodeBackendEndToEndTests.value(of: "-scheme", in: build) == "TextFormation")
        #expect(!build.contains("-project") && !build.contains("-workspace"))
        #expect(
            XcodeBackendEndToEndTests.value(of: "-destination", in: build) == XcodeBackendEndToEndTests.iPhone16Pro)
        let test = try #require(app.call(["xcodebuild", "test-without-building"]))
        #expect(XcodeBackendEndToEndTests.value(of: "-scheme", in: test) == "TextFormation")
        #expect(
            result.errorText.contains(
                "because the package is for iOS (Package.swift's platforms: iOS 17.0, visionOS 1.0)"),
            "\(result.errorText)")
        #expect(!result.errorText.contains("not built or tested here"))
        #expect(result.errorText.contains("44 tests passed"))
        // The replayed report covers none of the package's files: said as such, not as 100 %.
        #expect(result.errorText.contains("no line measured"), "\(result.errorText)")
    }

    @Test(
        "swift-collections as a user's repository (the mirror's 1.6.0): its workspace and its Xcode project are not apps, --dry-run and --print-config say why",
        .enabled(if: FileManager.default.isExecutableFile(atPath: trialRepo), "needs ../shared/bin/trial-repo")
    )
    func swiftCollectionsLayout() async throws {
        let folder = NSTemporaryDirectory() + "prepush-collections-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var layOut = Command(Self.trialRepo, ["apple/swift-collections", folder, "1.6.0"])
        layOut.timeout = .seconds(300)
        let laidOut = try await layOut.run()
        try #require(laidOut.succeeded, "\(laidOut.errorText)")
        let work = folder + "/work"
        // The real files, as the mirror holds them.
        #expect(FileManager.default.fileExists(atPath: work + "/Xcode/Collections.xcodeproj/project.pbxproj"))
        #expect(
            FileManager.default.fileExists(
                atPath: work + "/Utils/swift-collections.xcworkspace/contents.xcworkspacedata"))

        let dryRun = try await Command(Self.prepush, ["--dry-run"], workingDirectory: work).run()
        #expect(dryRun.succeeded, "\(dryRun.errorText)")
        let plan = dryRun.outputText + dryRun.errorText
        #expect(plan.contains("package .\n") || plan.hasSuffix("package ."), "\(plan)")
        #expect(!plan.contains("app "), "\(plan)")
        #expect(
            plan.contains(
                "not checked: Utils (not an app: swift-collections.xcworkspace: it opens no Xcode project of the repository"
            ))
        #expect(
            plan.contains(
                "not checked: Xcode (not an app: Collections.xcodeproj: its schemes build only code of the packages "
                    + "(Collections compiled from a package's sources))"))
        let printed = try await Command(Self.prepush, ["--print-config", "--json"], workingDirectory: work).run()
        #expect(printed.succeeded, "\(printed.errorText)")
        #expect(printed.outputText.contains("Collections.xcodeproj"), "\(printed.outputText)")
        #expect(!printed.outputText.contains(#""kind" : "app""#))
    }

    @Test(
        "Two packages joined by a path dependency, both changed: the dependent builds in its dependency's scratch folder, once, and both packages' tests run"
    )
    func dependentSharesItsDependencysBuild() async throws {
        let repository = try await LayoutEndToEndTests.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        try await repository.run(Self.prepush, ["install"]).checked()
        let pushed = try await repository.run("git", ["push", "-q", "origin", "main"])
        #expect(pushed.succeeded, "\(pushed.errorText)")
        let core = repository.work + "/Packages/Core/.build/debug"
        #expect(FileManager.default.fileExists(atPath: core + "/CorePackageTests.xctest"), "\(pushed.errorText)")
        #expect(FileManager.default.fileExists(atPath: core + "/FeaturePackageTests.xctest"))
        // Feature never had a build folder of its own: Core's modules were compiled once.
        #expect(!FileManager.default.fileExists(atPath: repository.work + "/Packages/Feature/.build/debug"))
        #expect(pushed.errorText.contains("prepush: package Packages/Feature"))
        #expect(pushed.errorText.components(separatedBy: "1 test passed").count == 3, "\(pushed.errorText)")
    }

    /// element-x-ios's layout: a root `Package.swift` for the command-line tools beside
    /// `ElementX.xcodeproj` (its real project file and scheme, Fixtures/element-x-ios-*).
    static func elementXLike(_ app: XcodeBackendEndToEndTests.App) async throws {
        try GitFixture.git(["rm", "-q", "-r", "App.xcodeproj"], in: app.repository)
        let fixtures = XcodeBackendEndToEndTests.fixtures
        let project = app.repository + "/ElementX.xcodeproj"
        for folder in [
            project + "/xcshareddata/xcschemes", app.repository + "/ElementX/Sources",
            app.repository + "/Tools/Sources",
        ] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(
            atPath: fixtures + "/element-x-ios-ElementX.pbxproj", toPath: project + "/project.pbxproj")
        try FileManager.default.copyItem(
            atPath: fixtures + "/element-x-ios-ElementX.xcscheme",
            toPath: project + "/xcshareddata/xcschemes/ElementX.xcscheme")
        try app.write(
            app.repository + "/Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Element Swift", platforms: [.macOS(.v13)],
                targets: [.executableTarget(name: "Tools", path: "Tools/Sources")])

            """)
        try app.write(app.repository + "/Tools/Sources/main.swift", "print(\"tools\")\n")
        try app.write(app.repository + "/ElementX/Sources/Application.swift", "struct Application {}\n")
        try await app.commit("element-x layout")
    }

    @Test(
        "element-x-ios's layout (a tools package at the root beside an app's project): both are checked, the app with xcodebuild and its own project and scheme"
    )
    func appBesideAToolsPackage() async throws {
        let app = try await XcodeBackendEndToEndTests.App(settings: "xcodebuild-settings-ios.json")
        defer { app.remove() }
        try await Self.elementXLike(app)

        let dryRun = try await app.prepush(["--dry-run"])
        #expect(dryRun.succeeded, "\(dryRun.errorText)")
        let plan = dryRun.outputText + dryRun.errorText
        #expect(plan.contains("  package .\n"), "\(plan)")
        #expect(plan.contains("  app ElementX.xcodeproj\n"), "\(plan)")

        let result = try await app.prepush([])
        #expect(result.termination == .exited(0), "\(result.errorText)")
        #expect(result.errorText.contains("prepush: package ."), "\(result.errorText)")
        #expect(result.errorText.contains("prepush: app ElementX.xcodeproj"), "\(result.errorText)")
        #expect(result.errorText.contains("==> build: swift build"), "\(result.errorText)")
        let build = try #require(app.call(["xcodebuild", "build-for-testing"]), "\(app.calls)")
        #expect(XcodeBackendEndToEndTests.value(of: "-project", in: build) == "ElementX.xcodeproj")
        #expect(XcodeBackendEndToEndTests.value(of: "-scheme", in: build) == "ElementX")

        // Where no xcodebuild exists: the app's build is said to be a Mac's, the package still checked.
        var noXcode = Command(
            XcodeBackendEndToEndTests.prepush, ["--no-cache", "--no-errorlint"], workingDirectory: app.repository)
        noXcode.environment = .inherit.removing("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "PREPUSH_SKIP", "CI")
            .setting(["PATH": try LayoutEndToEndTests.pathWithoutXcode(in: app.folder), "PREPUSH_VERBOSE": "1"])
        noXcode.timeout = .seconds(300)
        let linux = try await noXcode.run()
        #expect(linux.succeeded, "\(linux.errorText)")
        #expect(
            linux.errorText.contains("no xcodebuild here: ElementX.xcodeproj not built or tested"), "\(linux.errorText)"
        )
        #expect(linux.errorText.contains("-scheme ElementX"))
    }

    @Test(
        "An app's local package that imports os, declaring macOS and iOS, where Swift has no os (Linux): it and the package depending on it are not built, each with its line, --dry-run says so first, the other package is checked and the push passes",
        .enabled(if: !appleHost, "a Mac's Swift has os")
    )
    func appleOnlyImportsOnThisMachine() async throws {
        let repository = try await LayoutEndToEndTests.makeRepository(feature: false, app: true)
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        try repository.write(
            "Packages/Log/Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Log", platforms: [.macOS(.v14), .iOS(.v17)],
                products: [.library(name: "Log", targets: ["Log"])],
                targets: [.target(name: "Log"), .testTarget(name: "LogTests", dependencies: ["Log"])])
            """)
        try repository.write(
            "Packages/Log/Sources/Log/Log.swift",
            "import Foundation\nimport os\n\npublic let logger = Logger(subsystem: \"app\", category: \"log\")\n")
        try repository.write("Packages/Log/Tests/LogTests/LogTests.swift", "import Log\nimport XCTest\n")
        try repository.write(
            "Packages/Settings/Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Settings", dependencies: [.package(path: "../Log")],
                targets: [.target(name: "Settings", dependencies: [.product(name: "Log", package: "Log")])])
            """)
        try repository.write(
            "Packages/Settings/Sources/Settings/Settings.swift",
            "#if canImport(UIKit)\nimport UIKit\n#endif\nimport Log\npublic func log() { logger.info(\"x\") }\n")
        try await repository.commit("Apple-only packages")
        try await repository.run(Self.prepush, ["install"]).checked()

        let dryRun = try await repository.run(Self.prepush, ["--dry-run"])
        #expect(dryRun.succeeded, "\(dryRun.errorText)")
        let plan = dryRun.outputText + dryRun.errorText
        #expect(
            plan.contains(
                "not built here: Packages/Log (its sources import os (Packages/Log/Sources/Log/Log.swift)); "
                    + "on a Mac: swift build and swift test"), "\(plan)")
        #expect(
            plan.contains(
                "not built here: Packages/Settings (it depends on Packages/Log, whose sources import os "
                    + "(Packages/Log/Sources/Log/Log.swift))"), "\(plan)")

        let pushed = try await repository.run("git", ["push", "-q", "origin", "main"])
        let text = pushed.errorText
        #expect(pushed.succeeded, "\(text)")
        #expect(
            text.contains(
                "Packages/Log is not built or tested here: its sources import os (Packages/Log/Sources/Log/Log.swift), "
                    + "which Swift on this machine does not have (its scanners still run); on a Mac prepush runs "
                    + "swift build --build-tests and swift test"), "\(text)")
        #expect(text.contains("Packages/Settings is not built or tested here: it depends on Packages/Log"))
        #expect(!text.contains("no such module"))
        // The other package is built and tested; the app is a Mac's.
        #expect(text.contains("prepush: package Packages/Core"))
        #expect(text.contains("1 test passed"), "\(text)")
        #expect(text.contains("no xcodebuild here: App.xcodeproj not built or tested"))
        #expect(!FileManager.default.fileExists(atPath: repository.work + "/Packages/Log/.build/debug"))
    }

    static let appleHost: Bool = {
        #if canImport(Darwin)
        true
        #else
        false
        #endif
    }()

    /// `../shared/bin/trial-repo` beside this repository (on CI too).
    static let trialRepo =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path + "/shared/bin/trial-repo"
}
