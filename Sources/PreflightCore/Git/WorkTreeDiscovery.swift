import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The work tree's root that `git rev-parse --show-toplevel` would print, found without running
/// git when the layout is the plain one: a process spawned for it costs more than the rest of a
/// one-file pre-commit scan's git calls together.
///
/// Only a layout whose answer is certain is answered; anything git decides by more than the
/// nearest `.git` is left to git (`nil`):
/// - variables that change discovery (`GIT_CEILING_DIRECTORIES`,
///   `GIT_DISCOVERY_ACROSS_FILESYSTEM`; `GIT_DIR` and `GIT_WORK_TREE` are cleared for every git call
///   the suite makes, and a repository they name (``GitLocation``) is never looked for here);
/// - a directory inside a git directory (`.git`, a bare repository, `.git/modules/…`);
/// - a repository another user owns (git's `safe.directory` decides);
/// - a configuration that names a work tree, a bare repository or an included file
///   (`core.worktree`, `core.bare = true`, `[include]`), in the repository's `config` and
///   `config.worktree` or, for a `.git` file (a linked worktree, a submodule), in the git directory
///   it points to and its common directory;
/// - a `.git` that is neither a valid git directory nor a `gitdir:` file, or a link;
/// - reaching another file system before any `.git`, or no `.git` up to `/`.
enum WorkTreeDiscovery {
    /// The root for a git command run in `directory` (absolute), or `nil` when git must be asked.
    static func root(containing directory: String, environment: [String: String]) -> String? {
        for name in ["GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM"]
        where !(environment[name] ?? "").isEmpty {
            return nil
        }
        guard var current = StandardPath.resolved(directory), let device = deviceID(current) else { return nil }
        while true {
            if current.hasSuffix("/.git") || current.contains("/.git/") || isGitDirectory(current) { return nil }
            let dotGit = current == "/" ? "/.git" : current + "/.git"
            var info = stat()
            if lstat(dotGit, &info) == 0 {
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    let configs = [dotGit + "/config", dotGit + "/config.worktree"]
                    return isGitDirectory(dotGit) && ownedByUs([current, dotGit]) && configsAllowPlainRoot(configs)
                        ? current : nil
                case S_IFREG:
                    return ownedByUs([current, dotGit]) && linkedGitDirectoryAllowsPlainRoot(dotGit, in: current)
                        ? current : nil
                default:
                    return nil
                }
            }
            guard current != "/" else { return nil }
            let parent = (current as NSString).deletingLastPathComponent
            // Git stops at a file-system boundary unless told otherwise.
            guard deviceID(parent) == device else { return nil }
            current = parent
        }
    }

    /// Whether `path` holds what git checks for in a git directory: `HEAD`, `objects/`, `refs/`.
    private static func isGitDirectory(_ path: String) -> Bool {
        var info = stat()
        guard stat(path + "/HEAD", &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        for folder in ["/objects", "/refs"] {
            guard stat(path + folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        }
        return true
    }

    /// For a `.git` file (`gitdir: <path>`): whether the git directory it names, with its
    /// per-worktree and common configuration, leaves the root where the file is.
    private static func linkedGitDirectoryAllowsPlainRoot(_ file: String, in folder: String) -> Bool {
        guard let gitDirectory = linkedGitDirectory(file, in: folder),
            isGitDirectoryOrLinked(gitDirectory), ownedByUs([gitDirectory])
        else { return false }
        var configs = [gitDirectory + "/config", gitDirectory + "/config.worktree"]
        if let common = commonDirectory(of: gitDirectory) { configs.append(common + "/config") }
        return configsAllowPlainRoot(configs)
    }

    /// The git directory of the work tree at `root` (`.git` when a folder, or the one a `.git` file
    /// names) and its common directory (objects, refs, config: the one its `commondir` names, or
    /// itself); `nil` when `.git` is neither.
    static func gitDirectories(root: String) -> (gitDirectory: String, commonDirectory: String)? {
        let dotGit = root + "/.git"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { return (dotGit, dotGit) }
        guard let linked = linkedGitDirectory(dotGit, in: root) else { return nil }
        return (linked, commonDirectory(of: linked) ?? linked)
    }

    /// The common directory a linked git directory's `commondir` file names, `nil` without one.
    private static func commonDirectory(of gitDirectory: String) -> String? {
        guard let common = try? String(contentsOfFile: gitDirectory + "/commondir", encoding: .utf8) else { return nil }
        return StandardPath.absolute(common.trimmingCharacters(in: .newlines), relativeTo: gitDirectory)
    }

    /// The git directory a `.git` file in `folder` names (`gitdir: <path>`, relative to `folder`
    /// or absolute), `nil` when the file says nothing of the kind.
    static func linkedGitDirectory(_ file: String, in folder: String) -> String? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8), text.hasPrefix("gitdir: ") else {
            return nil
        }
        let named = text.dropFirst("gitdir: ".count).trimmingCharacters(in: .newlines)
        return named.isEmpty ? nil : StandardPath.absolute(named, relativeTo: folder)
    }

    /// A linked worktree's git directory has `HEAD` but its `objects/` and `refs/` are in the
    /// common directory.
    private static func isGitDirectoryOrLinked(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "/HEAD", &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Whether none of `paths` (those that exist) names a work tree, makes the repository bare or
    /// includes another file. Read loosely: a key anywhere named `worktree`, or `bare` set true,
    /// or an `[include…]` section sends the question to git, whatever section it is in.
    private static func configsAllowPlainRoot(_ paths: [String]) -> Bool {
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            for rawLine in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
                var line = trimmed(rawLine).lowercased()
                if line.hasPrefix("[include") { return false }
                // A key may follow its section's header on the same line (`[core] bare`).
                if line.hasPrefix("["), let close = line.firstIndex(of: "]") {
                    line = trimmed(line[line.index(after: close)...])
                }
                guard !line.hasPrefix("#"), !line.hasPrefix(";") else { continue }
                let parts = line.split(separator: "=", maxSplits: 1).map(trimmed)
                guard let key = parts.first else { continue }
                if key == "worktree" { return false }
                if key == "bare", parts.count == 1 || !["false", "no", "off", "0"].contains(parts[1]) { return false }
            }
        }
        return true
    }

    /// `text` without the white space `CharacterSet.whitespaces` holds (a tab and Unicode's space
    /// separators) at either end: Foundation's own trimming loads a character set through
    /// `NSString`, a cost every hook run paid for a few configuration lines.
    private static func trimmed(_ text: some StringProtocol) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = String(text).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Whether every path is owned by the user running: git refuses a repository owned by
    /// another (`safe.directory`), and only git can say whether this one is allowed.
    private static func ownedByUs(_ paths: [String]) -> Bool {
        let user = geteuid()
        return paths.allSatisfy { path in
            var info = stat()
            return lstat(path, &info) == 0 && info.st_uid == user
        }
    }

    private static func deviceID(_ path: String) -> UInt64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt64(info.st_dev)
    }
}
