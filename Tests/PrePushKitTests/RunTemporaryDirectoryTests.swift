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

    @Test("The folder is made with mode 0700; one of this user's own with a looser mode is tightened")
    func folderIsPrivate() throws {
        let folders = try makeFolders()
        defer { try? FileManager.default.removeItem(atPath: folders.temporary) }
        let run = try RunTemporaryDirectory(
            gitDirectory: folders.gitDirectory, systemTemporaryDirectory: folders.temporary)
        #expect(try mode(run.path) == 0o700)
        run.remove()
        // An earlier version made it with the umask's mode.
        try FileManager.default.createDirectory(
            atPath: shared(folders), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        let again = try RunTemporaryDirectory(
            gitDirectory: folders.gitDirectory, systemTemporaryDirectory: folders.temporary)
        #expect(again.path == shared(folders))
        #expect(try mode(again.path) == 0o700)
        again.remove()
    }

    @Test("A link made at the folder's name by someone else is never followed: their folder's files stay")
    func linkAtTheNameIsRefused() throws {
        let folders = try makeFolders()
        defer { try? FileManager.default.removeItem(atPath: folders.temporary) }
        let victim = folders.temporary + "/victim"
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: victim + "/thesis.tex", contents: Data("x".utf8)))
        // Both names a run may take: the shared one and the one with this process's pid.
        try FileManager.default.createSymbolicLink(atPath: shared(folders), withDestinationPath: victim)
        try FileManager.default.createSymbolicLink(
            atPath: shared(folders) + "-\(getpid())", withDestinationPath: victim)

        let run = try RunTemporaryDirectory(
            gitDirectory: folders.gitDirectory, systemTemporaryDirectory: folders.temporary)
        #expect(run.path != shared(folders) && run.path != shared(folders) + "-\(getpid())")
        #expect(run.path.hasPrefix(shared(folders) + "-run-"))
        #expect(try mode(run.path) == 0o700)
        #expect(FileManager.default.createFile(atPath: run.path + "/left-by-a-step", contents: Data()))
        run.remove()
        #expect(!FileManager.default.fileExists(atPath: run.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim) == ["thesis.tex"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: shared(folders)) == victim)
    }

    @Test("A link inside the run's folder is removed, not followed")
    func linkInsideIsNotFollowed() throws {
        let folders = try makeFolders()
        defer { try? FileManager.default.removeItem(atPath: folders.temporary) }
        let victim = folders.temporary + "/victim"
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: victim + "/notes", contents: Data("x".utf8)))
        try FileManager.default.createDirectory(atPath: shared(folders), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: shared(folders) + "/link", withDestinationPath: victim)
        let run = try RunTemporaryDirectory(
            gitDirectory: folders.gitDirectory, systemTemporaryDirectory: folders.temporary)
        #expect(try FileManager.default.contentsOfDirectory(atPath: run.path).isEmpty)
        try FileManager.default.createSymbolicLink(atPath: run.path + "/link", withDestinationPath: victim)
        run.remove()
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim) == ["notes"])
    }

    @Test(
        "Another user's folder at the name is not used, and a dead run's folder of another user is not removed",
        .enabled(if: geteuid() == 0, "giving a folder to another user (chown) needs root")
    )
    func anotherUsersFolderIsRefused() throws {
        let folders = try makeFolders()
        defer { try? FileManager.default.removeItem(atPath: folders.temporary) }
        for name in [shared(folders), shared(folders) + "-4194305"] {
            try FileManager.default.createDirectory(
                atPath: name, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
            #expect(FileManager.default.createFile(atPath: name + "/planted", contents: Data()))
            #expect(chown(name, 4321, 4321) == 0)
        }
        let run = try RunTemporaryDirectory(
            gitDirectory: folders.gitDirectory, systemTemporaryDirectory: folders.temporary)
        #expect(run.path != shared(folders))
        run.remove()
        #expect(FileManager.default.fileExists(atPath: shared(folders) + "/planted"))
        #expect(FileManager.default.fileExists(atPath: shared(folders) + "-4194305/planted"))
    }

    private func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) & 0o777
    }
}
