import Foundation
import PreflightCore

/// Where prepush may write a report it was asked for (the coverage exports, the run record), and
/// the writing itself. A report path comes from a flag or from `.preflight.json`, which anyone who
/// can commit to the repository writes, so a path is refused when it is
///
/// - inside a git directory (`.git/HEAD` replaced would break the repository),
/// - a file git tracks, or one prepush did not write (an untracked source file, a user's notes),
/// - a link, a folder or anything else that is not a plain file,
/// - outside the repository, unless it was given on the command line.
///
/// prepush knows its own reports by a ledger in the git directory (`preflight/reports`: the path
/// and a hash of what it wrote last); a report someone edited since is no longer its own.
struct ReportDestination: Sendable {
    /// The repository's root and its git directories, links resolved.
    let root: String
    let gitDirectories: [String]
    /// The ledger of the reports written.
    let ledger: String
    /// Where git's variables put the repository for the hook (``GitLocation``).
    let location: GitLocation

    init(root: String, gitDirectory: String, location: GitLocation = GitLocation()) {
        self.root = StandardPath.canonical(root)
        self.location = location
        var directories = [StandardPath.canonical(gitDirectory)]
        // A linked worktree's git directory lives inside the main one's `worktrees/`; the common
        // directory (objects, refs, hooks) is the main one's.
        if let common = try? String(contentsOfFile: gitDirectory + "/commondir", encoding: .utf8) {
            let path = common.trimmingCharacters(in: .whitespacesAndNewlines)
            directories.append(StandardPath.canonical(path, relativeTo: gitDirectory))
        }
        gitDirectories = directories
        ledger = gitDirectory + "/preflight/reports"
    }

    /// The absolute path of `path` (relative paths are from the repository's root), once it is
    /// known to be a place prepush may write to.
    func check(_ path: String, fromCommandLine: Bool) throws(ReportFileError) -> String {
        let absolute = StandardPath.absolute(path, relativeTo: root)
        let physical = Self.physical(absolute)
        func inside(_ folder: String) -> Bool { physical == folder || physical.hasPrefix(folder + "/") }
        if gitDirectories.contains(where: inside) || Self.hasGitComponent(physical, below: root) {
            throw .insideGitDirectory(path: absolute)
        }
        let insideRoot = inside(root)
        if !insideRoot, !fromCommandLine { throw .outsideRepository(path: absolute, root: root) }

        var info = stat()
        guard lstat(absolute, &info) == 0 else { return absolute }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notAFile(path: absolute) }
        if insideRoot, isTracked(physical) { throw .tracked(path: absolute) }
        guard isOwn(absolute) else { throw .notWritten(path: absolute) }
        return absolute
    }

    /// Writes `data` whole to `path` (a temporary file beside it, then renamed; its folder made)
    /// after ``check(_:fromCommandLine:)``, notes it in the ledger, and returns the absolute path.
    @discardableResult
    func write(_ data: Data, to path: String, fromCommandLine: Bool) throws(ReportFileError) -> String {
        let absolute = try check(path, fromCommandLine: fromCommandLine)
        do {
            try FileManager.default.createDirectory(
                atPath: (absolute as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: absolute), options: .atomic)
        } catch {
            throw .unwritable(path: absolute, reason: error.localizedDescription)
        }
        note(absolute, hash: Self.hash(data))
        return absolute
    }

    // MARK: What prepush wrote

    private static func hash(_ data: Data) -> String {
        StableHash.fnv1a64Hex(String(decoding: data, as: UTF8.self)) + "-\(data.count)"
    }

    private func entries() -> [(hash: String, path: String)] {
        guard let text = try? String(contentsOfFile: ledger, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }

    /// Whether the file at `absolute` is the one prepush wrote there last.
    private func isOwn(_ absolute: String) -> Bool {
        guard let recorded = entries().last(where: { $0.path == absolute }),
            let data = FileManager.default.contents(atPath: absolute)
        else { return false }
        return recorded.hash == Self.hash(data)
    }

    /// Notes what was written at `absolute`, keeping the most recent 200 entries.
    private func note(_ absolute: String, hash: String) {
        let kept = entries().filter { $0.path != absolute && !$0.path.contains("\n") }.suffix(199)
        let lines = kept.map { $0.hash + "\t" + $0.path } + [hash + "\t" + absolute]
        try? FileManager.default.createDirectory(
            atPath: (ledger as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? (lines.joined(separator: "\n") + "\n").write(toFile: ledger, atomically: true, encoding: .utf8)
    }

    // MARK: Paths

    /// Whether git tracks the file at `physical` (inside the root).
    private func isTracked(_ physical: String) -> Bool {
        let relative = StandardPath.relative(physical, to: root)
        var repository = GitRepository(root: root)
        repository.location = location
        let command = repository.command(["ls-files", "-z", "--", ":(literal)" + relative])
        guard let result = try? command.runBlocking(), result.succeeded else { return true }
        return !(result.standardOutput?.bytes.isEmpty ?? true)
    }

    /// `absolute` with the links of its nearest existing folder resolved.
    private static func physical(_ absolute: String) -> String {
        var folder = absolute
        var rest: [String] = []
        while folder != "/" {
            if let resolved = StandardPath.resolved(folder) {
                return ([resolved == "/" ? "" : resolved] + rest.reversed()).joined(separator: "/")
            }
            rest.append((folder as NSString).lastPathComponent)
            folder = (folder as NSString).deletingLastPathComponent
        }
        return "/" + rest.reversed().joined(separator: "/")
    }

    /// Whether a component of `physical` below `root` is named `.git` (a submodule's or a nested
    /// repository's git directory or file).
    private static func hasGitComponent(_ physical: String, below root: String) -> Bool {
        guard physical.hasPrefix(root + "/") else { return false }
        return physical.dropFirst(root.count + 1).split(separator: "/").contains(".git")
    }
}

/// A report prepush refused to write, or could not.
enum ReportFileError: LocalizedError, Sendable, Equatable {
    case insideGitDirectory(path: String)
    case outsideRepository(path: String, root: String)
    case notAFile(path: String)
    case tracked(path: String)
    case notWritten(path: String)
    case unwritable(path: String, reason: String)

    var errorDescription: String? {
        switch self {
        case .insideGitDirectory(let path): "The report '\(path)' would be written inside a git directory."
        case .outsideRepository(let path, _): "The report '\(path)' is outside the repository."
        case .notAFile(let path): "The report '\(path)' would replace something that is not a plain file."
        case .tracked(let path): "The report '\(path)' would replace a file git tracks."
        case .notWritten(let path): "The report '\(path)' would replace a file prepush did not write."
        case .unwritable(let path, _): "The report '\(path)' could not be written."
        }
    }

    var failureReason: String? {
        switch self {
        case .insideGitDirectory: "prepush never writes into git's own files."
        case .outsideRepository(_, let root):
            "A report path from .preflight.json must stay inside the repository (\(root)); only a path given on "
                + "the command line may point elsewhere."
        case .notAFile: "It is a link, a folder or a special file, and prepush replaces only its own reports."
        case .tracked: "A report is output; replacing a committed file would change the repository."
        case .notWritten:
            "A file is there that prepush did not write, or that was changed since; prepush replaces only its own reports."
        case .unwritable(_, let reason): reason
        }
    }

    var recoverySuggestion: String? {
        switch self {
        case .insideGitDirectory, .outsideRepository, .tracked:
            "Choose another path, such as coverage/lcov.info or .build/reports/run.json."
        case .notAFile, .notWritten: "Move that file away or choose another path, then run again."
        case .unwritable: "Check that the folder can be created and written to, or choose another path."
        }
    }
}
