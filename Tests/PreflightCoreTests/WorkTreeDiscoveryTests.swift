import Foundation
import ProcessKit
import TestSupport
import Testing

@testable import PreflightCore

/// ``WorkTreeDiscovery`` answers only where its answer is `git rev-parse --show-toplevel`'s, and
/// ``GitRepository``'s root is git's in every layout.
@Suite("Work tree discovery")
struct WorkTreeDiscoveryTests {
    /// What git prints for a command run in `directory` (with the variables the suite clears
    /// cleared), or `nil` when it finds no work tree.
    private func gitRoot(_ directory: String, environment: [String: String] = [:]) throws -> String? {
        var command = GitRepository.command(["rev-parse", "--show-toplevel"], in: directory)
        command.environment = command.environment.setting(environment)
        let result = try command.runBlocking()
        return result.succeeded ? result.outputText.trimmingCharacters(in: .newlines) : nil
    }

    /// `git rev-parse <options>`'s answer for `directory`, links resolved.
    private func gitAnswer(_ directory: String, _ options: String...) throws -> String? {
        let result = try GitRepository.command(["rev-parse"] + options, in: directory).runBlocking()
        return result.succeeded ? StandardPath.resolved(result.outputText.trimmingCharacters(in: .newlines)) : nil
    }

    /// Discovery's answer, checked against git's: equal when it answers at all.
    private func discovered(_ directory: String, environment: [String: String] = [:]) throws -> String? {
        let answer = WorkTreeDiscovery.root(containing: directory, environment: environment)
        if let answer {
            #expect(answer == (try gitRoot(directory, environment: environment)), "\(directory)")
            // The git directory prepush's hook uses and the common directory errorlint's cache goes
            // in, read from `.git` where the root is.
            let directories = WorkTreeDiscovery.gitDirectories(root: answer)
            #expect(
                directories.flatMap { StandardPath.resolved($0.gitDirectory) }
                    == (try gitAnswer(directory, "--absolute-git-dir")), "\(directory)")
            #expect(
                directories.flatMap { StandardPath.resolved($0.commonDirectory) }
                    == (try gitAnswer(directory, "--path-format=absolute", "--git-common-dir")), "\(directory)")
            #expect(GitRepository.plainPlace(containing: directory)?.gitDirectory == directories?.gitDirectory)
        }
        if environment.isEmpty {
            let repository = try? GitRepository(containing: directory)
            #expect(repository?.root == (try gitRoot(directory)), "\(directory)")
        }
        return answer
    }

    @Test(
        "The plain layouts are answered as git answers: root, subfolder, a path through a link, nested repositories, linked worktrees"
    )
    func plainLayouts() throws {
        let repository = try GitFixture(linksResolved: true)
        try repository.write("Sources/A/a.swift", "let a = 1\n")
        try repository.commitAll("initial")
        #expect(try discovered(repository.root) == repository.root)
        #expect(try discovered(repository.path("Sources/A")) == repository.root)

        let link = NSTemporaryDirectory() + "preflight-link-" + UUID().uuidString
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: repository.path("Sources"))
        defer { try? FileManager.default.removeItem(atPath: link) }
        #expect(try discovered(link + "/A") == repository.root)
        // `..` after a link is the link target's parent, as for git's working directory.
        #expect(try discovered(link + "/..") == repository.root)

        // A repository inside another one's folder is its own.
        try FileManager.default.createDirectory(
            atPath: repository.path("vendor/inner"), withIntermediateDirectories: true)
        try repository.git("-C", "vendor/inner", "init", "-q")
        #expect(try discovered(repository.path("vendor/inner")) == repository.path("vendor/inner"))
        #expect(try discovered(repository.path("vendor")) == repository.root)

        // A linked worktree: a `.git` file pointing into the main repository.
        let worktree = repository.path("../" + URL(fileURLWithPath: repository.root).lastPathComponent + "-wt")
        try repository.git("worktree", "add", "-q", "--detach", worktree)
        let worktreeRoot = StandardPath.resolved(StandardPath.absolute(worktree))!
        defer { try? FileManager.default.removeItem(atPath: worktreeRoot) }
        #expect(try discovered(worktreeRoot + "/Sources/A") == worktreeRoot)
    }

    @Test("Layouts git decides by more than the nearest .git are left to git")
    func leftToGit() throws {
        let repository = try GitFixture(linksResolved: true)
        try repository.write("Sources/a.swift", "let a = 1\n")
        try repository.commitAll("initial")

        // Inside the git directory: no work tree.
        #expect(try discovered(repository.path(".git/refs")) == nil)
        #expect(try gitRoot(repository.path(".git/refs")) == nil)
        // Variables that change discovery.
        #expect(
            try discovered(repository.path("Sources"), environment: ["GIT_CEILING_DIRECTORIES": repository.root])
                == nil)
        // A submodule's git directory names its work tree (`core.worktree`).
        let library = try GitFixture(linksResolved: true)
        try library.write("lib.swift", "let l = 1\n")
        try library.commitAll("library")
        try repository.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", library.root, "Vendor/Library")
        #expect(try discovered(repository.path("Vendor/Library")) == nil)
        // A work tree configured elsewhere.
        let elsewhere = try GitFixture(linksResolved: true)
        try repository.git("config", "core.worktree", elsewhere.root)
        #expect(try discovered(repository.root) == nil)
        try repository.git("config", "--unset", "core.worktree")
        // The per-worktree configuration counts too.
        try repository.git("config", "extensions.worktreeConfig", "true")
        try repository.git("config", "--worktree", "core.worktree", elsewhere.root)
        #expect(try discovered(repository.root) == nil)
        try repository.git("config", "--worktree", "--unset", "core.worktree")
        // A key on its section's line.
        let config = repository.path(".git/config")
        let plain = try String(contentsOfFile: config, encoding: .utf8)
        try (plain + "[core] bare\n").write(toFile: config, atomically: true, encoding: .utf8)
        #expect(try discovered(repository.root) == nil)
        try plain.write(toFile: config, atomically: true, encoding: .utf8)
        #expect(try discovered(repository.root) == repository.root)
        // An included file could set anything.
        try repository.git("config", "include.path", "extra.config")
        #expect(try discovered(repository.root) == nil)
        try repository.git("config", "--unset", "include.path")
        // Another user's repository: git's safe.directory decides (only root can hand it over).
        if geteuid() == 0 {
            try FileManager.default.setAttributes([.ownerAccountID: 54_321], ofItemAtPath: repository.root)
            #expect(try discovered(repository.root) == nil)
            try FileManager.default.setAttributes([.ownerAccountID: 0], ofItemAtPath: repository.root)
        }
        // Outside any repository.
        let outside = NSTemporaryDirectory() + "preflight-outside-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        #expect(WorkTreeDiscovery.root(containing: outside, environment: [:]) == nil)
        #expect(throws: GitError.self) { try GitRepository(containing: outside) }
    }
}
