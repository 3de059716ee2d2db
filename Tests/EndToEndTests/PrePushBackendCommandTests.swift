import Foundation
import ProcessKit
import TestSupport
import Testing

/// The built `prepush` asked for the xcodebuild backend where there is no Xcode (this Linux machine):
/// a usage error naming the missing tool, with what to do instead, and no step run.
@Suite("prepush --backend")
struct PrePushBackendCommandTests {
    private static let prepush = ToolCommandTests.productsDirectory + "/prepush"

    /// A git repository with one commit holding an Xcode project folder and a Swift file; removed
    /// when the last copy of the fixture is released.
    private func makeRepository() throws -> GitFixture {
        let repository = try GitFixture("prepush-backend")
        try repository.write("Notes.xcodeproj/project.pbxproj", "<?xml version=\"1.0\"?>\n")
        try repository.write("Notes.swift", "let x = 1\n")
        try repository.commitAll("initial")
        return repository
    }

    @Test(
        "Without xcodebuild on PATH: exit 2, 'xcodebuild was not found', a recovery suggestion",
        arguments: [["--backend", "xcodebuild"], ["--xcode", "--scheme", "Notes"], []])
    func xcodebuildMissing(arguments: [String]) async throws {
        let repository = try makeRepository()
        let root = repository.root
        // No flag at all: no Package.swift but an .xcodeproj at the root picks xcodebuild too.
        // A PATH with git and the shell's folder but no xcodebuild, on Linux and on a Mac with Xcode.
        let tools = root + "/.tools"
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        let git = try #require(Command.locate("git", searchPath: ProcessInfo.processInfo.environment["PATH"]))
        try FileManager.default.createSymbolicLink(atPath: tools + "/git", withDestinationPath: git)
        var command = Command(Self.prepush, arguments + ["--no-cache"], workingDirectory: root)
        command.environment = .inherit.setting(["PREPUSH_VERBOSE": "1"]).setting(["PATH": tools + ":/bin"])
        let result = try await command.run()
        #expect(result.termination == .exited(2))
        #expect(result.errorText.contains("prepush: error: xcodebuild was not found"), "\(result.errorText)")
        #expect(result.errorText.contains("--backend swiftpm"))
        #expect(!result.errorText.contains("==> build"))
    }

    @Test("--workspace and --project together are a usage error")
    func workspaceAndProject() async throws {
        let result = try await Command(Self.prepush, ["--workspace", "A.xcworkspace", "--project", "B.xcodeproj"])
            .run()
        #expect(result.termination == .exited(2))
        #expect(result.errorText.contains("not both"))
    }
}
