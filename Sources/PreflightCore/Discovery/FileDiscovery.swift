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
package struct FileDiscovery: Sendable {
    /// Folders a tree walk never enters.
    static let defaultSkippedDirectories: Set<String> = [
        ".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm",
    ]

    /// Only files matching one of these (when any are given).
    var includes: [Glob]
    /// No file matching any of these.
    var excludes: [Glob]
    /// Folder names a tree walk skips.
    var skippedDirectories: Set<String> {
        didSet { skippedASCIINames = Self.asciiNames(skippedDirectories) }
    }
    /// The bytes of the ASCII names among ``skippedDirectories`` (all, by default): an ASCII folder
    /// name equals one of these exactly when its bytes do.
    private var skippedASCIINames: [[UInt8]]
    /// Whether to ask git which files belong to the tree.
    var usesGit: Bool

    package init(
        includes: [Glob] = [],
        excludes: [Glob] = [],
        skippedDirectories: Set<String> = FileDiscovery.defaultSkippedDirectories,
        usesGit: Bool = true
    ) {
        self.includes = includes
        self.excludes = excludes
        self.skippedDirectories = skippedDirectories
        self.skippedASCIINames = Self.asciiNames(skippedDirectories)
        self.usesGit = usesGit
    }

    private static func asciiNames(_ names: Set<String>) -> [[UInt8]] {
        names.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.map { Array($0.utf8) }
    }

    /// What discovery found: files to read, and the places it could not look into.
    package struct Result: Sendable {
        /// Paths as they should be opened and printed: relative to the current directory when the
        /// root was given relatively, without a leading `./`.
        package var files: [String]
        /// Paths that could not be listed, each with the reason.
        package var problems: [DiscoveryProblem]
    }

    /// The files under `roots` (files or directories), each once, sorted by path.
    package func files(under roots: [String]) -> Result {
        let (workers, problems) = visitFiles(under: roots, makeWorker: { FileList() }) { list, path in
            list.paths.append(path)
        }
        var files = workers.flatMap(\.paths)
        files.sort()
        return Result(files: files, problems: problems)
    }

    /// Hands each file under `roots` (files or directories) to `visit` once, on all cores, while
    /// the tree is still being walked: every worker lists a folder, shares its subfolders with the
    /// others, then visits the folder's files. Each worker has its own state, made by
    /// `makeWorker`; the states come back at the end. Files arrive in no particular order.
    ///
    /// - Returns: the workers' states, and the paths that could not be listed, sorted by path.
    package func visitFiles<Worker>(
        under roots: [String],
        makeWorker: @Sendable () -> Worker,
        visit: @Sendable (inout Worker, String) -> Void
    ) -> (workers: [Worker], problems: [DiscoveryProblem]) {
        let queue = WalkQueue()
        var problems: [DiscoveryProblem] = []
        var explicitFiles: [String] = []
        for root in roots {
            var info = stat()
            guard stat(root, &info) == 0 else {
                problems.append(DiscoveryProblem(path: root, reason: String(cString: strerror(errno))))
                continue
            }
            if (info.st_mode & S_IFMT) != S_IFDIR {
                explicitFiles.append(Self.clean(root))
            } else if usesGit, let (listed, undecodable) = gitFiles(in: root) {
                problems += undecodable.filter { isSelected($0.path, checkingFolders: true) }.map {
                    $0.problem(under: root)
                }
                let selected = listed.filter { isSelected($0, checkingFolders: true) }.map { Self.join(root, $0) }
                for start in stride(from: 0, to: selected.count, by: Self.batchSize) {
                    queue.add([.files(Array(selected[start..<min(selected.count, start + Self.batchSize)]))])
                }
            } else {
                queue.add([.folder(root: root, relative: "")])
            }
        }
        if !explicitFiles.isEmpty { queue.add([.files(explicitFiles)]) }
        // Two roots may hold the same file (`todoscan . Sources`); one root never does.
        let seen = roots.count > 1 ? SeenPaths() : nil

        let workerCount = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let results = WorkerResults<Worker>(count: workerCount)
        DispatchQueue.concurrentPerform(iterations: workerCount) { index in
            var worker = makeWorker()
            var localProblems: [DiscoveryProblem] = []
            while let work = queue.next() {
                switch work {
                case .files(let paths):
                    for path in paths where seen?.insert(path) ?? true { visit(&worker, path) }
                case .folder(let root, let relative):
                    let listing = list(root, relative)
                    if let problem = listing.problem { localProblems.append(problem) }
                    for name in listing.undecodable where isSelected(name.path, checkingFolders: false) {
                        localProblems.append(name.problem(under: root))
                    }
                    queue.add(listing.folders.map { .folder(root: root, relative: $0) })
                    for file in listing.files where isSelected(file, checkingFolders: false) {
                        let path = Self.join(root, file)
                        if seen?.insert(path) ?? true { visit(&worker, path) }
                    }
                }
                queue.finished()
            }
            results.store(index, worker: worker, problems: localProblems)
        }
        let (workers, walkProblems) = results.collect()
        problems += walkProblems.sorted { $0.path < $1.path }
        return (workers, problems)
    }

    /// Files handed to a worker at a time, from a git listing or the roots named as files.
    private static let batchSize = 64

    /// `checkingFolders`: whether to drop paths inside skipped folders (git may list them; a walk
    /// never enters them).
    func isSelected(_ relative: String, checkingFolders: Bool) -> Bool {
        if checkingFolders && isInsideSkippedDirectory(relative) { return false }
        if !includes.isEmpty {
            var path = relative
            guard path.withUTF8({ bytes in includes.contains { $0.matchesFile(utf8: bytes) } }) else { return false }
        }
        return !excludes.contains { $0.matches(relative) }
    }

    /// Build and dependency folders are never sources, even when git lists them.
    private func isInsideSkippedDirectory(_ relative: String) -> Bool {
        var path = relative
        return path.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
                // An ASCII folder name is compared by its bytes with the ASCII names (no string
                // made per folder of every path of a big tree); anything else as strings compare,
                // where canonically equivalent names are equal.
                let folder = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if folder.allSatisfy({ $0 < 0x80 }) && skippedDirectories.count == skippedASCIINames.count {
                    if skippedASCIINames.contains(where: { $0.elementsEqual(folder) }) { return true }
                } else {
                    let name = String(decoding: folder, as: UTF8.self)
                    if skippedDirectories.contains(where: { $0 == name }) { return true }
                }
                start = index + 1
            }
            return false
        }
    }

    /// Files git knows under `directory` (relative to it), and those whose names are not UTF-8
    /// (which cannot be opened through a `String`); `nil` outside a work tree.
    private func gitFiles(in directory: String) -> (files: [String], undecodable: [UndecodableName])? {
        guard Self.mayBeInWorkTree(directory) else { return nil }
        var command = GitRepository.command(
            ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "."], in: directory)
        command.standardError = .discard
        guard let result = try? command.runBlocking(), result.succeeded, let output = result.standardOutput else {
            return nil
        }
        var seen = Set<String>()
        var undecodable: [UndecodableName] = []
        let files: [String] = output.bytes.split(separator: 0).compactMap { entry in
            guard let path = String(validating: entry, as: UTF8.self) else {
                undecodable.append(UndecodableName(bytes: Array(entry)))
                return nil
            }
            // Tracked but deleted, or a submodule: nothing to read.
            var info = stat()
            guard stat(Self.join(directory, path), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return seen.insert(path).inserted ? path : nil
        }
        return (files, undecodable)
    }

    /// Whether `directory` or a folder above it has a `.git` (or `GIT_DIR` says where one is):
    /// asking git outside a work tree costs a process start (about 10 ms) for nothing.
    static func mayBeInWorkTree(_ directory: String) -> Bool {
        if ProcessInfo.processInfo.environment["GIT_DIR"] != nil { return true }
        // git looks upwards from the physical folder, links resolved.
        let absolute = StandardPath.absolute(directory)
        var folder = StandardPath.resolved(absolute) ?? absolute
        while true {
            var info = stat()
            if lstat(folder + (folder.hasSuffix("/") ? ".git" : "/.git"), &info) == 0 { return true }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { return false }
            folder = parent
        }
    }

    /// One folder's entries, relative to `root`: its regular files and links to files, and its
    /// subfolders, leaving out skipped folders and links to folders (so link loops cannot trap a
    /// walk).
    private func list(_ root: String, _ relative: String) -> FolderListing {
        var listing = FolderListing()
        let directory = relative.isEmpty ? root : Self.join(root, relative)
        guard let handle = opendir(directory) else {
            listing.problem = DiscoveryProblem(path: Self.clean(directory), reason: String(cString: strerror(errno)))
            return listing
        }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            guard let name = String(validating: bytes, as: UTF8.self) else {
                // A file or folder whose name is not UTF-8: reported (when selected), never
                // passed over in silence.
                let prefix = relative.isEmpty ? [] : Array(relative.utf8) + [UInt8(ascii: "/")]
                listing.undecodable.append(UndecodableName(bytes: prefix + bytes))
                continue
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
                if !skippedDirectories.contains(name) { listing.folders.append(child) }
            case S_IFREG:
                listing.files.append(child)
            case S_IFLNK:
                // A link to a file is read; a link to a folder is never entered.
                var target = stat()
                if stat(Self.join(root, child), &target) == 0, (target.st_mode & S_IFMT) == S_IFREG {
                    listing.files.append(child)
                }
            default:
                continue
            }
        }
        return listing
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
package struct DiscoveryProblem: Sendable, Hashable {
    package var path: String
    package var reason: String
    /// For a file whose name is not UTF-8: the name with U+FFFD for the bad bytes, so a tool can
    /// tell whether it would have read such a file (by its extension).
    package var undecodableName: String?

    package init(path: String, reason: String, undecodableName: String? = nil) {
        self.path = path
        self.reason = reason
        self.undecodableName = undecodableName
    }
}

/// A path, relative to a discovery root, whose bytes are not UTF-8. Such a file cannot be opened
/// through a `String` path, so it is reported (when the includes and excludes select it, judged by
/// its name with the bad bytes replaced) instead of skipped in silence.
struct UndecodableName: Sendable, Hashable {
    var bytes: [UInt8]

    /// The name with U+FFFD for the bad bytes: what globs and extensions are judged by.
    var path: String { String(decoding: bytes, as: UTF8.self) }

    /// The name with each byte that is not printable ASCII written `\xHH`.
    var escaped: String {
        var text = ""
        for byte in bytes {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return text
    }

    func problem(under root: String) -> DiscoveryProblem {
        DiscoveryProblem(
            path: FileDiscovery.clean(FileDiscovery.join(root, escaped)),
            reason: "its name is not valid UTF-8, so Preflight cannot open it (rename the file, or exclude it)",
            undecodableName: FileDiscovery.join(root, path))
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
