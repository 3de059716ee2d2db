import Foundation
import PreflightCore
import ProcessKit
import TestSupport
import Testing

@testable import PrePushKit

/// The work-tree snapshot against real git in a temporary repository: its tree is exactly what
/// `git add -A` would record, whatever prepush's own index remembers, and the user's index is
/// never written.
@Suite("prepush's work-tree snapshot")
struct WorkTreeSnapshotTests {
    struct Repository {
        /// Removed when the last copy of the repository is released.
        let fixture: GitFixture
        var root: String { fixture.root }

        var snapshot: WorkTreeSnapshot {
            WorkTreeSnapshot(
                repository: GitRepository(root: root), gitDirectory: root + "/.git",
                scratchDirectory: NSTemporaryDirectory())
        }

        /// What `git add -A` records, through a throwaway index of the test's own.
        func expectedTree() async throws -> String {
            let index = NSTemporaryDirectory() + "expected-index-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: index) }
            var add = GitRepository.command(
                ["add", "-A", "--", ".", ":(exclude,glob)**/.build/**", ":(exclude,glob)**/*.profraw"], in: root)
            add.environment = add.environment.setting(["GIT_INDEX_FILE": index])
            _ = try await add.run().checked()
            var tree = GitRepository.command(["write-tree"], in: root)
            tree.environment = tree.environment.setting(["GIT_INDEX_FILE": index])
            return try await tree.run().checked().outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    private func make() throws -> Repository {
        let repository = Repository(fixture: try GitFixture("snapshot"))
        try repository.fixture.write("Sources/A/A.swift", "let a = 1\n")
        try repository.fixture.write(".gitignore", "ignored.txt\n")
        try repository.fixture.commitAll("one")
        return repository
    }

    private func take(_ repository: Repository) async throws -> WorkTreeState {
        let snapshot = repository.snapshot
        let status = try await snapshot.status()
        let headTree = try repository.fixture.git(["rev-parse", "HEAD^{tree}"])
        return try await snapshot.take(status: status, headTree: headTree)
    }

    @Test("Clean, edited, untracked, ignored, .build and *.profraw: the tree is what git add -A records")
    func contentTree() async throws {
        let repository = try make()
        let head = try repository.fixture.git(["rev-parse", "HEAD^{tree}"])
        let userIndex = try Data(contentsOf: URL(fileURLWithPath: repository.root + "/.git/index"))

        var state = try await take(repository)
        #expect(state.isClean && state.tree == head)

        try repository.fixture.write("ignored.txt", "not content\n")
        try repository.fixture.write(".build/debug/x.o", "build output\n")
        try repository.fixture.write("Packages/Core/.build/y.o", "nested build output\n")
        // What an instrumented test program writes where it runs (swift-argument-parser's tests).
        try repository.fixture.write("default.profraw", "profile\n")
        try repository.fixture.write("Packages/Core/default.profraw", "profile\n")
        state = try await take(repository)
        #expect(state.isClean && state.tree == head)

        try repository.fixture.write("Sources/A/A.swift", "let a = 2\n")
        try repository.fixture.write("Sources/A/New.swift", "let b = 1\n")
        state = try await take(repository)
        #expect(!state.isClean)
        #expect(state.tree == (try await repository.expectedTree()))

        // Back to HEAD's content: clean again, whatever prepush's index remembered.
        try repository.fixture.write("Sources/A/A.swift", "let a = 1\n")
        try FileManager.default.removeItem(atPath: repository.root + "/Sources/A/New.swift")
        state = try await take(repository)
        #expect(state.isClean && state.tree == head)
        #expect(try Data(contentsOf: URL(fileURLWithPath: repository.root + "/.git/index")) == userIndex)
    }

    @Test("A blob prepush's index names but git gc pruned: the snapshot starts its index again")
    func prunedBlob() async throws {
        let repository = try make()
        try repository.fixture.write("Sources/A/Draft.swift", "let draft = 1\n")
        // A second later, so git trusts the draft's stat data from then on (not racily clean).
        try await Task.sleep(for: .milliseconds(1100))
        _ = try await take(repository)
        let blob = try repository.fixture.git(["hash-object", "Sources/A/Draft.swift"])
        // As `git gc` would after the grace period: the draft was never committed.
        let objects = repository.root + "/.git/objects/"
        try FileManager.default.removeItem(atPath: objects + blob.prefix(2) + "/" + blob.dropFirst(2))
        // Another edit, the draft untouched: git add -A keeps the draft's entry, whose blob is gone.
        try repository.fixture.write("Sources/A/A.swift", "let a = 3\n")
        let state = try await take(repository)
        #expect(state.tree == (try await repository.expectedTree()))
    }

    @Test(
        "An unreadable untracked file and folder: reported, the rest of the snapshot taken (issue 24, item 8)",
        .enabled(
            if: FilePermissions.apply, "\(FilePermissions.rootReadsEverything)"))
    func unreadableFiles() async throws {
        let repository = try make()
        defer { _ = chmod(repository.root + "/Locked", 0o755) }
        try repository.fixture.write("Sources/A/New.swift", "let b = 1\n")
        try repository.fixture.write("secret.txt", "another user's\n")
        try repository.fixture.write("Locked/inside.txt", "unreachable\n")
        #expect(chmod(repository.root + "/secret.txt", 0) == 0)
        #expect(chmod(repository.root + "/Locked", 0) == 0)

        let state = try await take(repository)
        #expect(!state.isClean)
        #expect(
            state.unrepresentable == [
                "Locked/ (unreadable: git could not read it; not in the content checked)",
                "secret.txt (unreadable: git could not read it; not in the content checked)",
            ])
        // The readable change is in the tree; the unreadable ones are not.
        let files = try repository.fixture.git(["ls-tree", "-r", "--name-only", state.tree])
        #expect(files.split(separator: "\n").sorted() == [".gitignore", "Sources/A/A.swift", "Sources/A/New.swift"])
        let head = try repository.fixture.git(["rev-parse", "HEAD^{tree}"])
        #expect(!state.holds(head))
        let changes = try await repository.snapshot.differences(from: head, to: state)
        #expect(changes.map(\.path).contains { $0.hasPrefix("secret.txt (unreadable") })
    }

    @Test("git add's messages about files it could not read become paths")
    func unreadableMessages() {
        let messages = """
            warning: could not open directory 'Locked/': Permission denied
            error: open("Sources/A/Secret.swift"): Permission denied
            error: unable to index file 'Sources/A/Secret.swift'
            error: unable to index file 'name with spaces.txt'
            fatal: adding files failed
            """
        #expect(
            WorkTreeSnapshot.unreadablePaths(inMessages: messages) == [
                "Locked/", "Sources/A/Secret.swift", "name with spaces.txt",
            ])
        #expect(WorkTreeSnapshot.unreadablePaths(inMessages: "fatal: not a git repository").isEmpty)
    }
}
