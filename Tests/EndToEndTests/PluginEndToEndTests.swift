import Foundation
import ProcessKit
import Testing

/// Preflight's SwiftPM plugins used the way a dependent package uses them: a temporary package
/// depending on this checkout by path, `swift build` with the todoscan build plugin, the
/// `todoscan` and `prepush-install` command plugins. The first command builds Preflight's tools
/// again inside the temporary package (a few minutes); the rest reuse that build.
@Suite("SwiftPM plugins end to end", .serialized)
struct PluginEndToEndTests {
    /// This checkout: the folder holding Package.swift, three levels above this file.
    private static let preflightRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    private struct Consumer {
        let root = NSTemporaryDirectory() + "preflight-plugins-" + UUID().uuidString
        var package: String { root + "/Consumer" }

        func write(_ path: String, _ text: String) throws {
            let full = package + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }

        func run(_ executable: String, _ arguments: [String]) async throws -> ProcessResult {
            var command = Command(executable, arguments, workingDirectory: package)
            command.environment = .inherit.setting(["PREPUSH_VERBOSE": "1"]).setting([
                "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "Test",
                "GIT_COMMITTER_EMAIL": "t@example.com",
            ]).removing("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")
            command.timeout = .seconds(1200)
            return try await command.run()
        }
    }

    private func makeConsumer() async throws -> Consumer {
        let consumer = Consumer()
        try FileManager.default.createDirectory(atPath: consumer.root, withIntermediateDirectories: true)
        // Depended on through a link named Preflight: a path dependency's identity is its folder's name.
        try FileManager.default.createSymbolicLink(
            atPath: consumer.root + "/Preflight", withDestinationPath: Self.preflightRoot)
        try consumer.write(
            "Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Consumer",
                dependencies: [.package(path: "../Preflight")],
                targets: [
                    .target(name: "Consumer", plugins: [.plugin(name: "TodoScanBuildPlugin", package: "Preflight")])
                ]
            )

            """)
        try consumer.write("Sources/Consumer/Consumer.swift", "// TODO: make it faster\npublic func f() {}\n")
        try consumer.write(".gitignore", ".build/\n")
        try await consumer.run("git", ["init", "-q", "-b", "main"]).checked()
        return consumer
    }

    @Test("swift build runs the todoscan build plugin; swift package todoscan and prepush-install work")
    func plugins() async throws {
        let consumer = try await makeConsumer()
        defer { try? FileManager.default.removeItem(atPath: consumer.root) }
        let source = consumer.package + "/Sources/Consumer/Consumer.swift"

        // The build plugin: a TODO is a warning, the build succeeds.
        let build = try await consumer.run("swift", ["build"])
        #expect(build.succeeded, "\(build.outputText)\(build.errorText)")
        let buildOutput = build.outputText + build.errorText
        #expect(buildOutput.contains("\(source):1:4: warning: TODO: make it faster"), "\(buildOutput)")

        // The command plugin: the same finding as a SwiftPM diagnostic, exit 0. SwiftPM prints a
        // plugin diagnostic without its file and line, so the message starts with them.
        let scan = try await consumer.run("swift", ["package", "todoscan"])
        #expect(scan.succeeded, "\(scan.outputText)\(scan.errorText)")
        #expect(
            (scan.outputText + scan.errorText).contains(
                "warning: Sources/Consumer/Consumer.swift:1:4: TODO: make it faster"))

        // An ERROR tag: the command plugin and the build fail, naming the line.
        try consumer.write(
            "Sources/Consumer/Consumer.swift", "// TODO: make it faster\npublic func f() {}\n// ERROR: not this\n")
        let failingScan = try await consumer.run("swift", ["package", "todoscan", "--target", "Consumer"])
        #expect(!failingScan.succeeded)
        #expect(
            (failingScan.outputText + failingScan.errorText).contains(
                "error: Sources/Consumer/Consumer.swift:3:4: ERROR: not this"),
            "\(failingScan.outputText)\(failingScan.errorText)")
        let failingBuild = try await consumer.run("swift", ["build"])
        #expect(!failingBuild.succeeded)
        #expect((failingBuild.outputText + failingBuild.errorText).contains("\(source):3:4: error: ERROR: not this"))

        // prepush-install writes into .git, so SwiftPM asks first; without a terminal it refuses.
        let refused = try await consumer.run("swift", ["package", "prepush-install"])
        #expect(!refused.succeeded)
        #expect((refused.outputText + refused.errorText).contains("--allow-writing-to-package-directory"))
        let install = try await consumer.run(
            "swift", ["package", "--allow-writing-to-package-directory", "prepush-install"])
        #expect(install.succeeded, "\(install.outputText)\(install.errorText)")
        let hook = try String(contentsOfFile: consumer.package + "/.git/hooks/pre-push", encoding: .utf8)
        #expect(hook.contains("preflight-hook-marker"))
    }
}
