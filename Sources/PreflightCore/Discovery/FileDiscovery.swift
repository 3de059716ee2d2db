import Foundation
import ProcessKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one routine every Preflight scanner uses to decide which files to read.
///
/// Inside a git work tree it takes the files git tracks plus the untracked ones `.gitignore` does
/// not exclude (`git ls-files --cached --others --exclude-standard`); elsewhere it walks the tree,
/// skipping build and dependency folders, never following a symbolic link to a directory (so
/// link loops cannot trap it). A file named explicitly is always taken.
public struct FileDiscovery: Sendable {
    /// Folders a tree walk never enters.
    public static let defaultSkippedDirectories: Set<String> = [
        ".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm",
    ]

    /// Only files matching one of these (when any are given).
    public var includes: [Glob]
    /// No file matching any of these.
    public var excludes: [Glob]
    /// Folder names a tree walk skips.
    public var skippedDirectories: Set<String>
    /// Whether to ask git which files belong to the tree.
    public var usesGit: Bool

    public init(
        includes: [Glob] = [],
        excludes: [Glob] = [],
        skippedDirectories: Set<String> = FileDiscovery.defaultSkippedDirectories,
        usesGit: Bool = true
    ) {
        self.includes = includes
        self.excludes = excludes
        self.skippedDirectories = skippedDirectories
        self.usesGit = usesGit
    }

    /// What discovery found: files to read, and the places it could not look into.
    public struct Result: Sendable {
        /// Paths as they should be opened and printed: relative to the current directory when the
        /// root was given relatively, without a leading `./`.
        public var files: [String]
        /// Paths that could not be listed, each with the reason.
        public var problems: [DiscoveryProblem]
    }

    /// The files under `roots` (files or directories), each once, in a stable order.
    public func files(under roots: [String]) -> Result {
        var problems: [DiscoveryProblem] = []
        var seen = Set<String>()
        var files: [String] = []
        func take(_ path: String) {
            if seen.insert(path).inserted { files.append(path) }
        }
        for root in roots {
            var info = stat()
            guard stat(root, &info) == 0 else {
                problems.append(DiscoveryProblem(path: root, reason: String(cString: strerror(errno))))
                continue
            }
            if (info.st_mode & S_IFMT) != S_IFDIR {
                take(Self.clean(root))
            } else if usesGit, let listed = gitFiles(in: root) {
                for relative in listed where isSelected(relative, checkingFolders: true) {
                    take(Self.join(root, relative))
                }
            } else {
                // A walk is deterministic; findings are sorted when reported, so files are not
                // (sorting 20 000 paths cost as much as scanning them).
                walk(root, problems: &problems) { relative in
                    if isSelected(relative, checkingFolders: false) { take(Self.join(root, relative)) }
                }
            }
        }
        return Result(files: files, problems: problems)
    }

    /// `checkingFolders`: whether to drop paths inside skipped folders (git may list them; a walk
    /// never enters them).
    private func isSelected(_ relative: String, checkingFolders: Bool) -> Bool {
        if checkingFolders && isInsideSkippedDirectory(relative) { return false }
        if !includes.isEmpty && !includes.contains(where: { $0.matchesFile(relative) }) { return false }
        return !excludes.contains { $0.matches(relative) }
    }

    /// Build and dependency folders are never sources, even when git lists them.
    private func isInsideSkippedDirectory(_ relative: String) -> Bool {
        var start = relative.utf8.startIndex
        for index in relative.utf8.indices where relative.utf8[index] == UInt8(ascii: "/") {
            if skippedDirectories.contains(String(relative[start..<index])) { return true }
            start = relative.utf8.index(after: index)
        }
        return false
    }

    /// Files git knows under `directory` (relative to it), or `nil` outside a work tree.
    private func gitFiles(in directory: String) -> [String]? {
        var command = Command.git(
            ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "."], in: directory)
        command.standardError = .discard
        guard let result = try? command.runBlocking(), result.succeeded, let output = result.standardOutput else {
            return nil
        }
        var seen = Set<String>()
        return output.bytes.split(separator: 0).compactMap { entry in
            let path = String(decoding: entry, as: UTF8.self)
            // Tracked but deleted, or a submodule: nothing to read.
            var info = stat()
            guard stat(Self.join(directory, path), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return seen.insert(path).inserted ? path : nil
        }
    }

