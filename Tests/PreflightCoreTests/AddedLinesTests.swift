import Foundation
import ProcessKit
import TestSupport
import Testing

@testable import PreflightCore

/// `AddedLines`: the diff parser on fixtures, then `since` and `between` against real git.
@Suite("AddedLines")
enum AddedLinesTests {}

extension AddedLinesTests {
    @Suite("Parsing diffs")
    struct Parse {
        let root = "/repo"

        @Test("Zero and omitted hunk counts; deletions add nothing")
        func hunkCounts() {
            let diff = """
                diff --git a/Sources/A.swift b/Sources/A.swift
                index 1111111..2222222 100644
                --- a/Sources/A.swift
                +++ b/Sources/A.swift
                @@ -3,0 +4,2 @@ func first() {
                +    inserted()
                +    inserted()
                @@ -7 +9 @@ func second() {
                -    old()
                +    new()
                @@ -10,2 +11,0 @@
                -    gone()
                -    gone()
                @@ -20,2 +19,3 @@
                -    a()
                -    b()
                +    c()
                +    d()
                +    e()

                """
            let added = AddedLines.parse(diff: diff, repositoryRoot: root)
            #expect(added.lines == ["/repo/Sources/A.swift": [4...5, 9...9, 19...21]])
            #expect(added.newFiles.isEmpty)
            #expect(added.contains(path: "/repo/Sources/A.swift", line: 4))
            #expect(added.contains(path: "/repo/Sources/A.swift", line: 5))
            #expect(!added.contains(path: "/repo/Sources/A.swift", line: 6))
            #expect(!added.contains(path: "/repo/Sources/A.swift", line: 3))
            #expect(added.contains(path: "/repo/Sources/A.swift", line: 9))
            #expect(!added.contains(path: "/repo/Sources/A.swift", line: 11))
            #expect(added.contains(path: "/repo/Sources/./x/../A.swift", line: 21))
            #expect(!added.contains(path: "/repo/Sources/A.swift", line: 22))
            #expect(!added.contains(path: "/repo/Sources/B.swift", line: 4))
        }

        @Test("/dev/null marks added files as new and deleted files as gone")
        func addedAndDeletedFiles() {
            let diff = """
                diff --git a/New.swift b/New.swift
                new file mode 100644
                index 0000000..3333333
                --- /dev/null
                +++ b/New.swift
                @@ -0,0 +1,3 @@
                +one
                +two
                +three
                diff --git a/Old.swift b/Old.swift
                deleted file mode 100644
                index 4444444..0000000
                --- a/Old.swift
                +++ /dev/null
                @@ -1,2 +0,0 @@
                -one
                -two
                diff --git a/Empty.swift b/Empty.swift
                new file mode 100644
                index 0000000..e69de29

                """
            let added = AddedLines.parse(diff: diff, repositoryRoot: root)
            #expect(added.newFiles == ["/repo/New.swift", "/repo/Empty.swift"])
            #expect(added.lines.isEmpty)
            #expect(added.contains(path: "/repo/New.swift", line: 1))
            #expect(added.contains(path: "/repo/New.swift", line: 500))
            #expect(!added.contains(path: "/repo/Old.swift", line: 1))
            #expect(added.files == ["/repo/New.swift", "/repo/Empty.swift"])
        }

