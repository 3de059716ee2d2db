import Foundation
import ProcessKit

/// The suite's one way to run git: every git call of every tool goes through here, through
/// ProcessKit, with output that never depends on the user's configuration or on variables a hook
/// inherits. Synchronous queries here (for the scanners); the asynchronous ones prepush uses are in
/// `GitRepository+Queries.swift`.
package struct GitRepository: Sendable {
    /// The work tree's root, as `git rev-parse --show-toplevel` prints it.
    package let root: String
    /// Where git's variables put this repository when a hook names it (``GitLocation``): set
    /// again for each of its git calls. Empty: the root decides.
    package var location = GitLocation()
    /// Whether the root was found without git, in a plain layout (``WorkTreeDiscovery``): its git
    /// directories are then the ones `.git` names.
    private(set) var isPlainLayout = false
    /// The index file the index queries read (`GIT_INDEX_FILE`, absolute) when it is not the
    /// repository's own: a pre-commit hook's temporary index. `nil`: the repository's.
    package var indexFile: String? {
        get { location.indexFile }
        set { location.indexFile = newValue }
    }

    /// The repository at `root`, taken as it is (no git call): for a root git already reported.
    package init(root: String) {
        self.root = root
    }

    /// Variables that point git at another repository, index or diff program. A hook exports
    /// some of them; the directory a command runs in decides instead, unless the repository's
    /// ``location`` names them again (a pre-commit hook's, passed explicitly).
    package static let clearedVariables = [
        "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
        "GIT_COMMON_DIR", "GIT_PREFIX", "GIT_IMPLICIT_WORK_TREE", "GIT_DIFF_OPTS", "GIT_EXTERNAL_DIFF",
    ]

    /// Options before every subcommand: names printed as they are (`core.quotepath=off`), and no
    /// index refresh that could collide with a git process the user is running.
    static let globalOptions = ["--no-optional-locks", "-c", "core.quotepath=off"]

    /// The root of the work tree containing `directory` when git need not be asked for it (the
    /// plain layouts ``WorkTreeDiscovery`` answers), found without a process.
    static func plainRoot(containing directory: String) -> String? {
        // `..` resolved through links, as git's working directory would be: not lexically.
        let unresolved = directory.hasPrefix("/") ? directory : StandardPath.currentDirectory + "/" + directory
        return WorkTreeDiscovery.root(containing: unresolved, environment: ProcessInfo.processInfo.environment)
    }

    /// The work tree's root and git directory of the repository containing `directory` (what `git
    /// rev-parse --show-toplevel --absolute-git-dir` prints there) in the plain layouts
    /// ``WorkTreeDiscovery`` answers, found without a process; `nil` when git must be asked.
    package static func plainPlace(containing directory: String) -> (root: String, gitDirectory: String)? {
        guard let root = plainRoot(containing: directory),
            let gitDirectory = WorkTreeDiscovery.gitDirectories(root: root)?.gitDirectory
        else { return nil }
        return (root, gitDirectory)
    }

    /// The repository whose work tree contains `directory`, or the one `location` names (its
    /// work tree's root as git reports it, for a hook git gave `GIT_DIR` or `GIT_WORK_TREE`).
    init(containing directory: String, location: GitLocation = GitLocation()) throws(GitError) {
        self.location = location
        if !location.namesRepository, let root = Self.plainRoot(containing: directory) {
            self.root = root
            isPlainLayout = true
            return
        }
        var here = GitRepository(root: directory)
        here.location = location
        let result = try Self.launch(here.command(["rev-parse", "--show-toplevel"]), ["rev-parse", "--show-toplevel"])
        let root = result.outputText.trimmingCharacters(in: .newlines)
        guard result.succeeded, !root.isEmpty else {
            let message = result.errorText
            if !result.succeeded, !message.contains("not a git repository"),
                !message.contains("must be run in a work tree")
            {
                throw Self.failure(result)
            }
            throw .notARepository(path: StandardPath.absolute(directory))
        }
        self.root = root
    }

    // MARK: Revisions

    /// The full object name of the commit `revision` names, or `nil` when it names none.
    func commit(_ revision: String) throws(GitError) -> String? {
        // Never let a revision be read as an option.
        if revision.isEmpty || revision.hasPrefix("-") { return nil }
        let result = try run(["rev-parse", "--verify", "--quiet", revision + "^{commit}"])
        let name = result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        return result.succeeded && !name.isEmpty ? name : nil
    }

    /// `revision` as a commit, or ``GitError/unknownRevision(_:detail:)`` saying why not.
    func requireCommit(_ revision: String) throws(GitError) -> String {
        if let commit = try commit(revision) { return commit }
        if revision.hasPrefix("-") {
            throw .unknownRevision(revision, detail: "A revision cannot start with '-'; it would be read as an option.")
        }
        if revision != "HEAD", try commit("HEAD") == nil {
            throw .unknownRevision(
                revision,
                detail: "The repository at \(root) has no commits yet, so there is no '\(revision)' to compare against."
            )
        }
        if revision == "HEAD" {
            throw .unknownRevision(
                revision, detail: "The current branch in \(root) has no commits yet, so it has no history to compare.")
        }
        let shallow = try isShallow() ? " This is a shallow clone: the commit may not have been fetched." : ""
        throw .unknownRevision(
            revision, detail: "No branch, tag or commit named '\(revision)' exists in \(root).\(shallow)")
    }

    /// The best common ancestor of two commits.
    func mergeBase(_ first: String, _ second: String, describing revision: String) throws(GitError) -> String {
        let arguments = ["merge-base", first, second]
        let result = try run(arguments)
        let base = result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        if result.succeeded, !base.isEmpty { return base }
        if result.termination == .exited(1) {
            let why =
                try isShallow()
                ? "this is a shallow clone, so the history that joins them was probably not fetched"
                : "their histories are unrelated"
            throw .failed(
                command: Self.display(arguments), detail: "'\(revision)' and HEAD have no common ancestor: \(why).")
        }
        throw Self.failure(result)
    }

    func isShallow() throws(GitError) -> Bool {
        let result = try run(["rev-parse", "--is-shallow-repository"])
        return result.outputText.trimmingCharacters(in: .whitespacesAndNewlines) == "true"
    }

    // MARK: Changes

    /// The patch ``addedLines(diffing:exactNames:)`` reads: no context, hunks never joined, fixed
    /// prefixes, no colour or text conversion.
    static let patchOptions = [
        "-U0", "--no-color", "--no-textconv", "--inter-hunk-context=0", "--src-prefix=a/", "--dst-prefix=b/",
    ]

    /// The lines `git diff <revisions>` adds: one revision compares the working tree (staged and
    /// unstaged) with it, two compare the commits. With `exactNames`, paths are named by their
    /// bytes (``GitPathName``): git quotes every unusual name (`core.quotePath`), and the quoted
    /// bytes are kept exactly.
    func addedLines(diffing revisions: [String], exactNames: Bool = false) throws(GitError) -> AddedLines {
        let arguments =
            (exactNames ? ["-c", "core.quotepath=on"] : [])
            + ["diff"] + Self.patchOptions + [
                "--no-ext-diff", "--find-renames", "--no-relative", "--ignore-submodules=all",
            ] + revisions + ["--"]
        let parser = LockedParser(root: root, exactNames: exactNames)
        var command = indexCommand(arguments)
        command.standardOutput = .lines { line in parser.consume(line.bytes) }
        let result = try Self.runChecked(command, arguments)
        guard result.isOutputComplete else {
            throw .failed(command: Self.display(arguments), detail: "Its output ended before git finished writing it.")
        }
        return parser.finish()
    }

    /// Files neither tracked nor ignored, absolute.
    func untrackedFiles() throws(GitError) -> [String] {
        let arguments = ["ls-files", "--others", "--exclude-standard", "-z"]
        let result = try Self.runChecked(command(arguments), arguments)
        guard let output = result.standardOutput, !output.isTruncated, output.isComplete else {
            throw .failed(command: Self.display(arguments), detail: "Its output was too long or incomplete to read.")
        }
        return output.bytes.split(separator: 0).compactMap { entry in
            let name = String(decoding: entry, as: UTF8.self)
            // "dir/" is a nested repository, not a file.
            return name.hasSuffix("/") ? nil : StandardPath.absolute(name, relativeTo: root)
        }
    }

    // MARK: Running git

    /// A `git` command run in `directory`, isolated from the calling repository: the variables a
    /// hook exports are cleared so the directory decides, names are printed as they are, no index
    /// refresh collides with the user's own git, and messages are in English (`LC_ALL=C`) so they
    /// can be recognized.
    ///
    /// `optionalLocks` lets git refresh the index it reads: only for an index file of prepush's own
    /// (`GIT_INDEX_FILE`), never the user's.
    package static func command(_ arguments: [String], in directory: String, optionalLocks: Bool = false) -> Command {
        Command(
            "git", (optionalLocks ? globalOptions.filter { $0 != "--no-optional-locks" } : globalOptions) + arguments,
            workingDirectory: directory,
            // English messages, so "not a git repository" can be recognized.
            environment: .inherit.removing(clearedVariables).setting(["LC_ALL": "C"]))
    }

    /// ``command(_:in:optionalLocks:)`` in the root, about this repository: its ``location``'s
    /// variables set (the index file, and the git directory and work tree a hook was given).
    package func command(_ arguments: [String], optionalLocks: Bool = false) -> Command {
        var command = Self.command(arguments, in: root, optionalLocks: optionalLocks)
        let variables = location.variables
        if !variables.isEmpty { command.environment = command.environment.setting(variables) }
        return command
    }

    /// ``command(_:optionalLocks:)``: reads ``indexFile`` when one is set.
    func indexCommand(_ arguments: [String]) -> Command {
        command(arguments)
    }

    /// ``command(_:optionalLocks:)`` run, whatever its exit status.
    func run(_ arguments: [String]) throws(GitError) -> ProcessResult {
        try Self.launch(command(arguments), arguments)
    }

    /// How a person would type the command (without the options every call adds).
    static func display(_ arguments: [String]) -> String {
        Command("git", arguments).commandLine
    }

    static func run(_ arguments: [String], in directory: String) throws(GitError) -> ProcessResult {
        try launch(command(arguments, in: directory), arguments)
    }

    static func runChecked(_ command: Command, _ arguments: [String]) throws(GitError) -> ProcessResult {
        let result = try launch(command, arguments)
        guard result.succeeded else { throw failure(result, arguments) }
        return result
    }

    static func launch(_ command: Command, _ arguments: [String]) throws(GitError) -> ProcessResult {
        do {
            return try command.runBlocking()
        } catch {
            let detail = [error.errorDescription, error.failureReason].compactMap { $0 }.joined(separator: " ")
            throw .failed(command: display(arguments), detail: detail)
        }
    }

    /// A failed run as an error carrying git's message.
    package static func failure(_ result: ProcessResult, _ arguments: [String]? = nil) -> GitError {
        let shown = arguments ?? Array(result.command.arguments.dropFirst(globalOptions.count))
        let message = result.errorText.trimmingCharacters(in: .whitespacesAndNewlines)
        let detail =
            message.isEmpty
            ? "git ended with \(result.termination) without a message."
            : "git ended with \(result.termination): \(message)"
        return .failed(command: display(shown), detail: detail)
    }
}

/// A diff parser fed from ProcessKit's I/O thread.
struct LockedParser: Sendable {
    private let parser: Locked<UnifiedDiffParser>

    init(root: String, exactNames: Bool) {
        var parser = UnifiedDiffParser(root: root)
        parser.exactNames = exactNames
        self.parser = Locked(parser)
    }

    func consume(_ bytes: [UInt8]) {
        parser.withLock { $0.consume(line: bytes[...]) }
    }

    func finish() -> AddedLines {
        parser.withLock { $0.finish() }
    }
}
