import Foundation
import ProcessKit

/// What a commit made now would record: the files of git's index (the staged content, read from
/// git's objects, never from the work tree) and the lines it adds over `HEAD`.
///
/// Reading it changes nothing: no stash, no checkout, no index refresh (every git call runs with
/// `--no-optional-locks`), so unstaged and untracked work is never touched. Paths are absolute,
/// rooted at the repository root git reports.
package struct StagedIndex: Sendable {
    /// The work tree's root, as git reports it.
    package let root: String
    /// The lines the index adds over `HEAD` (every line of every file when there is no commit yet),
    /// as `git diff --cached` finds them, renames detected; with `allFiles`, the changed files
    /// whole (see ``read(in:allFiles:indexFile:)``).
    package let added: AddedLines
    /// The object id of each regular file in the index (stage 0), by absolute path: symbolic links,
    /// submodules and conflicted entries hold no source to read.
    private let blobs: [String: String]
    /// The files' bytes, for those ``loading(_:)`` read.
    private var contents: [String: [UInt8]] = [:]

    /// Every regular file in the index, by absolute path, sorted.
    package var files: [String] { blobs.keys.sorted() }

    /// The files the index adds lines to (new, changed, or renamed with changes), that it holds.
    package var changedFiles: [String] { added.files.filter { blobs[$0] != nil }.sorted() }

    /// The index of the repository whose work tree contains `directory`. With `allFiles`, every
    /// file of the index is listed (errorlint reads the whole staged tree to know every error
    /// type) and ``added`` holds the changed files whole; otherwise only the files the index
    /// changes, and ``added`` their added lines (todoscan reads only those, and reports only tags
    /// on those lines).
    ///
    /// `indexFile` is the index to read when it is not the repository's own: the `GIT_INDEX_FILE`
    /// git gives a pre-commit hook for `git commit -a` or `git commit <paths>`, whose temporary
    /// index is what that commit records (absolute, or relative to `directory`).
    ///
    /// - Throws: ``GitError`` outside a work tree or when git fails.
    package static func read(
        in directory: String, allFiles: Bool, indexFile: String? = nil
    ) throws(GitError) -> StagedIndex {
        var repository = try GitRepository(containing: directory)
        repository.indexFile = indexFile.map { StandardPath.absolute($0, relativeTo: directory) }
        let repositoryCopy = repository
        // The added lines (todoscan's filter) come from git's diff of the contents, the slowest
        // call: it runs while the changed files are listed. `git diff --cached` compares with HEAD,
        // or with the empty tree before the first commit (everything staged is then new).
        let lines = Locked<Result<AddedLines, GitError>?>(nil)
        let group = DispatchGroup()
        if !allFiles {
            DispatchQueue.global().async(group: group) {
                do throws(GitError) {
                    let added = try repositoryCopy.addedLines(diffing: ["--cached"])
                    lines.withLock { $0 = .success(added) }
                } catch {
                    lines.withLock { $0 = .failure(error) }
                }
            }
        }
        let changes: [String: String]
        do throws(GitError) {
            changes = try repository.stagedChanges()
        } catch {
            group.wait()
            throw error
        }
        let blobs = allFiles ? try repository.indexEntries() : changes
        group.wait()
        let added = try lines.withLock { $0 }?.get() ?? AddedLines(newFiles: Set(changes.keys))
        return StagedIndex(root: repository.root, added: added, blobs: blobs)
    }

    /// This index with the bytes of `paths` (absolute; those not in the index are left out) read
    /// from git's objects in one `git cat-file --batch`.
    ///
    /// - Throws: ``GitError`` when git fails or its output cannot be read.
    package func loading(_ paths: [String]) throws(GitError) -> StagedIndex {
        let wanted = paths.filter { blobs[$0] != nil && contents[$0] == nil }
        guard !wanted.isEmpty else { return self }
        var copy = self
        let read = try GitRepository(root: root).blobContents(wanted.map { blobs[$0]! })
        for (path, bytes) in zip(wanted, read) { copy.contents[path] = bytes }
        return copy
    }

    /// The staged bytes of `path` (absolute), which must hold at most `limit` bytes: the index's
    /// answer to ``BoundedFile/read(_:limit:)``.
    ///
    /// - Throws: ``BoundedFileError/cannotOpen(path:reason:)`` for a file not in the index (or not
    ///   loaded), ``BoundedFileError/tooLarge(path:size:limit:)`` over the limit.
    package func contents(of path: String, limit: Int) throws(BoundedFileError) -> [UInt8] {
        guard let bytes = contents[path] else {
            throw .cannotOpen(path: path, reason: "It is not a staged file (git ls-files --stage does not list it).")
        }
        guard bytes.count <= limit else { throw .tooLarge(path: path, size: bytes.count, limit: limit) }
        return bytes
    }

    private init(root: String, added: AddedLines, blobs: [String: String]) {
        self.root = root
        self.added = added
        self.blobs = blobs
    }
}