        @Test("Quoted names with octal escapes and C escapes are decoded")
        func quotedNames() {
            let diff = #"""
                diff --git "a/caf\303\251.swift" "b/caf\303\251.swift"
                index 587be6b..b77b4eb 100644
                --- "a/caf\303\251.swift"
                +++ "b/caf\303\251.swift"
                @@ -1,0 +2 @@ x
                +y
                diff --git "a/odd \"name\"\\\tx.swift" "b/odd \"name\"\\\tx.swift"
                index 1111111..2222222 100644
                --- "a/odd \"name\"\\\tx.swift"
                +++ "b/odd \"name\"\\\tx.swift"
                @@ -4,0 +5 @@
                +z

                """#
            let added = AddedLines.parse(diff: diff, repositoryRoot: root)
            #expect(added.lines == ["/repo/café.swift": [2...2], "/repo/odd \"name\"\\\tx.swift": [5...5]])
        }

        @Test("Names with spaces, with git's trailing tab on the ---/+++ lines")
        func namesWithSpaces() {
            let diff =
                "diff --git a/My Folder/with space.txt b/My Folder/with space.txt\n"
                + "index de98044..e4d0395 100644\n"
                + "--- a/My Folder/with space.txt\t\n"
                + "+++ b/My Folder/with space.txt\t\n"
                + "@@ -1,0 +2 @@ a\n"
                + "+NEW\n"
            let added = AddedLines.parse(diff: diff, repositoryRoot: root)
            #expect(added.lines == ["/repo/My Folder/with space.txt": [2...2]])
        }

        @Test("The diff --git header names the file when no ---/+++ lines follow")
        func headerOnlyNames() {
            let diff = #"""
                diff --git a/with space.bin b/with space.bin
                new file mode 100644
                index 0000000..1111111
                Binary files /dev/null and b/with space.bin differ
                diff --git a/plain.swift "b/caf\303\251 2.swift"
                new file mode 100644
                diff --git a/a b/c.swift b/a b/c.swift
                new file mode 100644

                """#
            let added = AddedLines.parse(diff: diff, repositoryRoot: root)
            #expect(added.newFiles == ["/repo/with space.bin", "/repo/café 2.swift", "/repo/a b/c.swift"])
        }

        @Test("Renames and copies count only changed lines, under the new name")
        func renamesAndCopies() {
            let diff = """
                diff --git a/Old Name.swift b/New Name.swift
                similarity index 90%
                rename from Old Name.swift
                rename to New Name.swift
                index 1111111..2222222 100644
                --- a/Old Name.swift\t
                +++ b/New Name.swift\t
                @@ -5,0 +6 @@
                +added()
                diff --git a/Moved.swift b/Sub/Moved.swift
                similarity index 100%
                rename from Moved.swift
                rename to Sub/Moved.swift
                diff --git a/Source.swift b/Copy.swift
                similarity index 80%
                copy from Source.swift
                copy to Copy.swift
                index 1111111..3333333 100644
                --- a/Source.swift
                +++ b/Copy.swift
                @@ -1 +1,2 @@
                -original()
                +copied()
                +more()
                diff --git a/x b/y b/z b/w
                similarity index 95%
                rename from x b/y
                rename to z b/w
                index 1111111..4444444 100644
                --- a/x b/y\t
                +++ b/z b/w\t
                @@ -1,0 +2 @@
                +w

                """
            let added = AddedLines.parse(diff: diff, repositoryRoot: root)
            #expect(
                added.lines == ["/repo/New Name.swift": [6...6], "/repo/Copy.swift": [1...2], "/repo/z b/w": [2...2]])
            #expect(added.newFiles.isEmpty)
        }

        @Test("Binary files: a change adds no lines, a new one is new")
        func binaryFiles() {
            let diff = """
                diff --git a/image.png b/image.png
                index 1111111..2222222 100644
                Binary files a/image.png and b/image.png differ
                diff --git a/icon.png b/icon.png
                new file mode 100644
                index 0000000..2222222
                Binary files /dev/null and b/icon.png differ
                diff --git a/gone.png b/gone.png
                deleted file mode 100644
                index 2222222..0000000
                Binary files a/gone.png and /dev/null differ

                """
            let added = AddedLines.parse(diff: diff, repositoryRoot: root)
            #expect(added.lines.isEmpty)
            #expect(added.newFiles == ["/repo/icon.png"])
        }

        @Test("No-newline markers are skipped inside and after hunks")
        func noNewlineMarkers() {
            let diff = #"""
                diff --git a/A.swift b/A.swift
                index 1111111..2222222 100644
                --- a/A.swift
                +++ b/A.swift
                @@ -3 +3,2 @@
                -last
                \ No newline at end of file
                +last
                +really last
                \ No newline at end of file
                diff --git a/B.swift b/B.swift
                index 1111111..2222222 100644
                --- a/B.swift
                +++ b/B.swift
                @@ -1,0 +2 @@
                +b

                """#
            let added = AddedLines.parse(diff: diff, repositoryRoot: root)
            #expect(added.lines == ["/repo/A.swift": [3...4], "/repo/B.swift": [2...2]])
        }

        @Test("Added lines that look like headers are content; context lines are counted")
        func headerLookalikesAndContext() {
            let diff = """
                diff --git a/A.md b/A.md
                index 1111111..2222222 100644
                --- a/A.md
                +++ b/A.md
                @@ -1,5 +1,9 @@
                 context one
                +++ b/fake
                +diff --git a/fake b/fake
                +@@ -1 +1 @@
                 context two
                --- a/fake
                +
                 context three
                 context four
                +tail

                """
            let added = AddedLines.parse(diff: diff, repositoryRoot: root)
            #expect(added.lines == ["/repo/A.md": [2...4, 6...6, 9...9]])
            #expect(added.newFiles.isEmpty)
        }

        @Test("CRLF content keeps line numbers; an empty context line is context")
        func crlfAndStrippedContext() {
            let diff =
                "diff --git a/w.txt b/w.txt\n--- a/w.txt\n+++ b/w.txt\n@@ -1,3 +1,5 @@\n one\r\n+two\r\n\n three\r\n+four\r\n"
            let added = AddedLines.parse(diff: diff, repositoryRoot: root)
            #expect(added.lines == ["/repo/w.txt": [2...2, 5...5]])
        }

        @Test("Combined diffs of unmerged paths are skipped; parsing resumes at the next file")
        func combinedDiff() {
            let diff = """
                diff --cc f
                index 8e24baa,19ad5dd..0000000
                --- a/f
                +++ b/f
                @@@ -2,1 -2,1 +2,5 @@@
                ++<<<<<<< HEAD
                 +M
                ++=======
                + X
                ++>>>>>>> x
                diff --git a/g b/g
                --- a/g
                +++ b/g
                @@ -1,0 +2 @@
                +g

                """
            let added = AddedLines.parse(diff: diff, repositoryRoot: root)
            #expect(added.lines == ["/repo/g": [2...2]])
        }

        @Test("Mode changes add nothing; plain unified diffs without diff --git lines work")
        func modesAndPlainDiffs() {
            let diff = """
                diff --git a/run.sh b/run.sh
                old mode 100644
                new mode 100755
                --- a/one.txt\t2024-01-01 10:00:00
                +++ b/one.txt\t2024-01-01 10:00:01
                @@ -1 +1 @@
                -a
                +b
                --- /dev/null
                +++ b/two.txt
                @@ -0,0 +1 @@
                +new

                """
            let added = AddedLines.parse(diff: diff, repositoryRoot: root)
            #expect(added.lines == ["/repo/one.txt": [1...1]])
            #expect(added.newFiles == ["/repo/two.txt"])
        }

        @Test("A relative repository root and relative paths resolve against the current directory")
        func relativePaths() {
            let diff = "diff --git a/A.swift b/A.swift\n--- a/A.swift\n+++ b/A.swift\n@@ -1,0 +2,2 @@\n+x\n+y\n"
            let added = AddedLines.parse(diff: diff, repositoryRoot: "repo/./sub")
            let expectedPath = StandardPath.currentDirectory + "/repo/sub/A.swift"
            #expect(added.lines == [StandardPath.standardized(expectedPath): [2...3]])
            #expect(added.contains(path: "repo/sub/A.swift", line: 3))
            #expect(added.contains(path: "./repo//sub/../sub/A.swift", line: 2))
            #expect(!added.contains(path: "repo/sub/A.swift", line: 4))

            let absolute = AddedLines.parse(diff: diff, repositoryRoot: "/work/repo")
            #expect(absolute.contains(path: "A.swift", line: 2, currentDirectory: "/work/repo"))
            #expect(absolute.contains(path: "../A.swift", line: 3, currentDirectory: "/work/repo/Sources"))
            #expect(!absolute.contains(path: "A.swift", line: 2, currentDirectory: "/work/other"))
        }

        @Test("Ranges given to init are sorted and merged")
        func mergedRanges() {
            let added = AddedLines(lines: ["/f": [10...12, 1...2, 3...4, 11...15, 20...20]])
            #expect(added.lines["/f"] == [1...4, 10...15, 20...20])
            #expect(AddedLines().isEmpty)
            #expect(!added.isEmpty)
        }
    }

}

extension AddedLinesTests {
    @Suite("Real git repositories")
    struct WithGit {
        @Test(
            "since(main): committed, staged, unstaged and untracked additions; not ignored files, not main's own changes"
        )
        func sinceMain() throws {
            let repo = try GitFixture(linksResolved: true)
            try repo.write("Sources/A.swift", GitFixture.numberedLines(10))
            try repo.write("Sources/Unchanged.swift", GitFixture.numberedLines(3))
            try repo.write("Trimmed.swift", GitFixture.numberedLines(5))
            try repo.write("Doomed.swift", "bye\n")
            try repo.write(".gitignore", "*.log\n")
            try repo.commitAll("base")

            try repo.git("checkout", "-q", "-b", "feature")
            // On main after the branch point: a removed line, which a diff against main's tip would
            // show as added on the feature branch.
            try repo.git("checkout", "-q", "main")
            try repo.write("Trimmed.swift", "line1\nline2\nline4\nline5\n")
            try repo.commitAll("main moves on")
            try repo.git("checkout", "-q", "feature")

            // Committed on the branch: line 2 replaced, a new file, a deleted file.
            var text = GitFixture.numberedLines(10).replacingOccurrences(of: "line2\n", with: "changed2\n")
            try repo.write("Sources/A.swift", text)
            try repo.write("Sources/Committed.swift", "new\nfile\n")
            try repo.git("rm", "-q", "Doomed.swift")
            try repo.commitAll("feature work")

            // Staged: two lines in the middle (after line 4), so they are lines 5 and 6.
            text = text.replacingOccurrences(of: "line4\n", with: "line4\nstaged1\nstaged2\n")
            try repo.write("Sources/A.swift", text)
            try repo.git("add", "Sources/A.swift")
            // Unstaged: one line at the end (12 lines, so it is line 13).
            try repo.write("Sources/A.swift", text + "unstaged end\n")
            try repo.write("Sources/Untracked.swift", "// TODO: new\n")
            try repo.write("Sources/debug.log", "ignored\n")

            let expected = AddedLines(
                lines: [repo.path("Sources/A.swift"): [2...2, 5...6, 13...13]],
                newFiles: [repo.path("Sources/Committed.swift"), repo.path("Sources/Untracked.swift")])
            #expect(try AddedLines.since("main", in: repo.root) == expected)
            // From any folder of the work tree, the paths are the same.
            #expect(try AddedLines.since("main", in: repo.path("Sources")) == expected)

            let added = try AddedLines.since("main", in: repo.root)
            #expect(added.contains(path: repo.path("Sources/A.swift"), line: 5))
            #expect(!added.contains(path: repo.path("Sources/A.swift"), line: 4))
            #expect(added.contains(path: repo.path("Sources/Untracked.swift"), line: 1))
            #expect(!added.contains(path: repo.path("Sources/debug.log"), line: 1))
            #expect(!added.contains(path: repo.path("Trimmed.swift"), line: 3))

            // Against HEAD, only what is not committed yet.
            #expect(
                try AddedLines.since("HEAD", in: repo.root)
                    == AddedLines(
                        lines: [repo.path("Sources/A.swift"): [5...6, 13...13]],
                        newFiles: [repo.path("Sources/Untracked.swift")]))
        }

        @Test("A hostile repository configuration does not change the answer; odd names survive")
        func hostileConfiguration() throws {
            let repo = try GitFixture(linksResolved: true)
            let odd = "Sources/caf\u{E9} \"x\".swift"
            try repo.write(odd, GitFixture.numberedLines(20))
            try repo.write("Sources/Moved.swift", GitFixture.numberedLines(30))
            try repo.commitAll("base")
            for (key, value) in [
                ("diff.mnemonicPrefix", "true"), ("diff.relative", "true"),
                ("diff.context", "7"), ("diff.interHunkContext", "20"), ("color.ui", "always"),
                ("color.diff", "always"),
                ("core.quotepath", "true"), ("diff.renames", "false"), ("diff.external", "/bin/false"),
            ] {
                try repo.git("config", key, value)
            }
            try repo.write(
                odd, GitFixture.numberedLines(20).replacingOccurrences(of: "line10\n", with: "line10\nmid\n"))
            try repo.git("mv", "Sources/Moved.swift", "Sources/Renamed.swift")
            try repo.write("Sources/Renamed.swift", GitFixture.numberedLines(30) + "tail\n")
            try repo.write("Sources/\u{FC}ber new.swift", "x\n")

            let added = try AddedLines.since("main", in: repo.path("Sources"))
            #expect(
                added
                    == AddedLines(
                        lines: [repo.path(odd): [11...11], repo.path("Sources/Renamed.swift"): [31...31]],
                        newFiles: [repo.path("Sources/\u{FC}ber new.swift")]))
        }

        @Test("between(base:head:) is what head adds over base")
        func betweenCommits() throws {
            let repo = try GitFixture(linksResolved: true)
            try repo.write("A.swift", GitFixture.numberedLines(5))
            try repo.write("B.swift", GitFixture.numberedLines(40))
            try repo.write("C.swift", "c\n")
            try repo.commitAll("first")
            let first = try repo.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)

            try repo.write("A.swift", "top\n" + GitFixture.numberedLines(5) + "bottom\n")
            try repo.git("mv", "B.swift", "Renamed B.swift")
            try repo.write("Renamed B.swift", GitFixture.numberedLines(40) + "appended\n")
            try repo.git("rm", "-q", "C.swift")
            try repo.write("D.swift", "d\n")
            try repo.commitAll("second")
            // Working-tree changes play no part.
            try repo.write("A.swift", "dirty\n")
            try repo.write("Untracked.swift", "u\n")

            let added = try AddedLines.between(base: first, head: "HEAD", in: repo.root)
            #expect(
                added
                    == AddedLines(
                        lines: [repo.path("A.swift"): [1...1, 7...7], repo.path("Renamed B.swift"): [41...41]],
                        newFiles: [repo.path("D.swift")]))
            #expect(try AddedLines.between(base: "HEAD", head: first, in: repo.root).lines == [:])
            #expect(try AddedLines.between(base: "HEAD", head: "HEAD", in: repo.root).isEmpty)
        }

        @Test("An unknown revision is GitError.unknownRevision")
        func unknownRevision() throws {
            let repo = try GitFixture(linksResolved: true)
            try repo.write("A.swift", "a\n")
            try repo.commitAll("first")

            let error = #expect(throws: GitError.self) { try AddedLines.since("no-such-branch", in: repo.root) }
            guard case .unknownRevision(let revision, let detail) = error else {
                Issue.record("expected unknownRevision, got \(String(describing: error))")
                return
            }
            #expect(revision == "no-such-branch")
            #expect(detail.contains("No branch, tag or commit named 'no-such-branch'"))
            #expect(error?.recoverySuggestion?.contains("git fetch") == true)

            let optionLike = #expect(throws: GitError.self) { try AddedLines.since("--output=/tmp/x", in: repo.root) }
            guard case .unknownRevision(_, let optionDetail) = optionLike else {
                Issue.record("expected unknownRevision, got \(String(describing: optionLike))")
                return
            }
            #expect(optionDetail.contains("cannot start with '-'"))

            let badHead = #expect(throws: GitError.self) {
                try AddedLines.between(base: "HEAD", head: "HEAD~5", in: repo.root)
            }
            guard case .unknownRevision("HEAD~5", _) = badHead else {
                Issue.record("expected unknownRevision, got \(String(describing: badHead))")
                return
            }
        }

        @Test("A folder outside any repository is GitError.notARepository")
        func notARepository() throws {
            let folder = try GitFixture(initialize: false, linksResolved: true)
            let error = #expect(throws: GitError.self) { try AddedLines.since("main", in: folder.root) }
            #expect(error == .notARepository(path: folder.root))
            let between = #expect(throws: GitError.self) {
                try AddedLines.between(base: "a", head: "b", in: folder.root)
            }
            #expect(between == .notARepository(path: folder.root))
        }

        @Test("A missing folder is a GitError.failed naming it")
        func missingFolder() throws {
            let folder = try GitFixture(initialize: false, linksResolved: true)
            try FileManager.default.removeItem(atPath: folder.root)
            let error = #expect(throws: GitError.self) { try AddedLines.since("main", in: folder.root) }
            guard case .failed(let command, let detail) = error else {
                Issue.record("expected failed, got \(String(describing: error))")
                return
            }
            #expect(command == "git rev-parse --show-toplevel")
            #expect(detail.contains(folder.root))
        }

        @Test("A repository without commits has no base: unknownRevision says so")
        func noCommits() throws {
            let repo = try GitFixture(linksResolved: true)
            try repo.write("A.swift", "a\n")
            let error = #expect(throws: GitError.self) { try AddedLines.since("main", in: repo.root) }
            guard case .unknownRevision("main", let detail) = error else {
                Issue.record("expected unknownRevision, got \(String(describing: error))")
                return
            }
            #expect(detail.contains("has no commits yet"))
        }

        @Test("Unrelated histories have no merge base: a GitError.failed that says so")
        func unrelatedHistories() throws {
            let repo = try GitFixture(linksResolved: true)
            try repo.write("A.swift", "a\n")
            try repo.commitAll("first")
            try repo.git("checkout", "-q", "--orphan", "other")
            try repo.commitAll("unrelated")
            let error = #expect(throws: GitError.self) { try AddedLines.since("main", in: repo.root) }
            guard case .failed(let command, let detail) = error else {
                Issue.record("expected failed, got \(String(describing: error))")
                return
            }
            #expect(command.hasPrefix("git merge-base "))
            #expect(detail.contains("'main' and HEAD have no common ancestor: their histories are unrelated"))
            #expect(error?.recoverySuggestion?.contains("fetch") == true)
        }

        @Test("Every GitError has a description, a reason and a suggestion")
        func errorTexts() {
            let errors: [GitError] = [
                .notARepository(path: "/tmp/x"), .unknownRevision("main", detail: "No branch named 'main'."),
                .failed(command: "git diff", detail: "git ended with exit code 128: fatal: bad object"),
                .failed(command: "git merge-base a b", detail: "no common ancestor"),
            ]
            for error in errors {
                #expect(error.errorDescription?.isEmpty == false)
                #expect(error.failureReason?.isEmpty == false)
                #expect(error.recoverySuggestion?.isEmpty == false)
            }
            #expect(GitError.notARepository(path: "/tmp/x").errorDescription == "'/tmp/x' is not in a git repository.")
            #expect(GitError.unknownRevision("main", detail: "why").failureReason == "why")
        }
    }

}
