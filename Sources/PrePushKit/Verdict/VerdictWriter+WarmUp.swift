import Foundation

extension VerdictWriter {
    /// Starts the worktree's warm-up at the commit a passing in-place check built, when it is
    /// wanted here (``WorktreeWarmUp/isWanted(options:environment:)``); one line says so. A warm-up
    /// that cannot start is a warning: the push it follows has passed.
    func startWarmUp(after results: [CheckRun.Result], executable: String) {
        guard WorktreeWarmUp.isWanted(options: options, environment: environment),
            let warmUp = WorktreeWarmUp.after(results, repositoryRoot: place.root, requestedBy: getpid())
        else { return }
        let gitDirectory = place.gitDirectory
        do {
            try warmUp.save(gitDirectory: gitDirectory)
            try WarmUpLaunch.start(
                executable: executable, gitDirectory: gitDirectory, directory: place.root,
                searchPath: environment["PATH"])
            output.message(
                "prepush: building .build/prepush-worktree at \(warmUp.commit.prefix(12)) in the background, so a push "
                    + "checked there is incremental (\"warmWorktree\": false turns this off)\n")
        } catch {
            output.warning("could not start the worktree's warm-up: \(error.localizedDescription)")
        }
    }
}