extension GitRepository {
    /// The regular files of the index at stage 0 (`git ls-files --stage`), absolute path → object id.
    func indexEntries() throws(GitError) -> [String: String] {
        let arguments = ["ls-files", "--stage", "-z"]
        var entries: [String: String] = [:]
        // "<mode> <object> <stage>\t<path>\0"
        for entry in try nulSeparated(arguments) {
            guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let fields = entry[..<tab].split(separator: UInt8(ascii: " "))
            guard fields.count == 3, fields[2].elementsEqual("0".utf8), Self.isRegularFile(mode: fields[0]) else {
                continue
            }
            let path = String(decoding: entry[(tab + 1)...], as: UTF8.self)
            entries[StandardPath.absolute(path, relativeTo: root)] = String(decoding: fields[1], as: UTF8.self)
        }
        return entries
    }

    /// The regular files the index adds or changes over HEAD (`git diff --cached --raw`: no
    /// contents compared), absolute path → object id. A file moved or copied unchanged is no change.
    func stagedChanges() throws(GitError) -> [String: String] {
        let arguments = [
            "diff", "--cached", "--raw", "-z", "--no-abbrev", "--find-renames", "--no-relative",
            "--ignore-submodules=all", "--no-ext-diff", "--",
        ]
        var changes: [String: String] = [:]
        // ":<old mode> <new mode> <old object> <new object> <status>\0<path>\0", and a second
        // path for a rename or copy (R100: moved unchanged).
        var fields: [ArraySlice<UInt8>] = []
        var pathsLeft = 0
        for entry in try nulSeparated(arguments) {
            if pathsLeft == 0 {
                fields = entry.dropFirst().split(separator: UInt8(ascii: " "))
                guard fields.count == 5, let status = fields[4].first else { continue }
                pathsLeft = status == UInt8(ascii: "R") || status == UInt8(ascii: "C") ? 2 : 1
                continue
            }
            pathsLeft -= 1
            guard pathsLeft == 0, Self.isRegularFile(mode: fields[1]), fields[4].first != UInt8(ascii: "D"),
                !fields[4].elementsEqual("R100".utf8), !fields[4].elementsEqual("C100".utf8)
            else { continue }
            let path = String(decoding: entry, as: UTF8.self)
            changes[StandardPath.absolute(path, relativeTo: root)] = String(decoding: fields[3], as: UTF8.self)
        }
        return changes
    }

    /// A blob of a regular or executable file (not a link, a submodule or a deletion).
    private static func isRegularFile(mode: ArraySlice<UInt8>) -> Bool {
        mode.elementsEqual("100644".utf8) || mode.elementsEqual("100755".utf8)
    }

    /// The NUL-separated entries of a git call that must succeed, run on ``indexFile``.
    private func nulSeparated(_ arguments: [String]) throws(GitError) -> [ArraySlice<UInt8>] {
        let result = try Self.runChecked(indexCommand(arguments), arguments)
        guard let output = result.standardOutput, !output.isTruncated, output.isComplete else {
            throw .failed(command: Self.display(arguments), detail: "Its output was too long or incomplete to read.")
        }
        return output.bytes.split(separator: 0)
    }

    /// The bytes of each blob in `objects`, in order, from one `git cat-file --batch`.
    func blobContents(_ objects: [String]) throws(GitError) -> [[UInt8]] {
        let arguments = ["cat-file", "--batch"]
        var command = Self.command(arguments, in: root)
        command.standardInput = .bytes(Array(objects.joined(separator: "\n").utf8) + [10])
        command.standardOutput = .capture(limit: 4 << 30)
        let result = try Self.runChecked(command, arguments)
        var blobs: [[UInt8]] = []
        for (object, blob) in zip(objects, try Self.batchContents(result, objects)) {
            guard let blob else {
                throw .failed(command: Self.display(arguments), detail: "It printed 'missing' for \(object).")
            }
            blobs.append(blob)
        }
        return blobs
    }

    /// The blobs a `git cat-file --batch` of `objects` printed, in order; `nil` for one it said is
    /// missing.
    static func batchContents(_ result: ProcessResult, _ objects: [String]) throws(GitError) -> [[UInt8]?] {
        let arguments = ["cat-file", "--batch"]
        guard let output = result.standardOutput, !output.isTruncated, output.isComplete else {
            throw .failed(command: Self.display(arguments), detail: "Its output was too long or incomplete to read.")
        }
        let bytes = output.bytes
        var blobs: [[UInt8]?] = []
        var index = bytes.startIndex
        // Per object: "<object> blob <size>\n<bytes>\n", or "<object> missing\n".
        for object in objects {
            guard let newline = bytes[index...].firstIndex(of: 10) else {
                throw .failed(command: Self.display(arguments), detail: "Its output ended before \(object).")
            }
            let header = bytes[index..<newline].split(separator: UInt8(ascii: " "))
            if header.last?.elementsEqual("missing".utf8) == true
                || header.last?.elementsEqual("ambiguous".utf8) == true
            {
                blobs.append(nil)
                index = newline + 1
                continue
            }
            guard header.count == 3, let size = Int(String(decoding: header[2], as: UTF8.self)),
                newline + 1 + size <= bytes.endIndex
            else {
                throw .failed(
                    command: Self.display(arguments),
                    detail: "It printed '\(String(decoding: bytes[index..<newline], as: UTF8.self))' for \(object).")
            }
            // A tree or commit where a blob was asked for names no blob.
            blobs.append(
                header[1].elementsEqual("blob".utf8) ? Array(bytes[(newline + 1)..<(newline + 1 + size)]) : nil)
            index = newline + 1 + size + 1
        }
        return blobs
    }
}
