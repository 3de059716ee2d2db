import Foundation
import ProcessKit
import Testing

/// Repositories as people have them: packages in subfolders, one depending on another by path, an
/// Xcode app beside local packages. The built `prepush` as the installed hook, real git, real
/// `swift build`/`swift test` per package.
@Suite("prepush layouts end to end", .serialized)
struct LayoutEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush

    static let coreTest = "import Core\nimport Testing\n@Test func doubles() { #expect(double(2) == 4) }\n"
    static let featureTest =
        "import Feature\nimport Testing\n@Test func quadruples() { #expect(quadruple(1) == 4) }\n"

    /// `Packages/Core` and, with `feature`, `Packages/Feature` depending on it by path; no package
    /// at the root. A bare remote `origin`.
    static func makeRepository(feature: Bool = true, app: Bool = false) async throws -> Repository {
        var files = [
            "README.md": "# Layout\n",
            "Packages/Core/Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Core", products: [.library(name: "Core", targets: ["Core"])],
                targets: [.target(name: "Core"), .testTarget(name: "CoreTests", dependencies: ["Core"])])
            """,
            "Packages/Core/Sources/Core/Core.swift": "public func double(_ a: Int) -> Int { a * 2 }\n",
            "Packages/Core/Tests/CoreTests/CoreTests.swift": coreTest,
        ]
        if feature {
            files["Packages/Feature/Package.swift"] = """
                // swift-tools-version: 6.0
                import PackageDescription
                let package = Package(
                    name: "Feature", dependencies: [.package(path: "../Core")],
                    targets: [
                        .target(name: "Feature", dependencies: [.product(name: "Core", package: "Core")]),
                        .testTarget(name: "FeatureTests", dependencies: ["Feature"]),
                    ])
                """
            files["Packages/Feature/Sources/Feature/Feature.swift"] =
                "import Core\npublic func quadruple(_ a: Int) -> Int { double(double(a)) }\n"
            files["Packages/Feature/Tests/FeatureTests/FeatureTests.swift"] = featureTest
        }
        if app {
            files["App.xcodeproj/project.pbxproj"] = "// !$*UTF8*$!\n{ archiveVersion = 1; }\n"
            files["App/AppMain.swift"] = "import Core\nlet answer = double(21)\n"
        }
        return try await Repository.make(files: files)
    }

    func push(_ repository: Repository, environment: [String: String] = [:]) async throws -> ProcessResult {
        try await repository.run("git", ["push", "-q", "origin", "main"], environment: environment)
    }

    /// This process's PATH with xcodebuild and xcrun hidden, as on a machine without Xcode: a
    /// folder in `root` of links to every other program on PATH (the first of each name, as a
    /// lookup finds it). On Linux nothing is hidden; on a Mac `/usr/bin`'s two are, and its
    /// `swift` and `git` shims are still found through their links.
    static func pathWithoutXcode(in root: String) throws -> String {
        let folder = root + "/no-xcode-bin"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var linked: Set<String> = ["xcodebuild", "xcrun"]
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: String(directory))) ?? []
            for name in names.sorted() where !linked.contains(name) {
                let target = directory + "/" + name
                guard FileManager.default.isExecutableFile(atPath: target) else { continue }
                linked.insert(name)
                try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: target)
            }
        }
        return folder
    }

    @Test(
        "Two packages, one depending on the other by path: a change in the dependency checks both in order, in the dependent only it, a README nothing; a failing test in either blocks"
    )
    func dependentPackages() async throws {
        let repository = try await Self.makeRepository()
        try await repository.run(Self.prepush, ["install"]).checked()

        // The first push: everything is new; both, Core first.
        let first = try await push(repository)
        #expect(first.succeeded, "\(first.errorText)")
        let text = first.errorText
        let core = try #require(text.range(of: "prepush: package Packages/Core\n"), "\(text)")
        let feature = try #require(text.range(of: "prepush: package Packages/Feature"), "\(text)")
        #expect(core.lowerBound < feature.lowerBound)
        #expect(text.contains("2 packages"))
        #expect(!text.contains("Could not find Package.swift"))

        // Only the dependent: Core is unchanged.
        try repository.write(
            "Packages/Feature/Sources/Feature/Feature.swift",
            "import Core\npublic func quadruple(_ a: Int) -> Int { double(a) * 2 }\n")
        try await repository.commit("feature")
        let dependent = try await push(repository)
        #expect(dependent.succeeded, "\(dependent.errorText)")
        #expect(dependent.errorText.contains("prepush: package Packages/Feature"))
        #expect(!dependent.errorText.contains("prepush: package Packages/Core"))
        #expect(dependent.errorText.contains("unchanged: Packages/Core"))

        // The dependency: both, the dependent because of it.
        try repository.write(
            "Packages/Core/Sources/Core/Core.swift", "public func double(_ a: Int) -> Int { a + a }\n")
        try await repository.commit("core")
        let dependency = try await push(repository)
        #expect(dependency.succeeded, "\(dependency.errorText)")
        #expect(dependency.errorText.contains("prepush: package Packages/Core\n"))
        #expect(dependency.errorText.contains("prepush: package Packages/Feature (it depends on Packages/Core)"))

        // A change outside every package: nothing to check, no swift at all.
        try repository.write("README.md", "# Layout\n\nMore.\n")
        try repository.write("scripts/generate.swift", "print(1)\n")
        try await repository.commit("docs and a script")
        let outside = try await push(repository)
        #expect(outside.succeeded, "\(outside.errorText)")
        #expect(outside.errorText.contains("changes no package (it changes scripts/generate.swift only)"))
        #expect(!outside.errorText.contains("==> build"))

        // A failing test in the dependency stops the push before the dependent is built.
        try repository.write(
            "Packages/Core/Tests/CoreTests/CoreTests.swift",
            Self.coreTest.replacingOccurrences(of: "== 4", with: "== 5"))
        try await repository.commit("broken core test")
        let brokenCore = try await push(repository)
        #expect(!brokenCore.succeeded)
        #expect(
            brokenCore.errorText.contains("Packages/Core test failed; the push is stopped"), "\(brokenCore.errorText)")
        #expect(brokenCore.errorText.contains("not checked after the failure: Packages/Feature"))

        // --keep-going checks the dependent too and reports both rows.
        let keepGoing = try await repository.run(Self.prepush, ["--keep-going"])
        #expect(keepGoing.termination == .exited(1))
        #expect(keepGoing.errorText.contains("prepush: package Packages/Feature"))
        #expect(keepGoing.errorText.contains("Packages/Feature  test"), "\(keepGoing.errorText)")
        try repository.write("Packages/Core/Tests/CoreTests/CoreTests.swift", Self.coreTest)
        try await repository.commit("fixed core test")

        // A failing test in the dependent blocks too.
        try repository.write(
            "Packages/Feature/Tests/FeatureTests/FeatureTests.swift",
            Self.featureTest.replacingOccurrences(of: "== 4", with: "== 5"))
        try await repository.commit("broken feature test")
        let brokenFeature = try await push(repository)
        #expect(!brokenFeature.succeeded)
        #expect(brokenFeature.errorText.contains("Packages/Feature test failed; the push is stopped"))

        // The cache is per package. By hand at the root every package is in question: Core was
        // verified at this content, so only Feature is checked; the push then finds Feature verified.
        try repository.write("Packages/Feature/Tests/FeatureTests/FeatureTests.swift", Self.featureTest)
        try repository.write(
            "Packages/Feature/Sources/Feature/Feature.swift",
            "import Core\npublic func quadruple(_ a: Int) -> Int { double(a) + double(a) }\n")
        try await repository.commit("fixed feature test")
        let byHand = try await repository.run(Self.prepush, [])
        #expect(byHand.succeeded, "\(byHand.errorText)")
        #expect(byHand.errorText.contains("prepush: Packages/Core of "), "\(byHand.errorText)")
        #expect(byHand.errorText.contains("already verified"))
        #expect(byHand.errorText.contains("prepush: package Packages/Feature"))
        let final = try await push(repository)
        #expect(final.succeeded, "\(final.errorText)")
        #expect(final.errorText.contains("Packages/Feature of "), "\(final.errorText)")
        #expect(final.errorText.contains("already verified"))
        #expect(!final.errorText.contains("==> build"))
    }

    @Test("The only package in a subfolder: checked there; by hand in its folder, and --package from the root")
    func packageInSubfolder() async throws {
        let repository = try await Self.makeRepository(feature: false)
        try await repository.run(Self.prepush, ["install"]).checked()
        let pushed = try await push(repository)
        #expect(pushed.succeeded, "\(pushed.errorText)")
        #expect(pushed.errorText.contains("1 test passed"))
        #expect(pushed.errorText.contains("prepush: package Packages/Core"))

        let inFolder = try await repository.run(
            Self.prepush, ["--no-cache"], in: repository.work + "/Packages/Core/Sources")
        #expect(inFolder.succeeded, "\(inFolder.errorText)")
        #expect(inFolder.errorText.contains("prepush: package Packages/Core"))

        let named = try await repository.run(Self.prepush, ["--no-cache", "--package", "Packages/Core"])
        #expect(named.succeeded, "\(named.errorText)")
        let unknown = try await repository.run(Self.prepush, ["--package", "Packages/Nope"])
        #expect(unknown.termination == .exited(2))
        #expect(unknown.errorText.contains("'Packages/Nope' is not one of the repository's packages"))

        let printed = try await repository.run(Self.prepush, ["--print-config", "--json"])
        #expect(printed.outputText.contains(#""path" : "Packages/Core""#), "\(printed.outputText)")
    }

    @Test(
        "An Xcode project beside a local package, where xcodebuild does not exist: the package checked, the app skipped with what would run on a Mac"
    )
    func appBesidePackages() async throws {
        let repository = try await Self.makeRepository(feature: false, app: true)
        try await repository.run(Self.prepush, ["install"]).checked()
        // A PATH without xcodebuild and xcrun, as on Linux, also on a Mac (where /usr/bin has both).
        let noXcode = ["PATH": try Self.pathWithoutXcode(in: repository.root)]
        let which = try await repository.run(
            "/bin/sh", ["-c", "command -v xcodebuild xcrun || true"], environment: noXcode)
        try #require(which.outputText.isEmpty, "xcodebuild or xcrun still on PATH: \(which.outputText)")

        let first = try await push(repository, environment: noXcode)
        #expect(first.succeeded, "\(first.errorText)")
        #expect(first.errorText.contains("prepush: package Packages/Core"))
        // An app at the root is named after its project, never `.`.
        #expect(first.errorText.contains("prepush: app App.xcodeproj"))
        #expect(first.errorText.contains("no xcodebuild here: App.xcodeproj not built or tested"))
        #expect(first.errorText.contains("-scheme App"))
        #expect(first.errorText.contains("not built here: App.xcodeproj (no xcodebuild)"))

        // A change in the app's own files: only the app, skipped again; nothing is cached for it.
        try repository.write("App/AppMain.swift", "import Core\nlet answer = double(20) + 2\n")
        try await repository.commit("app")
        let app = try await push(repository, environment: noXcode)
        #expect(app.succeeded, "\(app.errorText)")
        #expect(app.errorText.contains("no xcodebuild here"))
        #expect(app.errorText.contains("unchanged: Packages/Core"))
        #expect(!app.errorText.contains("==> build"))
        // Its scanners ran: the verdict names them, never an empty "()".
        #expect(app.errorText.contains("==> todoscan"))
        #expect(!app.errorText.contains("passed ()"))

        // An ERROR comment in the app's own code stops the push, on Linux too.
        try repository.write(
            "App/AppMain.swift", "import Core\nlet answer = double(20) + 2\n// ERROR: remove before release\n")
        try await repository.commit("app error")
        let stopped = try await push(repository, environment: noXcode)
        #expect(!stopped.succeeded, "\(stopped.errorText)")
        #expect(stopped.errorText.contains("ERROR: remove before release"))
    }
}
