import Foundation
import ProcessKit
import Testing

/// What needs no build runs first, for every unit: a push adding an `ERROR` tag is stopped by the
/// scanners before anything is built; and a unit's scanners leave out the folders of the units
/// inside it, so a finding in an app's local package is reported once. The built `prepush`, real
/// git with a bare remote, real `swift`.
@Suite("Fail fast end to end", .serialized)
struct FailFastEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush

    @Test("A push adding an ERROR comment is stopped by todoscan before any build starts")
    func errorStoppedBeforeTheBuild() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try await repository.run(Self.prepush, ["install"]).checked()
        try repository.write(
            "Sources/Calc/Calc.swift", "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n// ERROR: not yet\n")
        try await repository.commit("error")
        let pushed = try await repository.run("git", ["push", "origin", "main"])
        #expect(pushed.termination != .exited(0), "\(pushed.errorText)")
        #expect(pushed.errorText.contains("Calc.swift:2:4: error: ERROR: not yet"), "\(pushed.errorText)")
        #expect(pushed.errorText.contains("todoscan failed; the push is stopped"), "\(pushed.errorText)")
        #expect(try await repository.remoteHead("main") != repository.run("git", ["rev-parse", "main"]).outputText)
        // Nothing was built: no swift build ran, in place or in prepush's worktree (both under .build).
        let log = try Self.lastLog(of: repository) ?? pushed.errorText
        #expect(!log.contains("==> build"), "\(log)")
        #expect(!FileManager.default.fileExists(atPath: repository.work + "/.build/debug"))
        #expect(!FileManager.default.fileExists(atPath: repository.work + "/.build/prepush-worktree/.build"))
    }

    @Test("A finding in an app's local package is reported once, by the package's check, not by the app's too")
    func findingInAnAppsPackageReportedOnce() async throws {
        let repository = try await Repository.make(files: [
            "App.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{ archiveVersion = 1; }\n",
            "App/AppMain.swift": "import Core\nlet answer = double(21)\n",
            "Packages/Core/Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Core", products: [.library(name: "Core", targets: ["Core"])],
                targets: [.target(name: "Core"), .testTarget(name: "CoreTests", dependencies: ["Core"])])
            """,
            "Packages/Core/Sources/Core/Core.swift": "public func double(_ a: Int) -> Int { a * 2 }\n",
            "Packages/Core/Tests/CoreTests/CoreTests.swift":
                "import Core\nimport Testing\n@Test func doubles() { #expect(double(2) == 4) }\n",
        ])
        try repository.write(
            "Packages/Core/Sources/Core/Core.swift", "public func double(_ a: Int) -> Int { a * 2 }\n// ERROR: once\n")
        try repository.write("App/AppMain.swift", "import Core\nlet answer = double(21)\n// TODO: the app's own\n")
        try await repository.commit("findings")
        // Every unit's scanners (--keep-going), the builds left out: the app's folder holds the package's.
        let noXcode = [
            "PATH": try LayoutEndToEndTests.pathWithoutXcode(in: repository.root),
            "PREPUSH_SKIP": "build,test,coverage",
        ]
        let checked = try await repository.run(
            Self.prepush, ["--keep-going", "--all-findings", "--verbose"], environment: noXcode)
        let text = checked.errorText
        #expect(checked.termination == .exited(1), "\(text)")
        // The package's check reports it (its path from the package's folder); the app's, whose
        // folder holds the package's, does not (it would name it from the app's folder).
        #expect(text.contains("Sources/Core/Core.swift:2:4: error: ERROR: once"), "\(text)")
        #expect(!text.contains("Packages/Core/Sources/Core/Core.swift:2:4"), "\(text)")
        #expect(text.contains("App/AppMain.swift:3:4: warning: TODO: the app's own"), "\(text)")
        // Each scanner ran for both units.
        #expect(text.components(separatedBy: "==> todoscan").count == 3, "\(text)")
    }

    /// The full log of the last run, when prepush kept one (the path its last lines name).
    static func lastLog(of repository: Repository) throws -> String? {
        let folder = repository.work + "/.git/preflight/logs"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        guard let last = names.filter({ $0.hasSuffix(".log") }).sorted().last else { return nil }
        return try String(contentsOfFile: folder + "/" + last, encoding: .utf8)
    }
}
