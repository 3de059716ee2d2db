import Foundation
import PreflightCore
import ProcessKit
import TestSupport
import Testing

@testable import PrePushKit

/// Where a report may be written, in a real git repository: the hostile paths of issue 25 each
/// refused with the file left as it was, prepush's own reports replaced, the command line alone
/// allowed outside the repository.
@Suite("Report destinations")
struct ReportDestinationTests {
    /// A repository with one commit (`Sources/A.swift`, tracked) and an untracked `Notes.swift`,
    /// removed when the last copy of its fixture is released.
    private func makeRepository() throws -> (repository: GitFixture, destination: ReportDestination) {
        let repository = try GitFixture("report-destination")
        try repository.write("Sources/A.swift", "let a = 1\n")
        try repository.commitAll("one")
        try repository.write("Notes.swift", "my notes\n")
        return (repository, ReportDestination(root: repository.root, gitDirectory: repository.root + "/.git"))
    }

    private func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test("Never inside the git directory, also through a link to it")
    func gitDirectoryIsRefused() async throws {
        let (repository, destination) = try makeRepository()
        let root = repository.root
        let head = contents(root + "/.git/HEAD")
        #expect(throws: ReportFileError.insideGitDirectory(path: destination.root + "/.git/HEAD")) {
            try destination.write(Data("{}".utf8), to: ".git/HEAD", fromCommandLine: true)
        }
        #expect(throws: ReportFileError.self) {
            try destination.write(Data("{}".utf8), to: root + "/.git/new-report.json", fromCommandLine: true)
        }
        try FileManager.default.createSymbolicLink(atPath: root + "/reports", withDestinationPath: root + "/.git")
        #expect(throws: ReportFileError.self) {
            try destination.write(Data("{}".utf8), to: "reports/config", fromCommandLine: true)
        }
        #expect(contents(root + "/.git/HEAD") == head)
        #expect(!FileManager.default.fileExists(atPath: root + "/.git/new-report.json"))
    }

    @Test("Never over a tracked file or one prepush did not write; its own report is replaced")
    func foreignFilesAreRefused() async throws {
        let (repository, destination) = try makeRepository()
        let root = repository.root
        #expect(throws: ReportFileError.tracked(path: destination.root + "/Sources/A.swift")) {
            try destination.write(Data("x".utf8), to: "Sources/A.swift", fromCommandLine: true)
        }
        #expect(throws: ReportFileError.notWritten(path: destination.root + "/Notes.swift")) {
            try destination.write(Data("x".utf8), to: "Notes.swift", fromCommandLine: false)
        }
        #expect(contents(root + "/Sources/A.swift") == Data("let a = 1\n".utf8))
        #expect(contents(root + "/Notes.swift") == Data("my notes\n".utf8))

        // Its own report, written twice: the second run replaces the first's.
        try destination.write(Data("first".utf8), to: "coverage/lcov.info", fromCommandLine: false)
        try destination.write(Data("second".utf8), to: "coverage/lcov.info", fromCommandLine: false)
        #expect(contents(root + "/coverage/lcov.info") == Data("second".utf8))
        // Edited since: no longer prepush's own.
        try "edited".write(toFile: root + "/coverage/lcov.info", atomically: true, encoding: .utf8)
        #expect(throws: ReportFileError.self) {
            try destination.write(Data("third".utf8), to: "coverage/lcov.info", fromCommandLine: false)
        }
        #expect(contents(root + "/coverage/lcov.info") == Data("edited".utf8))
    }

    @Test("A link or a folder at the path is not replaced")
    func specialFilesAreRefused() async throws {
        let (repository, destination) = try makeRepository()
        let root = repository.root
        try FileManager.default.createSymbolicLink(atPath: root + "/lcov.info", withDestinationPath: "Notes.swift")
        #expect(throws: ReportFileError.notAFile(path: destination.root + "/lcov.info")) {
            try destination.write(Data("x".utf8), to: "lcov.info", fromCommandLine: true)
        }
        #expect(contents(root + "/Notes.swift") == Data("my notes\n".utf8))
        #expect(throws: ReportFileError.notAFile(path: destination.root + "/Sources")) {
            try destination.write(Data("x".utf8), to: "Sources", fromCommandLine: true)
        }
    }

    @Test("Outside the repository only when the command line says so")
    func outsideNeedsTheCommandLine() async throws {
        let (repository, destination) = try makeRepository()
        let root = repository.root
        // Named by its physical path, as the root is (on a Mac, TMPDIR's /var/folders is /private/var/folders).
        let outside = PhysicalRoot.physical((root as NSString).deletingLastPathComponent) + "/outside.info"
        #expect(throws: ReportFileError.outsideRepository(path: outside, root: destination.root)) {
            try destination.write(Data("x".utf8), to: "../outside.info", fromCommandLine: false)
        }
        #expect(!FileManager.default.fileExists(atPath: outside))
        try destination.write(Data("x".utf8), to: "../outside.info", fromCommandLine: true)
        #expect(contents(outside) == Data("x".utf8))
    }
}
