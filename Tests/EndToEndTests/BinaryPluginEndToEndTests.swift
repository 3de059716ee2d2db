import Foundation
import ProcessKit
import TestSupport
import Testing

/// The plugin package on prebuilt tools (Plugins/Binary) used the way a dependent package uses it:
/// scripts/release.sh packs the tools this test run built into Preflight.artifactbundle (a release
/// build takes 10+ minutes, so the debug binaries stand in for the release ones; the bundle and the
/// plugin package are release.sh's), and a temporary package that depends on PreflightPlugins,
/// whose binary target is that bundle by local path, runs `swift package todoscan` and
/// `swift package errorlint` without fetching or compiling swift-syntax.
@Suite("Plugins on the artifact bundle end to end", .serialized)
struct BinaryPluginEndToEndTests {
    @Test("swift package todoscan and errorlint run the bundle's tools; swift-syntax is neither fetched nor built")
    func pluginsOnTheBundle() async throws {
        let root = NSTemporaryDirectory() + "preflight-binary-plugins-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let slot = try await ScriptTests.hostSlot()

        // Zipping the debug tools and SwiftPM's checksum of the zip: a minute on a loaded 2-core
        // machine, and CI's once ran past 120 s; the same guard as the plugins' runs below.
        let release = try await ScriptTests.run(
            "scripts/release.sh",
            ["--no-build", "--slot", "\(slot)=\(ProductsFolder.path)", "--output", root + "/dist"],
            timeout: .seconds(900))
        #expect(release.succeeded, "\(release.errorText)")

        let package = root + "/Consumer"
        func write(_ path: String, _ text: String) throws {
            let full = package + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        try write(
            "Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Consumer",
                dependencies: [.package(path: "../dist/PreflightPlugins")],
                targets: [.target(name: "Consumer")]
            )

            """)
        // errorlint asks for failureReason only when told to (its default is errorDescription alone).
        try write(".preflight.json", #"{"errorlint": {"requiredMembers": ["failureReason"]}}"#)
        try write(
            "Sources/Consumer/ConsumerError.swift",
            """
            import Foundation

            // TODO: make it faster
            enum ConsumerError: LocalizedError {
                case broke
                var errorDescription: String? { String(localized: "It broke.") }
            }

            """)
        func swiftPackage(_ verb: String) async throws -> String {
            var command = Command("swift", ["package", verb], workingDirectory: package)
            command.timeout = .seconds(900)
            let result = try await command.run()
            #expect(result.succeeded, "\(result.outputText)\(result.errorText)")
            return result.outputText + result.errorText
        }

        let todoscan = try await swiftPackage("todoscan")
        #expect(
            todoscan.contains("warning: Sources/Consumer/ConsumerError.swift:3:4: TODO: make it faster"), "\(todoscan)")
        let errorlint = try await swiftPackage("errorlint")
        #expect(
            errorlint.contains("'ConsumerError' does not implement failureReason [missing-member]"), "\(errorlint)")

        // Neither run built a tool: no product build, no swift-syntax checkout, no SwiftSyntax module.
        for output in [todoscan, errorlint] {
            #expect(!output.contains("Build of product"), "\(output)")
            #expect(!output.contains("SwiftSyntax"), "\(output)")
        }
        let build = package + "/.build"
        #expect(!FileManager.default.fileExists(atPath: build + "/checkouts/swift-syntax"))
        let built = FileManager.default.enumerator(atPath: build)?.compactMap { $0 as? String } ?? []
        // (Nor a build folder for it: a plugin's tool would be built in SwiftSyntax-tool.build.)
        #expect(
            !built.contains { $0.contains("SwiftSyntax") }, "\(built.filter { $0.contains("SwiftSyntax") }.prefix(5))")
        // The tools that ran are the bundle's: SwiftPM records it as the package's one artifact, used in place.
        let state = try String(contentsOfFile: build + "/workspace-state.json", encoding: .utf8)
        #expect(state.contains("PreflightPlugins/Preflight.artifactbundle"), "\(state)")
        #expect(state.contains("PreflightTools"))
    }

    /// The bundle scripts/release.sh leaves in its default place after a real release build.
    static let releaseBundle = ScriptTests.packageRoot + "/.build-release/dist/Preflight.artifactbundle"

    @Test(
        "The release bundle's Linux tools carry the Swift runtime and Foundation (needs scripts/release.sh first)",
        .enabled(
            if: FileManager.default.fileExists(atPath: releaseBundle + "/info.json"),
            "no release bundle: run scripts/release.sh (a release build, 10+ minutes) to check it"))
    func releaseBundleIsStatic() async throws {
        let slot = try await ScriptTests.hostSlot()
        try #require(slot.hasPrefix("linux"), "the Swift runtime is part of macOS; nothing to check there")
        for tool in ["prepush", "todoscan", "errorlint"] {
            let binary = Self.releaseBundle + "/\(slot)/bin/\(tool)"
            let libraries = try await Command("ldd", [binary]).run()
            #expect(libraries.succeeded, "\(libraries.errorText)")
            #expect(!libraries.outputText.contains("libswift"), "\(tool): \(libraries.outputText)")
            #expect(!libraries.outputText.contains("libFoundation"), "\(tool): \(libraries.outputText)")
            let version = try await Command(binary, ["--version"]).run()
            #expect(version.succeeded && version.outputText.contains("0.1.0"), "\(tool): \(version.outputText)")
        }
    }
}
