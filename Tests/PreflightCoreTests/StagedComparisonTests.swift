import Foundation
import ProcessKit
import Testing

@testable import PreflightCore

/// ``StagedComparison`` against real git: where it answers, its changes and entries are exactly
/// what `git diff --cached --raw` and `git ls-files --stage` say; where git's answer could depend on
/// what is not read here (renames, intent-to-add, a split index), it leaves the question to git.
@Suite("Staged comparison in the process")
struct StagedComparisonTests {
    enum Scenario: String, CaseIterable, Sendable {
        case edits, modeChange, newFiles, deletions, typeChanges, unborn, packedRefs, detachedHead, indexVersion4
        case skipWorktree, conflict, linkedWorktree, temporaryIndex, headWithCarriageReturn
        // Left to git:
        case renameCandidate, intentToAdd, splitIndex, damagedIndex

        var answeredInProcess: Bool { ![.renameCandidate, .intentToAdd, .splitIndex, .damagedIndex].contains(self) }
    }

    @Test(
        "The index against HEAD, as git diff --cached --raw and git ls-files --stage answer",
        arguments: Scenario.allCases)
    func likeGit(scenario: Scenario) throws {
        let repository = try GitRepositoryFixture()
        defer { repository.remove() }
        try repository.write("a.swift", "let a = 1\n")
        try repository.write("b.swift", "let b = 2\n")
        try repository.write("Folder/c.swift", "let c = 3\n")
        try repository.write("Folder/Deeper/d.swift", "let d = 4\n")
        try FileManager.default.createSymbolicLink(atPath: repository.path("link"), withDestinationPath: "a.swift")
        if scenario != .unborn { try repository.commitAll("initial") }
        var root = repository.root
        var indexFile: String?
        switch scenario {
        case .edits, .unborn:
            try repository.write("a.swift", "let a = 10\n// TODO: more\n")
            try repository.write("Folder/Deeper/d.swift", "let d = 40\n")
            try repository.git("add", "-A")
        case .modeChange:
            chmod(repository.path("b.swift"), 0o755)
            try repository.git("add", "-A")
        case .newFiles:
            try repository.write("new.swift", "let n = 1\n")
            try repository.write("Folder/New/e.swift", "let e = 5\n")
            try repository.git("add", "-A")
        case .deletions:
            try FileManager.default.removeItem(atPath: repository.path("b.swift"))
            try repository.write("a.swift", "let a = 11\n")
            try repository.git("add", "-A")
        case .typeChanges:
            // A link turned into a file, a file into a link.
            try FileManager.default.removeItem(atPath: repository.path("link"))
            try repository.write("link", "let l = 1\n")
            try FileManager.default.removeItem(atPath: repository.path("b.swift"))
            try FileManager.default.createSymbolicLink(
                atPath: repository.path("b.swift"), withDestinationPath: "a.swift")
            try repository.git("add", "-A")
        case .packedRefs:
            try repository.git("pack-refs", "--all")
            try repository.write("a.swift", "let a = 12\n")
            try repository.git("add", "-A")
        case .detachedHead:
            try repository.git("checkout", "-q", "--detach")
            try repository.write("b.swift", "let b = 20\n")
            try repository.git("add", "-A")
        case .indexVersion4:
            try repository.git("update-index", "--index-version", "4")
            try repository.write("Folder/New/e.swift", "let e = 5\n")
            try repository.write("Folder/c.swift", "let c = 30\n")
            try repository.git("add", "-A")
        case .skipWorktree:
            try repository.git("update-index", "--skip-worktree", "b.swift")
            try repository.write("a.swift", "let a = 13\n")
            try repository.git("add", "a.swift")
        case .conflict:
            try repository.git("checkout", "-q", "-b", "other")
            try repository.write("a.swift", "let a = 100\n")
            try repository.commitAll("other")
            try repository.git("checkout", "-q", "main")
            try repository.write("a.swift", "let a = 200\n")
            try repository.write("b.swift", "let b = 21\n")
            try repository.commitAll("main")
            _ = try? repository.git("merge", "-q", "other")
            try repository.write("Folder/c.swift", "let c = 31\n")
            try repository.git("add", "Folder/c.swift")
            #expect(try repository.git("ls-files", "--unmerged").contains("a.swift"))
        case .linkedWorktree:
            root = repository.root + "-worktree"
            try repository.git("worktree", "add", "-q", root)
            try Data("let a = 14\n".utf8).write(to: URL(fileURLWithPath: root + "/a.swift"))
            try Command("git", ["add", "-A"], workingDirectory: root, environment: GitRepositoryFixture.environment)
                .runBlocking().checked()
        case .temporaryIndex:
            // As `git commit -a` gives a hook: another index, holding what the user's does not.
            indexFile = repository.path(".git/index.preflight-test")
            try FileManager.default.copyItem(atPath: repository.path(".git/index"), toPath: indexFile!)
            try repository.write("a.swift", "let a = 15\n")
            var add = Command(
                "git", ["add", "a.swift"], workingDirectory: repository.root,
                environment: GitRepositoryFixture.environment.setting(["GIT_INDEX_FILE": indexFile!]))
            add.timeout = .seconds(60)
            try add.runBlocking().checked()
        case .headWithCarriageReturn:
            // As an editor on Windows might leave it: git trims the line.
            try Data("ref: refs/heads/main\r\n".utf8).write(to: URL(fileURLWithPath: repository.path(".git/HEAD")))
            try repository.write("a.swift", "let a = 17\n")
            try repository.git("add", "-A")
        case .damagedIndex:
            try repository.write("a.swift", "let a = 18\n")
            try repository.git("add", "-A")
            // One byte of a path changed: the index's checksum no longer matches.
            var index = try Data(contentsOf: URL(fileURLWithPath: repository.path(".git/index")))
            let at = try #require(index.range(of: Data("b.swift".utf8))).lowerBound
            index[at] = UInt8(ascii: "c")
            try index.write(to: URL(fileURLWithPath: repository.path(".git/index")))
        case .renameCandidate:
            try FileManager.default.removeItem(atPath: repository.path("b.swift"))
            try repository.write("moved.swift", "let b = 2\n")
            try repository.git("add", "-A")
        case .intentToAdd:
            try repository.write("new.swift", "let n = 1\n")
            try repository.git("add", "-N", "new.swift")
        case .splitIndex:
            try repository.git("update-index", "--split-index")
            try repository.write("a.swift", "let a = 16\n")
            try repository.git("add", "-A")
        }
        defer { if root != repository.root { try? FileManager.default.removeItem(atPath: root) } }

        let store = try #require(GitObjectStore(root: root))
        let indexPath = indexFile ?? store.gitDirectory + "/index"
        let comparison = StagedComparison(indexPath: indexPath, store: store)
        guard scenario.answeredInProcess else {
            #expect(comparison == nil)
            return
        }
        var git = GitRepository(root: root)
        git.indexFile = indexFile
        let changes = try git.stagedChanges()
        #expect(comparison?.changes == changes)
        #expect(comparison?.entries == (try git.indexEntries()))
        #expect(!changes.isEmpty)
    }
}
