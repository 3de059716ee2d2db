import ProcessKit

/// git in a test's repository: a fixed identity, none of a calling hook's git variables.
enum TestGit {
    static func run(_ arguments: [String], in directory: String) throws {
        var command = Command("git", arguments, workingDirectory: directory)
        command.environment = .inherit.setting([
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "Test",
            "GIT_COMMITTER_EMAIL": "t@example.com",
        ]).removing("GIT_DIR", "GIT_WORK_TREE")
        try command.runBlocking().checked()
    }
}
