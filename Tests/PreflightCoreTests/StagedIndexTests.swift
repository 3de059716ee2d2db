import Foundation
import Testing

@testable import PreflightCore

/// ``StagedIndex`` against real git: what is staged, never what is on disk, and only regular files.
@Suite("Staged index")
struct StagedIndexTests {
    @Test("Staged bytes and added lines, not the work tree's; symbolic links and deleted files handled")
    func stagedContent() throws {
        let repository = try GitRepositoryFixture()
        defer { repository.remove() }
        try repository.write("a.swift", "one\ntwo\n")
        try repository.write("same.swift", "unchanged\n")
        try repository.commitAll("initial")

        try repository.write("a.swift", "one\nstaged\ntwo\n")
        try repository.write("dir with space/ü.swift", "new\n")
        try FileManager.default.createSymbolicLink(
            atPath: repository.path("link.swift"), withDestinationPath: "a.swift")
        try repository.git("add", "-A")
        // The work tree moves on: a changed line, a deleted staged file, an untracked file.
        try repository.write("a.swift", "unstaged\n")
        try FileManager.default.removeItem(atPath: repository.path("dir with space/ü.swift"))
        try repository.write("untracked.swift", "x\n")
        let indexBefore = FileManager.default.contents(atPath: repository.path(".git/index"))

        let index = try StagedIndex.read(in: repository.root, allFiles: true)
        #expect(index.root == repository.root)
        let a = repository.path("a.swift")
        let new = repository.path("dir with space/ü.swift")
        #expect(index.files == [a, new, repository.path("same.swift")])
        #expect(index.changedFiles == [a, new])
        // Every file listed: the changed files count whole (errorlint's findings in them).
        #expect(index.added == AddedLines(newFiles: [a, new]))
        // Only the changed files: their added lines, from git's diff of the contents (todoscan's).
        let changed = try StagedIndex.read(in: repository.root, allFiles: false)
        #expect(changed.changedFiles == [a, new])
        #expect(changed.added.lines[a] == [2...2])
        #expect(changed.added.newFiles.contains(new))  // the link too, but it is no file to read

        let loaded = try index.loading(index.files)
        #expect(try loaded.contents(of: a, limit: 100) == Array("one\nstaged\ntwo\n".utf8))
        #expect(try loaded.contents(of: new, limit: 100) == Array("new\n".utf8))
        #expect(throws: BoundedFileError.tooLarge(path: a, size: 15, limit: 4)) {
            try loaded.contents(of: a, limit: 4)
        }
        #expect(throws: BoundedFileError.self) { try loaded.contents(of: repository.path("untracked.swift"), limit: 9) }
        #expect(FileManager.default.contents(atPath: repository.path(".git/index")) == indexBefore)

        // Discovery over the staged list: includes and excludes as for a walk.
        let discovery = FileDiscovery(excludes: [Glob("dir with space/**")])
        #expect(
            discovery.files(staged: index.files, under: [repository.root]).files == [a, repository.path("same.swift")])
        #expect(discovery.files(staged: index.files, under: [new]).files == [new])
    }

    @Test("Without a commit, everything staged is new; outside a repository is an error")
    func noCommitYet() throws {
        let repository = try GitRepositoryFixture()
        defer { repository.remove() }
        try repository.write("a.swift", "one\n")
        try repository.git("add", "-A")
        let index = try StagedIndex.read(in: repository.root, allFiles: false)
        #expect(index.changedFiles == [repository.path("a.swift")])
        #expect(index.added.newFiles == [repository.path("a.swift")])

        let outside = try GitRepositoryFixture(initialize: false)
        defer { outside.remove() }
        #expect(throws: GitError.self) { try StagedIndex.read(in: outside.root, allFiles: false) }
    }
}
