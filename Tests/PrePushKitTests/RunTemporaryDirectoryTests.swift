import Foundation
import Testing

@testable import PrePushKit

@Suite("The run's temporary folder")
struct RunTemporaryDirectoryTests {
    private func makeGitDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "prepush-tmp-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("Runs one after another share one folder (SwiftPM keys its manifest cache on the environment)")
    func sequentialRunsShareTheFolder() throws {
        let gitDirectory = try makeGitDirectory()
        defer { try? FileManager.default.removeItem(atPath: gitDirectory) }
        let first = try RunTemporaryDirectory(gitDirectory: gitDirectory)
        #expect(first.path == gitDirectory + "/preflight/tmp")
        #expect(FileManager.default.createFile(atPath: first.path + "/left-by-a-step", contents: Data()))
        first.remove()
        #expect(!FileManager.default.fileExists(atPath: first.path))

        let second = try RunTemporaryDirectory(gitDirectory: gitDirectory)
        #expect(second.path == first.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: second.path).isEmpty)
        second.remove()
    }

    @Test("A run while another holds the folder gets its own, removed at its end")
    func concurrentRunGetsItsOwnFolder() throws {
        let gitDirectory = try makeGitDirectory()
        defer { try? FileManager.default.removeItem(atPath: gitDirectory) }
        let holding = try RunTemporaryDirectory(gitDirectory: gitDirectory)
        let other = try RunTemporaryDirectory(gitDirectory: gitDirectory)
        #expect(other.path == gitDirectory + "/preflight/tmp-\(getpid())")
        other.remove()
        #expect(!FileManager.default.fileExists(atPath: other.path))
        #expect(FileManager.default.fileExists(atPath: holding.path))
        holding.remove()
    }

    @Test("What a killed run left in the shared folder goes at the next run's start")
    func leftoversOfAKilledRunAreRemoved() throws {
        let gitDirectory = try makeGitDirectory()
        defer { try? FileManager.default.removeItem(atPath: gitDirectory) }
        let stale = gitDirectory + "/preflight/tmp/TemporaryDirectory.abc123"
        try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: true)
        let run = try RunTemporaryDirectory(gitDirectory: gitDirectory)
        #expect(!FileManager.default.fileExists(atPath: stale))
        run.remove()
    }
}