    /// Regular files under `root`, relative to it, without entering skipped or linked folders.
    /// The first level is listed alone, then its folders are walked on all cores: the walk costs
    /// about a quarter of a whole scan and would otherwise hold the scanners back.
    private func walk(_ root: String, problems: inout [DiscoveryProblem], found: (String) -> Void) {
        var folders: [String] = []
        walkTree(root, from: [""], descending: false, problems: &problems, folders: &folders, found: found)
        let topFolders = folders
        let slots = WalkSlots(count: topFolders.count)
        DispatchQueue.concurrentPerform(iterations: topFolders.count) { index in
            var files: [String] = []
            var localProblems: [DiscoveryProblem] = []
            var unused: [String] = []
            walkTree(root, from: [topFolders[index]], descending: true, problems: &localProblems, folders: &unused) {
                files.append($0)
            }
            slots.store(index, files: files, problems: localProblems)
        }
        for index in topFolders.indices {
            let (files, folderProblems) = slots.take(index)
            problems += folderProblems
            files.forEach(found)
        }
    }

    /// Walks from the folders in `pending`; with `descending` false, folders found are handed
    /// back in `folders` instead of entered.
    private func walkTree(
        _ root: String, from start: [String], descending: Bool, problems: inout [DiscoveryProblem],
        folders: inout [String], found: (String) -> Void
    ) {
        var pending = start
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? root : Self.join(root, relative)
            guard let handle = opendir(directory) else {
                problems.append(DiscoveryProblem(path: Self.clean(directory), reason: String(cString: strerror(errno))))
                continue
            }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
                }
                if name == "." || name == ".." { continue }
                let child = relative.isEmpty ? name : relative + "/" + name
                // The entry's type usually comes with it; only some file systems need an lstat.
                var kind = Self.fileType(fromDirectoryEntryType: entry.pointee.d_type)
                if kind == nil {
                    var info = stat()
                    guard lstat(Self.join(root, child), &info) == 0 else { continue }
                    kind = info.st_mode & S_IFMT
                }
                switch kind {
                case S_IFDIR:
                    if !skippedDirectories.contains(name) {
                        if descending { pending.append(child) } else { folders.append(child) }
                    }
                case S_IFREG:
                    found(child)
                case S_IFLNK:
                    // A link to a file is read; a link to a folder is never entered.
                    var target = stat()
                    if stat(Self.join(root, child), &target) == 0, (target.st_mode & S_IFMT) == S_IFREG {
                        found(child)
                    }
                default:
                    continue
                }
            }
        }
    }

    /// `S_IFDIR`, `S_IFREG` or `S_IFLNK` for a `d_type`, `0` for other known types, `nil` when unknown.
    private static func fileType(fromDirectoryEntryType type: UInt8) -> mode_t? {
        switch Int32(type) {
        case Int32(DT_DIR): S_IFDIR
        case Int32(DT_REG): S_IFREG
        case Int32(DT_LNK): S_IFLNK
        case Int32(DT_UNKNOWN): nil
        default: 0
        }
    }

    static func join(_ root: String, _ relative: String) -> String {
        if root == "." || root == "./" || root.isEmpty { return relative }
        return root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    static func clean(_ path: String) -> String {
        var result = Substring(path)
        while result.hasPrefix("./") && result.count > 2 { result = result.dropFirst(2) }
        return String(result)
    }
}

/// A path discovery could not list.
public struct DiscoveryProblem: Sendable, Hashable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// Per-folder results of a parallel walk, read back in folder order.
private final class WalkSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [[String]]
    private var problems: [[DiscoveryProblem]]

    init(count: Int) {
        files = Array(repeating: [], count: count)
        problems = Array(repeating: [], count: count)
    }

    func store(_ index: Int, files: [String], problems: [DiscoveryProblem]) {
        lock.lock()
        self.files[index] = files
        self.problems[index] = problems
        lock.unlock()
    }

    func take(_ index: Int) -> ([String], [DiscoveryProblem]) {
        lock.lock()
        defer { lock.unlock() }
        return (files[index], problems[index])
    }
}
