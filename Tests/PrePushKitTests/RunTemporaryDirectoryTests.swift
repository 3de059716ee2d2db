import Foundation
import PreflightCore
import Testing

@testable import PrePushKit

@Suite("The run's temporary folder")
struct RunTemporaryDirectoryTests {
    /// A fresh folder standing in for the system's temporary directory, and a git directory name.
    private func makeFolders() throws -> (temporary: String, gitDirectory: String) {
        let temporary = NSTemporaryDirectory() + "prepush-tmp-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        return (temporary, "/work/Some Package/.git")
    }

    private func shared(_ folders: (temporary: String, gitDirectory: String)) -> String {
        folders.temporary + "/preflight-" + StableHash.fnv1a64Hex(folders.gitDirectory).prefix(12)
    }

    @Test(
        "Runs one after another share one folder outside the repository (SwiftPM keys its manifest cache on the environment)"
    )
    func sequentialRunsShareTheFolder() throws {
        let folders = try makeFolders()
        defer { try? FileManager.default.removeItem(atPath: folders.temporary) }
        let first = try RunTemporaryDirectory(
            gitDirectory: folders.gitDirectory, systemTemporaryDirectory: folders.temporary)
        #expect(first.path == shared(folders))
        #expect(FileManager.default.createFile(atPath: first.path + "/left-by-a-step", contents: Data()))
        first.remove()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folders.temporary).isEmpty)

        let second = try RunTemporaryDirectory(
            gitDirectory: folders.gitDirectory, systemTemporaryDirectory: folders.temporary)
        #expect(second.path == first.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: second.path).isEmpty)
        second.remove()
        // Another repository gets another folder.
        let other = try RunTemporaryDirectory(
            gitDirectory: "/elsewhere/.git", systemTemporaryDirectory: folders.temporary)
        #expect(other.path != first.path)
        other.remove()
    }

    @Test("A run while another holds the folder gets its own, removed at its end")
    func concurrentRunGetsItsOwnFolder() throws {
        let folders = try makeFolders()
        defer { try? FileManager.default.removeItem(atPath: folders.temporary) }
        let holding = try RunTemporaryDirectory(
            gitDirectory: folders.gitDirectory, systemTemporaryDirectory: folders.temporary)
        let other = try RunTemporaryDirectory(
            gitDirectory: folders.gitDirectory, systemTemporaryDirectory: folders.temporary)
        #expect(other.path == shared(folders) + "-\(getpid())")
        other.remove()
        #expect(!FileManager.default.fileExists(atPath: other.path))
        #expect(FileManager.default.fileExists(atPath: holding.path))
        holding.remove()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folders.temporary).isEmpty)
    }

    @Test("What a killed run left goes at the next run's start")
    func leftoversOfAKilledRunAreRemoved() throws {
        let folders = try makeFolders()
        defer { try? FileManager.default.removeItem(atPath: folders.temporary) }
        let stale = shared(folders) + "/TemporaryDirectory.abc123"
        try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: true)
        // A folder of its own left by a run whose process is gone (pid 2^22 + 1 is above Linux's limit).
        let orphan = shared(folders) + "-4194305"
        try FileManager.default.createDirectory(atPath: orphan, withIntermediateDirectories: true)
        let run = try RunTemporaryDirectory(
            gitDirectory: folders.gitDirectory, systemTemporaryDirectory: folders.temporary)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(!FileManager.default.fileExists(atPath: orphan))
        run.remove()
    }
}
