import Foundation
import TestSupport
import Testing

@testable import PreflightCore

/// ``StagedIndex`` against real git: what is staged, never what is on disk, and only regular files.
@Suite("Staged index")
struct StagedIndexTests {
    @Test("Staged bytes and added lines, not the work tree's; symbolic links and deleted files handled")
    func stagedContent() throws {
        let repository = try GitFixture(linksResolved: true)
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
        var changed = try StagedIndex.read(in: repository.root, allFiles: false)
        #expect(changed.changedFiles == [a, new])
        // The added lines are git's diff's, known before anything is loaded.
        #expect(changed.added.lines[a] == [2...2])
        changed = try changed.loading(changed.changedFiles)
        #expect(try changed.contents(of: a, limit: 100) == Array("one\nstaged\ntwo\n".utf8))
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

    @Test(
        "One diff for the changed files and their lines: the same as git's raw changes and -U0 patch asked apart, names with newlines, tabs and quotes included"
    )
    func changesWithLinesInOneCall() throws {
        let repository = try GitFixture(linksResolved: true)
        try repository.write("a.swift", "one\ntwo\n")
        try repository.write("old name.swift", (1...20).map { "line \($0)\n" }.joined())
        try repository.write("gone.swift", "x\n")
        try repository.commitAll("initial")
        try repository.write("a.swift", "one\nstaged\ntwo\nmore\n")
        try repository.git("mv", "old name.swift", "new\nname.swift")
        try repository.write("new\nname.swift", (1...20).map { "line \($0)\n" }.joined() + "added\n")
        try repository.write("tab\there \"q\".swift", "fresh\n")
        try repository.write("é.bin", "\u{0}binary")
        try FileManager.default.removeItem(atPath: repository.path("gone.swift"))
        try repository.git("add", "-A")

        let git = GitRepository(root: repository.root)
        let combined = try git.stagedChangesWithAddedLines()
        // git asked twice, as before: the raw changes, and the -U0 patch with names escaped.
        #expect(combined.changes == (try git.stagedChanges()))
        #expect(combined.lines == (try git.addedLines(diffing: ["--cached"], exactNames: true)))
        #expect(combined.changes.count == 4)
        let index = try StagedIndex.read(in: repository.root, allFiles: false)
        // Names with control characters are named by their bytes (GitPathName), as before.
        let renamed = repository.path(GitPathName.name(Array("new\nname.swift".utf8)))
        #expect(index.changedFiles.count == 4)
        #expect(index.added.lines[renamed] == [21...21])
        #expect(index.added.lines[repository.path("a.swift")] == [2...2, 4...4])
        #expect(index.added.newFiles.contains(repository.path(GitPathName.name(Array("tab\there \"q\".swift".utf8)))))
    }

    @Test("Staged bytes are the blobs, whatever the work tree holds: line-ending conversion, unstaged edits")
    func workTreeCopies() throws {
        let repository = try GitFixture(linksResolved: true)
        try repository.write(".gitattributes", "crlf.swift text eol=crlf\n")
        try repository.write("crlf.swift", "one\n")
        try repository.write("edited.swift", "one\n")
        try repository.write("same.swift", "one\n")
        try repository.commitAll("initial")
        // The work tree holds CRLF where the blob holds LF; an edit after staging; one file as staged.
        try repository.write("crlf.swift", "one\r\ntwo\r\n")
        try repository.write("edited.swift", "one\nstaged\n")
        try repository.write("same.swift", "one\nsame\n")
        try repository.write("backdated.swift", "one\nstaged\n")
        try repository.git("add", "-A")
        try repository.write("edited.swift", "one\nstaged\nunstaged\n")
        // Edited after staging, with an old time: read after the HEAD blobs, as git turns out to
        // be needed for it.
        try repository.write("backdated.swift", "one\nother\n")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 946_684_800)],
            ofItemAtPath: repository.path("backdated.swift"))
        #expect(FileManager.default.contents(atPath: repository.path("crlf.swift")) == Data("one\r\ntwo\r\n".utf8))

        let index = try StagedIndex.read(in: repository.root, allFiles: false)
        let loaded = try index.loading(index.changedFiles)
        #expect(try loaded.contents(of: repository.path("crlf.swift"), limit: 100) == Array("one\ntwo\n".utf8))
        #expect(try loaded.contents(of: repository.path("edited.swift"), limit: 100) == Array("one\nstaged\n".utf8))
        #expect(try loaded.contents(of: repository.path("same.swift"), limit: 100) == Array("one\nsame\n".utf8))
        #expect(try loaded.contents(of: repository.path("backdated.swift"), limit: 100) == Array("one\nstaged\n".utf8))
        #expect(loaded.added.newFiles.contains(repository.path("backdated.swift")))
        for file in ["crlf.swift", "edited.swift", "same.swift"] {
            #expect(loaded.added.lines[repository.path(file)] == [2...2], "\(file)")
        }
    }

    @Test("Every file listed in the strings' order: git's own when the names are plain, sorted when not")
    func listingOrder() throws {
        let repository = try GitFixture(linksResolved: true)
        // Byte order puts "a.c" before "a/b.swift" ('.' < '/'), and "Z" before "a".
        for name in ["b.swift", "a/b.swift", "a.c", "Z.swift", "a-b/c.swift"] { try repository.write(name, "x\n") }
        try repository.git("add", "-A")
        let plain = try GitRepository(root: repository.root).indexEntries(root: repository.root)
        #expect(plain.inOrder)
        #expect(plain.entries.map(\.path) == plain.entries.map(\.path).sorted())
        let index = try StagedIndex.read(in: repository.root, allFiles: true)
        #expect(index.files == plain.entries.map(\.path))

        // A name git escapes, or one not in ASCII: the list is sorted here.
        try repository.write("é.swift", "x\n")
        try repository.write("back\\slash.swift", "x\n")
        try repository.git("add", "-A")
        let escaped = try GitRepository(root: repository.root).indexEntries(root: repository.root)
        #expect(!escaped.inOrder)
        let all = try StagedIndex.read(in: repository.root, allFiles: true).files
        #expect(all == all.sorted())
        #expect(all.count == 7)
    }

    @Test("Bytes read ahead are the bytes read after: any file named, and a missing object still an error")
    func readAhead() throws {
        let repository = try GitFixture(linksResolved: true)
        try repository.write("a.swift", "one\n")
        try repository.write("Package.swift", "// manifest\n")
        try repository.write("image.png", "\u{0}png")
        try repository.commitAll("initial")
        try repository.write("a.swift", "one\ntwo\n")
        try repository.write("new.swift", "new\n")
        try repository.git("add", "-A")

        let plain = try StagedIndex.read(in: repository.root, allFiles: true)
        var asked: [(String, Bool)] = []
        let (ahead, commonDirectory) = try StagedIndex.read(
            in: repository.root, allFiles: true,
            preloading: { path, isChanged in
                asked.append((path, isChanged))
                return path.hasSuffix(".swift")
            }
        ) { $0 }
        #expect(commonDirectory == repository.path(".git"))
        // Asked about every file, told which the commit changes.
        #expect(asked.map(\.0) == plain.files)
        #expect(asked.filter(\.1).map(\.0) == plain.changedFiles)
        // What was read ahead, and what was not (the image), read the same as without.
        let expected = try plain.loading(plain.files)
        let loaded = try ahead.loading(ahead.files)
        for file in plain.files {
            #expect(
                try loaded.contents(of: file, limit: 100) == (try expected.contents(of: file, limit: 100)), "\(file)")
        }
        #expect(try ahead.loading([repository.path("new.swift")]).isLoaded(repository.path("Package.swift")))

        // An object git no longer has: read ahead or not, loading the file fails, as before.
        let manifest = repository.path("Package.swift")
        let object = try repository.git("rev-parse", ":Package.swift").trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.removeItem(
            atPath: repository.path(".git/objects/\(object.prefix(2))/\(object.dropFirst(2))"))
        let (missing, _) = try StagedIndex.read(in: repository.root, allFiles: true, preloading: { _, _ in true }) {
            _ in ()
        }
        #expect(
            try missing.loading([repository.path("a.swift")]).contents(of: repository.path("a.swift"), limit: 9)
                == Array("one\ntwo\n".utf8))
        #expect(throws: GitError.self) { try missing.loading([manifest]) }
        #expect(throws: GitError.self) { try StagedIndex.read(in: repository.root, allFiles: true).loading([manifest]) }
    }

    @Test("Without a commit, everything staged is new; outside a repository is an error")
    func noCommitYet() throws {
        let repository = try GitFixture(linksResolved: true)
        try repository.write("a.swift", "one\n")
        try repository.git("add", "-A")
        let index = try StagedIndex.read(in: repository.root, allFiles: false)
        #expect(index.changedFiles == [repository.path("a.swift")])
        #expect(index.added.newFiles == [repository.path("a.swift")])

        let outside = try GitFixture(initialize: false, linksResolved: true)
        #expect(throws: GitError.self) { try StagedIndex.read(in: outside.root, allFiles: false) }
    }

    @Test("Added lines as git's diff finds them: renames, binary files, attributes, type and mode changes")
    func addedLinesLikeGit() throws {
        let repository = try GitFixture(linksResolved: true)
        let body = GitFixture.numberedLines(30)
        try repository.write("old name.swift", body)
        try repository.write("binary.swift", "a\u{0}b\nsame\n")
        try repository.write("forced text.swift", "a\u{0}b\nsame\n")
        try repository.write("no diff.swift", "one\n")
        try repository.write("driver.swift", "one\n")
        try repository.write("mode.swift", "one\n")
        try FileManager.default.createSymbolicLink(atPath: repository.path("link.swift"), withDestinationPath: "x")
        try repository.write(
            ".gitattributes", "forced*.swift diff\nno*.swift -diff\ndriver.swift diff=generated\n")
        try repository.git("config", "diff.generated.binary", "true")
        try repository.commitAll("initial")

        try FileManager.default.removeItem(atPath: repository.path("old name.swift"))
        try repository.write("Sources/new name.swift", body.replacingOccurrences(of: "line7\n", with: "line7\nadded\n"))
        try repository.write("binary.swift", "a\u{0}b\nsame\nmore\n")
        try repository.write("forced text.swift", "a\u{0}b\nsame\nmore\n")
        try repository.write("no diff.swift", "one\ntwo\n")
        try repository.write("driver.swift", "one\ntwo\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: repository.path("mode.swift"))
        try FileManager.default.removeItem(atPath: repository.path("link.swift"))
        try repository.write("link.swift", "now a file\n")
        try repository.git("add", "-A")
        // Read from a subfolder: everything is still named from the root.
        try FileManager.default.createDirectory(
            atPath: repository.path("Sources/deeper"), withIntermediateDirectories: true)
        let index = try StagedIndex.read(in: repository.path("Sources/deeper"), allFiles: false)
        let loaded = try index.loading(index.changedFiles)

        let expected = try AddedLines.parse(
            diff: repository.git("diff", "--cached", "-U0", "--find-renames"), repositoryRoot: repository.root)
        #expect(loaded.added == expected)
        #expect(loaded.added.lines[repository.path("Sources/new name.swift")] == [8...8])
        #expect(loaded.added.lines[repository.path("forced text.swift")] == [3...3])
        #expect(loaded.added.newFiles == [repository.path("link.swift")])
        #expect(loaded.changedFiles.contains(repository.path("mode.swift")))
        for unseen in ["binary.swift", "no diff.swift", "driver.swift", "mode.swift"] {
            #expect(loaded.added.lines[repository.path(unseen)] == nil, "\(unseen)")
        }

        let every = try StagedIndex.read(in: repository.path("Sources"), allFiles: true)
        #expect(every.files.contains(repository.path("binary.swift")))
        #expect(every.files.contains(repository.path("Sources/new name.swift")))

        // Both from one read (the pre-commit hook's one process): every file, and the added lines.
        let both = try StagedIndex.read(in: repository.path("Sources"), allFiles: true, addedLines: true) { _ in () }
            .index
        #expect(both.files == every.files)
        #expect(both.changedFiles == every.changedFiles)
        #expect(both.added == expected)
        #expect(every.added == AddedLines(newFiles: Set(every.changedFiles)))
    }
}
