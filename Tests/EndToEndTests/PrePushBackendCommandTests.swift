import Foundation
import ProcessKit
import Testing

/// The built `prepush` asked for the xcodebuild backend where there is no Xcode (this Linux machine):
/// a usage error naming the missing tool, with what to do instead, and no step run.
@Suite("prepush --backend")
struct PrePushBackendCommandTests {
    private static let prepush = ToolCommandTests.productsDirectory + "/prepush"

    /// A git repository with one commit holding an Xcode project folder and a Swift file.
    private func makeRepository() async throws -> String {
        let root = NSTemporaryDirectory() + "prepush-backend-" + UUID().uuidString
        try FileManager.default.createDirectory(
            atPath: root + "/Notes.xcodeproj", withIntermediateDirectories: true)
        try "<?xml version=\"1.0\"?>\n".write(
            toFile: root + "/Notes.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        try "let x = 1\n".write(toFile: root + "/Notes.swift", atomically: true, encoding: .utf8)
        for arguments in [["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "initial"]] {
            try await git(arguments, in: root).checked()
        }
        return root
    }

    private func git(_ arguments: [String], in directory: String) async throws -> ProcessResult {
        var command = Command("git", arguments, workingDirectory: directory)
        command.environment = .inherit.setting([
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "Test",
            "GIT_COMMITTER_EMAIL": "t@example.com",
        ]).removing("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")
        return try await command.run()
    }

    @Test(
        "Without xcodebuild on PATH: exit 2, 'xcodebuild was not found', a recovery suggestion",
        arguments: [["--backend", "xcodebuild"], ["--xcode", "--scheme", "Notes"], []])
    func xcodebuildMissing(arguments: [String]) async throws {
        let root = try await makeRepository()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // No flag at all: no Package.swift but an .xcodeproj at the root picks xcodebuild too.
        // A PATH with git and the shell's folder but no xcodebuild, on Linux and on a Mac with Xcode.
        let tools = root + "/.tools"
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        let git = try #require(Command.locate("git", searchPath: ProcessInfo.processInfo.environment["PATH"]))
        try FileManager.default.createSymbolicLink(atPath: tools + "/git", withDestinationPath: git)
        var command = Command(Self.prepush, arguments + ["--no-cache"], workingDirectory: root)
        command.environment = .inherit.setting(["PATH": tools + ":/bin"])
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
