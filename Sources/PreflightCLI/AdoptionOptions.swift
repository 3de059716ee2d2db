import ArgumentParser
import Foundation
import PreflightCore

/// `--since`, `--baseline` and `--write-baseline`, the same for every scanner.
package struct AdoptionOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Report only findings on lines added since this revision (diffed against its merge base with HEAD; "
                + "uncommitted and untracked files included).", valueName: "revision"))
    var since: String?

    @Option(help: ArgumentHelp("Do not report findings accepted in this baseline file.", valueName: "path"))
    var baseline: String?

    @Option(help: ArgumentHelp("Write the current findings to this baseline file and exit 0.", valueName: "path"))
    var writeBaseline: String?

    @Flag(
        help: ArgumentHelp(
            "Read the staged files from git's index (never the work tree) and report only what a commit of it "
                + "introduces (for a pre-commit hook)."))
    package var staged = false

    package init() {}

    package func validate() throws {
        if staged, since != nil {
            throw ValidationError("--staged reports what the index adds over HEAD; it cannot be combined with --since.")
        }
        if staged, writeBaseline != nil {
            throw ValidationError("--staged reports only new findings; write a baseline from the work tree instead.")
        }
    }

    /// The flags given, over the settings from the configuration file. `--staged` sets aside a
    /// configured `since`: the index over `HEAD` is what it measures.
    package func apply(to settings: inout AdoptionSettings) {
        if let since { settings.sinceRevision = since }
        if let baseline { settings.baselinePath = baseline }
        if let writeBaseline { settings.writeBaselinePath = writeBaseline }
        if staged { Self.applyStaged(to: &settings) }
    }

    /// `--staged` over the settings: the index over `HEAD` is what it measures, so a configured
    /// `since` is set aside.
    package static func applyStaged(to settings: inout AdoptionSettings) {
        settings.checksStaged = true
        settings.sinceRevision = nil
        // --staged is the pre-commit hook's: the repository and index are where git's variables
        // put them for it (`git commit -a`'s temporary index, `git --git-dir=… --work-tree=…`),
        // as for the hook's own git calls. Other runs name their folder: a stray GIT_DIR in a
        // shell never points them elsewhere.
        settings.git = GitLocation.hook(
            ProcessInfo.processInfo.environment, in: FileManager.default.currentDirectoryPath)
    }
}
