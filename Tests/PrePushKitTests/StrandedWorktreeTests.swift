import Foundation
import PreflightCore
import ProcessKit
import TestSupport
import Testing

@testable import PrePushKit

/// prepush's worktree after its repository moved, against real git in temporary repositories:
/// reconnected when it is this repository's own, refused (and left as it is) when it is not.
@Suite("prepush's worktree after a move")
struct StrandedWorktreeTests {
    private let folder = TemporaryFolder("stranded-worktree")

    /// A repository at `name` with one commit and prepush's worktree at it; returns the commit.
    @discardableResult
    private func repository(_ name: String) async throws -> String {
        let root = folder.path + "/" + name
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try GitFixture.git(["init", "-q", "-b", "main"], in: root)
        try "x\n".write(toFile: root + "/a.txt", atomically: true, encoding: .utf8)
        try GitFixture.git(["add", "a.txt"], in: root)
        try GitFixture.git(["commit", "-q", "-m", "one"], in: root)
        let head = try GitFixture.git(["rev-parse", "HEAD"], in: root)
        _ = try await IsolatedWorktree(repositoryRoot: root).checkOut(head)
        return head
    }

    private func move(_ from: String, _ to: String) throws {
        try FileManager.default.moveItem(atPath: folder.path + "/" + from, toPath: folder.path + "/" + to)
    }

    /// The `worktree` lines of `git worktree list --porcelain`, and whether any is prunable.
    private func worktrees(_ name: String) async throws -> (paths: [String], prunable: Bool) {
        let listed = try GitFixture.git(["worktree", "list", "--porcelain"], in: folder.path + "/" + name)
        let lines = listed.split(separator: "\n")
        return (
            lines.filter { $0.hasPrefix("worktree ") }.map { String($0.dropFirst("worktree ".count)) },
            lines.contains { $0.hasPrefix("prunable") }
        )
    }

    @Test("Moved with its repository: reconnected by git worktree repair, listed at its new place, used again")
    func movedIsReconnected() async throws {
        let head = try await repository("w")
        try move("w", "moved")
        // Physical: git reports paths with links resolved (a Mac's /var is /private/var).
        let root = physicalPath(folder.path) + "/moved"
        let worktree = IsolatedWorktree(repositoryRoot: root)
        #expect(try await worktrees("moved").prunable)
        let stranded = try #require(await StrandedWorktree.find(at: worktree.path, of: GitRepository(root: root)))
        #expect(stranded.recordedPath == physicalPath(folder.path) + "/w/.build/prepush-worktree")

        let notes = try await worktree.checkOut(head)
        #expect(notes.contains { $0.contains("reconnected (git worktree repair)") }, "\(notes)")
        let listed = try await worktrees("moved")
        #expect(listed.paths == [root, worktree.path])
        #expect(!listed.prunable)
        #expect(try GitFixture.git(["rev-parse", "HEAD"], in: worktree.path) == head)
        #expect(try GitFixture.git(["rev-parse", "--show-toplevel"], in: worktree.path) == worktree.path)
        // Reconnected: nothing left to find.
        #expect(await StrandedWorktree.find(at: worktree.path, of: GitRepository(root: root)) == nil)
    }

    @Test("When repair does not take, the folder and git's stale record are removed, so the worktree is added again")
    func removedWhenRepairCannot() async throws {
        let head = try await repository("w")
        try move("w", "moved")
        // Physical: git reports paths with links resolved (a Mac's /var is /private/var).
        let root = physicalPath(folder.path) + "/moved"
        let worktree = IsolatedWorktree(repositoryRoot: root)
        let stranded = try #require(await StrandedWorktree.find(at: worktree.path, of: GitRepository(root: root)))
        #expect(try await stranded.reconnect(in: GitRepository(root: root)) { false } == false)
        #expect(!FileManager.default.fileExists(atPath: worktree.path))
        // No record at the old place (the repair here moved it to the folder; without it, it is removed).
        #expect(!(try await worktrees("moved").paths.contains(stranded.recordedPath)))

        _ = try await worktree.checkOut(head)
        let listed = try await worktrees("moved")
        #expect(listed.paths == [root, worktree.path])
        #expect(!listed.prunable)
        #expect(try GitFixture.git(["rev-parse", "HEAD"], in: worktree.path) == head)
    }

    @Test("Not this repository's: a user's folder, another moved repository's worktree, a copy's; refused, untouched")
    func othersAreRefused() async throws {
        // A user's own folder where the worktree was.
        let head = try await repository("user")
        let userWorktree = IsolatedWorktree(repositoryRoot: folder.path + "/user")
        try GitFixture.git(["worktree", "remove", "--force", userWorktree.path], in: folder.path + "/user")
        try FileManager.default.createDirectory(atPath: userWorktree.path, withIntermediateDirectories: true)
        try "mine\n".write(toFile: userWorktree.path + "/notes.txt", atomically: true, encoding: .utf8)
        await #expect(throws: PrePushError.worktreeOccupied(userWorktree.path)) {
            try await userWorktree.checkOut(head)
        }
        #expect(FileManager.default.fileExists(atPath: userWorktree.path + "/notes.txt"))

        // Two repositories moved; the other's worktree put where this one's was. Same id, both
        // records prunable, but the other's link does not lie as this repository's would.
        let ours = try await repository("ours")
        try await repository("other")
        try move("ours", "ours-moved")
        try move("other", "other-moved")
        let oursWorktree = IsolatedWorktree(repositoryRoot: folder.path + "/ours-moved")
        let otherWorktree = IsolatedWorktree(repositoryRoot: folder.path + "/other-moved")
        try FileManager.default.removeItem(atPath: oursWorktree.path)
        try FileManager.default.moveItem(atPath: otherWorktree.path, toPath: oursWorktree.path)
        let link = try String(contentsOfFile: oursWorktree.path + "/.git", encoding: .utf8)
        let oursBefore = try await worktrees("ours-moved")
        #expect(oursBefore.prunable)
        await #expect(throws: PrePushError.worktreeOccupied(oursWorktree.path)) {
            try await oursWorktree.checkOut(ours)
        }
        #expect(try String(contentsOfFile: oursWorktree.path + "/.git", encoding: .utf8) == link)
        #expect(try await worktrees("ours-moved") == oursBefore)

        // A copy of a repository that stays where it was: the copy's folder is the original's worktree.
        let original = try await repository("original")
        try FileManager.default.copyItem(atPath: folder.path + "/original", toPath: folder.path + "/copy")
        let copyWorktree = IsolatedWorktree(repositoryRoot: folder.path + "/copy")
        let record = folder.path + "/original/.git/worktrees/prepush-worktree/gitdir"
        let recorded = try String(contentsOfFile: record, encoding: .utf8)
        await #expect(throws: PrePushError.worktreeOccupied(copyWorktree.path)) {
            try await copyWorktree.checkOut(original)
        }
        #expect(try String(contentsOfFile: record, encoding: .utf8) == recorded)
        #expect(try await worktrees("original").prunable == false)
    }
}
