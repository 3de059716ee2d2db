import Foundation
import ProcessKit

/// What a commit made now would record: the files of git's index (the staged content: the bytes
/// of each staged blob, whatever the work tree holds) and the lines it adds over `HEAD`.
///
/// Everything comes from git: the changed files (`git diff --cached --raw`, with `-p -U0` their
/// added lines, so git's own diff settings, attributes and rename detection decide), every index
/// entry for errorlint (`git ls-files --stage`, at the same time), and the staged bytes (`git
/// cat-file --batch`; for errorlint, one started with the others too). Reading it changes nothing:
/// no stash, no checkout, no index refresh (every git call runs with `--no-optional-locks`), so
/// unstaged and untracked work is never touched. Paths are absolute, rooted at the repository root
/// git reports, and named by their bytes (``GitPathName``).
package struct StagedIndex: Sendable {
    /// The work tree's root, as git reports it.
    package let root: String
    /// The lines the index adds over `HEAD` (every line of a new file, and of every file when
    /// there is no commit yet), as `git diff --cached` finds them, renames detected; with
    /// `allFiles` and without `addedLines`, the changed files whole (see ``read(in:allFiles:git:)``).
    package let added: AddedLines
    /// The object id of each regular file in the index (stage 0), by absolute path: symbolic links,
    /// submodules and conflicted entries hold no source to read.
    private let blobs: [String: String]
    /// The changed files (new, or changed), that the index holds.
    private let changed: [String]
    /// The files' bytes, for those ``loading(_:)`` read.
    private var contents: [String: [UInt8]] = [:]
    /// Where git's variables put the repository (``GitLocation``).
    private let location: GitLocation
    /// The repository's common git directory (absolute), read with `allFiles` for what errorlint
    /// keeps there; `nil` when git did not say.
    package private(set) var commonDirectory: String?

    /// Every regular file in the index, by absolute path, sorted (once: errorlint asks more than once).
    package let files: [String]

    /// The files the index adds or changes (new, changed, or renamed with changes), that it holds.
    package var changedFiles: [String] { changed }

    /// The object id of the staged blob at `path` (absolute), `nil` for a path the index does not
    /// hold as a regular file.
    package func object(at path: String) -> String? { blobs[path] }

    /// The bytes being read since ``read(in:allFiles:git:preloading:whileGitRuns:)``, until
    /// ``loading(_:)`` takes them.
    private var preload: Preload?

    /// Whether the bytes of `path` have been read (``loading(_:)``).
    package func isLoaded(_ path: String) -> Bool { contents[path] != nil }

    /// The index of the repository whose work tree contains `directory`. With `allFiles`, every
    /// file of the index is listed (errorlint reads the whole staged tree to know every error
    /// type) and ``added`` holds the changed files whole; otherwise only the files the index
    /// changes, and ``added`` their added lines (todoscan reads only those, and reports only tags
    /// on those lines).
    ///
    /// `git` is where git's variables put the repository for a hook (``GitLocation``): its index
    /// file is the index to read when it is not the repository's own, the `GIT_INDEX_FILE` git
    /// gives a pre-commit hook for `git commit -a` or `git commit <paths>`, whose temporary index is
    /// what that commit records; its git directory and work tree, those of `git --git-dir=…
    /// --work-tree=… commit`. Relative paths are taken from `directory`.
    ///
    /// - Throws: ``GitError`` outside a work tree or when git fails.
    package static func read(
        in directory: String, allFiles: Bool, git location: GitLocation = GitLocation()
    ) throws(GitError) -> StagedIndex {
        try read(in: directory, allFiles: allFiles, git: location) { _ in () }.index
    }

    /// ``read(in:allFiles:git:)``, running `alongside` on the calling thread while git answers: the
    /// work a caller would otherwise do after it, given the repository's common git directory (with
    /// `allFiles`; `nil` when git did not say). With `allFiles` and `preloading`, the bytes of the
    /// files it names (given each path, and whether the index changes it) are read by a git started
    /// with the others, while the caller looks through the listing (``loading(_:)`` takes them).
    /// With `allFiles` and `addedLines`, ``added`` holds the lines added, as without `allFiles`
    /// (errorlint and todoscan from one read: the pre-commit hook's one process).
    package static func read<Alongside>(
        in directory: String, allFiles: Bool, addedLines: Bool = false, git location: GitLocation = GitLocation(),
        preloading: ((_ path: String, _ isChanged: Bool) -> Bool)? = nil,
        whileGitRuns alongside: (_ commonDirectory: String?) -> Alongside
    ) throws(GitError) -> (index: StagedIndex, alongside: Alongside) {
        let found = try GitRepository(containing: directory, location: location)
        let root = found.root
        // Run in the root: the diff's names are the root's.
        var inRoot = GitRepository(root: root)
        inRoot.location = location
        inRoot.indexFile = location.indexFile.map { StandardPath.absolute($0, relativeTo: directory) }
        let reader = inRoot
        // The changes, the added lines and the entries at once: none needs another's answer, as
        // git names every path from the root wherever it runs. `git diff --cached` compares with
        // HEAD, or with the empty tree before the first commit (everything staged is then new).
        // Without every entry, one git call says both what changed and the lines it adds.
        let diff = BackgroundCall {
            Result { () throws(GitError) -> (changes: [[UInt8]: StagedChange], lines: AddedLines?) in
                if allFiles && !addedLines { return (try reader.stagedChanges(), nil) }
                let (changes, lines) = try reader.stagedChangesWithAddedLines()
                return (changes, lines)
            }
        }
        let entries =
            allFiles ? BackgroundCall { Result { () throws(GitError) in try reader.indexEntries(root: root) } } : nil
        // In a plain layout the common directory is the one `.git` names (no process for it).
        let plainCommon =
            allFiles && found.isPlainLayout ? WorkTreeDiscovery.gitDirectories(root: root)?.commonDirectory : nil
        let common = allFiles && plainCommon == nil ? BackgroundCall { reader.commonDirectory() } : nil
        let commonDirectory = plainCommon ?? common?.value()
        let besides = alongside(commonDirectory)
        // The bytes read whole are read by a git started now (after the others, whose launches
        // come first), told which once the others answer.
        let preload = allFiles && preloading != nil ? Preload(reader) : nil
        defer { preload?.request([], objects: []) }
        var staged: [String: StagedChange] = [:]
        // Named by their bytes: two names that differ only in bytes that are not UTF-8 stay two.
        let (changedEntries, diffLines) = try diff.value().get()
        for (path, change) in changedEntries {
            staged[StandardPath.absolute(GitPathName.name(path), relativeTo: root)] = change
        }
        var blobs: [String: String] = [:]
        var files: [String]?
        if let entries {
            let listed = try entries.value().get()
            blobs.reserveCapacity(listed.entries.count)
            for (path, object) in listed.entries { blobs[path] = object }
            let paths = listed.entries.map(\.path)
            files = listed.inOrder ? paths : paths.sorted()
        } else {
            blobs = staged.mapValues(\.object)
        }
        let changed = staged.keys.filter { blobs[$0] != nil }.sorted()
        var added = AddedLines(newFiles: Set(changed))
        if let diff = diffLines {
            // The diff's lines of the files the index holds as regular files; a file git shows as
            // new (or whole, after a link became a file) is new.
            let held = Set(changed)
            added = AddedLines(
                lines: diff.lines.filter { held.contains($0.key) && !diff.newFiles.contains($0.key) },
                newFiles: Set(changed.filter { staged[$0]?.base == nil || diff.newFiles.contains($0) }))
        }
        var index = StagedIndex(
            root: root, added: added, blobs: blobs, files: files ?? blobs.keys.sorted(), changed: changed,
            location: reader.location)
        index.commonDirectory = commonDirectory
        if let preload, let preloading {
            let preloaded = index.files.filter { preloading($0, staged[$0] != nil) }
            preload.request(preloaded, objects: preloaded.map { blobs[$0]! })
            index.preload = preload
        }
        return (index, besides)
    }

    /// This index with the bytes of `paths` (absolute; those not in the index are left out): those
    /// read ahead, the others read from git's objects with one `git cat-file --batch`.
    ///
    /// - Throws: ``GitError`` when git fails or its output cannot be read.
    package func loading(_ paths: [String]) throws(GitError) -> StagedIndex {
        var copy = self
        // What was read ahead; when that failed, what is wanted of it is read again below (and
        // fails there if it must).
        if let preload {
            copy.preload = nil
            for (path, bytes) in (try? preload.contents()) ?? [:] where copy.contents[path] == nil {
                copy.contents[path] = bytes
            }
        }
        let wanted = paths.filter { blobs[$0] != nil && copy.contents[$0] == nil }
        guard !wanted.isEmpty else { return copy }
        var repository = GitRepository(root: root)
        repository.location = location
        for (path, bytes) in try repository.stagedBytes(of: wanted, objects: wanted.map { blobs[$0]! }) {
            copy.contents[path] = bytes
        }
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

    private init(
        root: String, added: AddedLines, blobs: [String: String], files: [String], changed: [String],
        location: GitLocation
    ) {
        self.root = root
        self.added = added
        self.blobs = blobs
        self.files = files
        self.changed = changed
        self.location = location
    }
}

/// The staged bytes of some files, read by a `git cat-file --batch` started with the other git
/// calls, before the files are known (its start-up is then off the reader's path), and told the
/// objects once they are (``request(_:objects:)``).
private final class Preload: Sendable {
    private let feed = InputFeed()
    /// What was asked for; `nil` until then.
    private let wanted = Locked<(paths: [String], objects: [String])?>(nil)
    private let call: BackgroundCall<Result<[String: [UInt8]], GitError>>

    init(_ repository: GitRepository) {
        let (feed, wanted) = (feed, wanted)
        call = BackgroundCall {
            Result { () throws(GitError) in
                let result = try repository.catFileBatch(input: .feed(feed))
                // The objects were set before the feed ended, and git ends only after.
                let (paths, objects) = wanted.current ?? ([], [])
                var contents: [String: [UInt8]] = [:]
                for (path, bytes) in zip(paths, try GitRepository.batchContents(result, objects)) {
                    if let bytes { contents[path] = bytes }
                }
                return contents
            }
        }
    }

    /// Asks for the bytes of `objects`, those of `paths`, and ends git's input: once, and on every
    /// path (with nothing when the read failed).
    func request(_ paths: [String], objects: [String]) {
        let first = wanted.withLock { wanted in
            guard wanted == nil else { return false }
            wanted = (paths, objects)
            return true
        }
        guard first else { return }
        if !objects.isEmpty { feed.write(GitRepository.batchInput(objects)) }
        feed.finish()
    }

    /// The bytes by path of the objects git gave (one it said is missing is left out: reading it
    /// again says so), once git has ended.
    func contents() throws(GitError) -> [String: [UInt8]] { try call.value().get() }
}

/// A regular file the index adds or changes over `HEAD`: its staged object, and the one it is
/// compared with (`HEAD`'s, or the file it was renamed from) when it was a regular file before.
struct StagedChange: Sendable, Equatable {
    var object: String
    var base: String?
}

extension GitRepository {
    /// The regular files of the index at stage 0 (`git ls-files --stage`), absolute path under
    /// `root` (named by its bytes, ``GitPathName``) and object id, in git's order, wherever in the
    /// work tree git runs; `inOrder` when that order is also the paths' order as strings (every name
    /// plain ASCII: git sorts by bytes), so a big index needs no sorting. Named here, on the thread
    /// that waited for git, while the other git calls still run.
    func indexEntries(root: String) throws(GitError) -> (entries: [(path: String, object: String)], inOrder: Bool) {
        // Every entry (":/", the top), named from the root.
        let arguments = ["ls-files", "--stage", "-z", "--full-name", "--", ":/"]
        let output = try nulSeparated(arguments)
        var entries: [(path: String, object: String)] = []
        entries.reserveCapacity(output.count)
        var inOrder = true
        // The root with its slash, for the names that are plain (see below).
        let rootFolder = StandardPath.absolute(".", relativeTo: root)
        let prefix = rootFolder == "/" ? "/" : rootFolder + "/"
        // "<mode> <object> <stage>\t<path>\0", read in place: a big index is most of a commit's work.
        for entry in output {
            guard let (object, name) = Self.stageZeroRegularFile(entry) else { continue }
            let path: String
            if Self.isPlainName(name) {
                path = prefix + String(decoding: name, as: UTF8.self)
            } else {
                path = StandardPath.absolute(GitPathName.name(name), relativeTo: root)
                inOrder = false
            }
            entries.append((path, String(decoding: object, as: UTF8.self)))
        }
        return (entries, inOrder)
    }

    /// The object id and name of an `ls-files --stage` record of a regular file at stage 0; `nil`
    /// for anything else (a link, a submodule, a conflicted entry, a record not of that shape).
    private static func stageZeroRegularFile(
        _ entry: ArraySlice<UInt8>
    ) -> (object: ArraySlice<UInt8>, name: ArraySlice<UInt8>)? {
        guard let modeEnd = entry.firstIndex(of: UInt8(ascii: " ")),
            isRegularFile(mode: entry[..<modeEnd]),
            let objectEnd = entry[(modeEnd + 1)...].firstIndex(of: UInt8(ascii: " ")),
            objectEnd + 2 < entry.endIndex, entry[objectEnd + 1] == UInt8(ascii: "0"),
            entry[objectEnd + 2] == UInt8(ascii: "\t")
        else { return nil }
        return (entry[(modeEnd + 1)..<objectEnd], entry[(objectEnd + 3)...])
    }

    /// Whether `name` is printable ASCII without a backslash and its folders are neither empty, `.`
    /// nor `..`: ``GitPathName`` names it as it is, and under a standard root it needs no
    /// standardizing (the most of a big index; the others take the long way, with the same result).
    static func isPlainName(_ name: ArraySlice<UInt8>) -> Bool {
        var componentLength = 0
        var dots = 0
        for byte in name {
            guard (0x20...0x7E).contains(byte), byte != UInt8(ascii: "\\") else { return false }
            if byte == UInt8(ascii: "/") {
                if componentLength == 0 || dots == componentLength { return false }
                componentLength = 0
                dots = 0
            } else {
                componentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return componentLength > 0 && dots != componentLength
    }

    /// The common git directory, absolute (`git rev-parse --git-common-dir`), `nil` when git fails.
    func commonDirectory() -> String? {
        let arguments = ["rev-parse", "--path-format=absolute", "--git-common-dir"]
        guard let result = try? run(arguments), result.succeeded else { return nil }
        let path = result.outputText.trimmingCharacters(in: .newlines)
        return path.hasPrefix("/") ? path : nil
    }

    /// `git diff --cached --raw`'s options: every name as it is (`-z`), whole object names.
    private static let rawChangesOptions = [
        "diff", "--cached", "--raw", "-z", "--no-abbrev", "--find-renames", "--no-relative",
        "--ignore-submodules=all", "--no-ext-diff",
    ]

    /// The regular files the index adds or changes over HEAD (`git diff --cached --raw`: no
    /// contents compared), by path relative to the root (its bytes), wherever in the work tree git
    /// runs. A file moved or copied unchanged is no change.
    func stagedChanges() throws(GitError) -> [[UInt8]: StagedChange] {
        Self.changes(fromRaw: try nulSeparated(Self.rawChangesOptions + ["--"]))
    }

    /// ``stagedChanges()`` and the lines the index adds over HEAD, from one `git diff --cached --raw -p -U0`:
    /// the raw records (NUL-separated), an empty record, then the patch, the same bytes as
    /// `git diff --cached -U0` prints with the same options (its names asked escaped, so their
    /// bytes come back exactly). The patch is parsed as it arrives, never held whole.
    func stagedChangesWithAddedLines() throws(GitError) -> (changes: [[UInt8]: StagedChange], lines: AddedLines) {
        let arguments =
            ["-c", "core.quotepath=on"] + Self.rawChangesOptions + ["-p"] + Self.patchOptions + ["--"]
        let parser = LockedParser(root: root, exactNames: true)
        // The raw records until the empty one; a record's name may hold a newline, so the lines
        // the output arrives in are joined again until then.
        let raw = Locked<(bytes: [UInt8], done: Bool)>(([], false))
        var command = indexCommand(arguments)
        command.environment = command.environment.removing(["GIT_LITERAL_PATHSPECS"])
        command.standardOutput = .lines { line in
            let patchLine: ArraySlice<UInt8>? = raw.withLock { raw in
                guard !raw.done else { return line.bytes[...] }
                let start = max(0, raw.bytes.count - 1)
                raw.bytes += line.bytes
                if line.isTerminated { raw.bytes.append(UInt8(ascii: "\n")) }
                guard let end = Self.endOfRawRecords(raw.bytes, from: start) else { return nil }
                raw.done = true
                // What follows the empty record, up to this line's end, is the patch's first line.
                let rest = raw.bytes[(end + 2)...]
                raw.bytes.removeSubrange((end + 1)...)
                return line.isTerminated ? rest.dropLast() : rest
            }
            if let patchLine { parser.consume(Array(patchLine)) }
        }
        let result = try Self.runChecked(command, arguments)
        guard result.isOutputComplete else {
            throw .failed(command: Self.display(arguments), detail: "Its output ended before git finished writing it.")
        }
        let records = raw.withLock { raw in raw.bytes.split(separator: 0) }
        return (Self.changes(fromRaw: records), parser.finish())
    }

    /// Where the raw records end in `bytes` (searched from `start`): the index of the NUL that ends
    /// the last one, followed by the empty record's NUL; `nil` before it.
    private static func endOfRawRecords(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0, bytes[index + 1] == 0 { return index }
            index += 1
        }
        return nil
    }

    /// The changes of `git diff --raw -z`'s records (see ``stagedChanges()``).
    private static func changes(fromRaw records: [ArraySlice<UInt8>]) -> [[UInt8]: StagedChange] {
        var changes: [[UInt8]: StagedChange] = [:]
        // ":<old mode> <new mode> <old object> <new object> <status>\0<path>\0", and a second
        // path for a rename or copy (R100: moved unchanged).
        var fields: [ArraySlice<UInt8>] = []
        var pathsLeft = 0
        for entry in records {
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
            // Compared with what it was when that was a regular file (not added, not a link
            // turned into a file: git shows those whole).
            changes[Array(entry)] = StagedChange(
                object: String(decoding: fields[3], as: UTF8.self),
                base: Self.isRegularFile(mode: fields[0]) ? String(decoding: fields[2], as: UTF8.self) : nil)
        }
        return changes
    }

    /// A blob of a regular or executable file (not a link, a submodule or a deletion).
    private static func isRegularFile(mode: ArraySlice<UInt8>) -> Bool {
        mode.elementsEqual("100644".utf8) || mode.elementsEqual("100755".utf8)
    }

    /// The NUL-separated entries of a git call that must succeed, run on ``indexFile``.
    private func nulSeparated(_ arguments: [String]) throws(GitError) -> [ArraySlice<UInt8>] {
        var command = indexCommand(arguments)
        // ":/" is a pathspec's magic, not a literal name, whatever the hook inherited.
        command.environment = command.environment.removing(["GIT_LITERAL_PATHSPECS"])
        let result = try Self.runChecked(command, arguments)
        guard let output = result.standardOutput, !output.isTruncated, output.isComplete else {
            throw .failed(command: Self.display(arguments), detail: "Its output was too long or incomplete to read.")
        }
        // As `split(separator: 0)` would, without its cost per byte: a big index is 100 KB.
        let bytes = output.bytes
        var records: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: 0) ?? bytes.endIndex
            if end > start { records.append(bytes[start..<end]) }
            start = end + 1
        }
        return records
    }

    /// The bytes of the staged `objects` of `paths` (in the same order), by path, from one
    /// `git cat-file --batch`.
    ///
    /// - Throws: ``GitError`` when git fails, or says an object is missing.
    func stagedBytes(of paths: [String], objects: [String]) throws(GitError) -> [String: [UInt8]] {
        var contents: [String: [UInt8]] = [:]
        for (path, (object, bytes)) in zip(paths, zip(objects, try blobContents(objects))) {
            guard let bytes else {
                throw .failed(command: "git cat-file --batch", detail: "The staged object \(object) is missing.")
            }
            contents[path] = bytes
        }
        return contents
    }

    /// The bytes of each blob in `objects`, in order, from one `git cat-file --batch` (`nil` for
    /// one git says is missing).
    func blobContents(_ objects: [String]) throws(GitError) -> [[UInt8]?] {
        let input = InputSource.bytes(Self.batchInput(objects))
        return try Self.batchContents(try catFileBatch(input: input), objects)
    }

    /// The standard input of a `git cat-file --batch` or `--batch-check` asked for `names`: one a line.
    static func batchInput(_ names: [String]) -> [UInt8] { Array(names.joined(separator: "\n").utf8) + [10] }

    /// A `git cat-file --batch` that must succeed, reading its object names from `input`.
    func catFileBatch(input: InputSource) throws(GitError) -> ProcessResult {
        let arguments = ["cat-file", "--batch"]
        var command = self.command(arguments)
        command.standardInput = input
        command.standardOutput = .capture(limit: 4 << 30)
        return try Self.runChecked(command, arguments)
    }

    /// The blobs a `git cat-file --batch` of `objects` printed, in order; `nil` for one it said is
    /// missing.
    static func batchContents(_ result: ProcessResult, _ objects: [String]) throws(GitError) -> [[UInt8]?] {
        let arguments = ["cat-file", "--batch"]
        guard let output = result.standardOutput, !output.isTruncated, output.isComplete else {
            throw .failed(command: Self.display(arguments), detail: "Its output was too long or incomplete to read.")
        }
        var parser = CatFileBatchParser(objects: objects)
        try parser.consume(output.bytes)
        if let object = parser.interruptedObject {
            throw .failed(command: Self.display(arguments), detail: "Its output ended before \(object).")
        }
        return parser.blobs
    }
}
