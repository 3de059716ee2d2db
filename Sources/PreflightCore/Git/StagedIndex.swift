import Foundation
import ProcessKit

/// What a commit made now would record: the files of git's index (the staged content: the bytes
/// of each staged blob, whatever the work tree holds) and the lines it adds over `HEAD`.
///
/// Reading it changes nothing: no stash, no checkout, no index refresh (every git call runs with
/// `--no-optional-locks`), so unstaged and untracked work is never touched. Paths are absolute,
/// rooted at the repository root git reports.
///
/// A staged blob's bytes come from the work-tree file when that file's bytes hash to the blob's
/// id (``GitBlobID``), as git's own diff reads a work-tree file in place of an object it would
/// inflate, but proven by content rather than by file times; the others from git's objects. So a
/// file edited after `git add`, or converted on checkout (line endings, filters), is read as
/// staged.
///
/// The added lines of a changed file are worked out in the process (``GitLineDiff``) from its
/// `HEAD` and staged blobs: a `git diff --cached` of the contents would read every changed blob
/// twice over and stand before the scan. Those blobs, and the staged blobs the work tree does not
/// hold, are read from git's object store in the process (``GitObjectStore``) where the layout is
/// the plain one, and from one `git cat-file --batch` otherwise or for what the store cannot read.
package struct StagedIndex: Sendable {
    /// The work tree's root, as git reports it.
    package let root: String
    /// The lines the index adds over `HEAD` (every line of a new file, and of every file when
    /// there is no commit yet), as `git diff --cached` finds them, renames detected; with
    /// `allFiles`, the changed files whole (see ``read(in:allFiles:indexFile:)``). A changed
    /// file's lines are known once its contents are loaded (``loading(_:)``): before, it is in
    /// neither ``AddedLines/newFiles`` nor ``AddedLines/files``.
    package private(set) var added: AddedLines
    /// The object id of each regular file in the index (stage 0), by absolute path: symbolic links,
    /// submodules and conflicted entries hold no source to read.
    private let blobs: [String: String]
    /// The files whose added lines are a diff (changed, not new), not yet loaded: the object
    /// their staged content is compared with (`HEAD`'s, or the renamed file's).
    private var diffBases: [String: String]
    /// The changed files (new, or with a diff base), that the index holds.
    private let changed: [String]
    /// The files' bytes, for those ``loading(_:)`` read.
    private var contents: [String: [UInt8]] = [:]
    /// Where git's variables put the repository (``GitLocation``), the index file read when it is
    /// not the repository's own among them (absolute).
    private let location: GitLocation
    private var indexFile: String? { location.indexFile }
    /// git's objects read in the process, where the layout allows (then there is no ``batch``).
    private let store: GitObjectStore?
    /// A `git cat-file --batch` started with the index's first git calls, for the first
    /// ``loading(_:meanwhile:)``: by the time it knows what to ask, git is ready.
    private let batch: CatFileBatch?

    /// Every regular file in the index, by absolute path, sorted.
    package var files: [String] { blobs.keys.sorted() }

    /// The files the index adds or changes (new, changed, or renamed with changes), that it holds.
    package var changedFiles: [String] { changed }

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
        // In the plain layout the root is known without git, the objects are read in the process
        // (GitObjectStore), and so are the changes and the index's entries where that is certain
        // (StagedComparison: the index file against HEAD's trees). Elsewhere the root, the changes
        // and the entries come from three git calls at once: none needs another's answer, as the
        // changes and entries are named from the root wherever git runs; and a `git cat-file` is
        // started now, for later. `git diff --cached` compares with HEAD, or with the empty tree
        // before the first commit (everything staged is then new).
        // A repository git's variables name is git's to find: no in-process reading of its layout.
        var here = GitRepository(root: directory)
        here.location = location
        here.indexFile = location.indexFile.map { StandardPath.absolute($0, relativeTo: directory) }
        let reader = here
        let plainRoot = location.namesRepository ? nil : GitRepository.plainRoot(containing: directory)
        let store = plainRoot.flatMap(GitObjectStore.init(root:))
        let comparison = store.flatMap {
            StagedComparison(indexPath: here.indexFile ?? $0.gitDirectory + "/index", store: $0)
        }
        let batch = store == nil ? CatFileBatch(in: here) : nil
        let changes =
            comparison != nil ? nil : BackgroundCall { Result { () throws(GitError) in try reader.stagedChanges() } }
        let entries =
            comparison != nil || !allFiles
            ? nil : BackgroundCall { Result { () throws(GitError) in try reader.indexEntries() } }
        let root: String
        if let plainRoot {
            root = plainRoot
        } else {
            root = try GitRepository(containing: directory, location: here.location).root
        }
        var staged: [String: StagedChange] = [:]
        let changesFromRoot: [[UInt8]: StagedChange]
        if let comparison { changesFromRoot = comparison.changes } else { changesFromRoot = try changes!.value().get() }
        // Named by their bytes: two names that differ only in bytes that are not UTF-8 stay two.
        for (path, change) in changesFromRoot {
            staged[StandardPath.absolute(GitPathName.name(path), relativeTo: root)] = change
        }
        var blobs: [String: String] = [:]
        if allFiles {
            let entriesFromRoot: [[UInt8]: String]
            if let comparison {
                entriesFromRoot = comparison.entries
            } else {
                entriesFromRoot = try entries!.value().get()
            }
            for (path, object) in entriesFromRoot {
                blobs[StandardPath.absolute(GitPathName.name(path), relativeTo: root)] = object
            }
        } else {
            blobs = staged.mapValues(\.object)
        }
        let changed = staged.keys.filter { blobs[$0] != nil }.sorted()
        var diffBases: [String: String] = [:]
        var newFiles: Set<String> = []
        for path in changed {
            if allFiles {
                newFiles.insert(path)
            } else if let base = staged[path]?.base {
                // A mode change alone adds no line.
                if base != staged[path]?.object { diffBases[path] = base }
            } else {
                newFiles.insert(path)
            }
        }
        return StagedIndex(
            root: root, added: AddedLines(newFiles: newFiles), blobs: blobs, diffBases: diffBases,
            changed: changed, location: here.location, batch: changed.isEmpty ? nil : batch, store: store)
    }

    /// This index with the bytes of `paths` (absolute; those not in the index are left out) read
    /// from git's objects with `git cat-file --batch`, and the added lines of those that are
    /// changed (their `HEAD` blobs read beside them).
    ///
    /// - Throws: ``GitError`` when git fails or its output cannot be read.
    package func loading(_ paths: [String]) throws(GitError) -> StagedIndex {
        try loading(paths, meanwhile: { _ in () }).index
    }

    /// ``loading(_:)``, calling `work` with the staged contents as soon as they are read, while the
    /// `HEAD` blobs of the changed files are still being read and diffed: todoscan scans
    /// meanwhile. The index `work` gets has the contents but not yet the new added lines.
    ///
    /// - Throws: ``GitError`` when git fails or its output cannot be read (`work` is not called
    ///   when the staged contents could not be read).
    package func loading<Value>(
        _ paths: [String], meanwhile work: (StagedIndex) -> Value
    ) throws(GitError) -> (index: StagedIndex, result: Value) {
        let wanted = paths.filter { blobs[$0] != nil && contents[$0] == nil }
        guard !wanted.isEmpty else { return (self, work(self)) }
        var copy = self
        var reader = GitRepository(root: root)
        reader.location = location
        let repository = reader
        let diffed = wanted.filter { diffBases[$0] != nil }
        let objects = wanted.map { blobs[$0]! }
        if let store {
            return try loading(wanted, objects: objects, diffed: diffed, from: store, repository: repository, work)
        }
        // The `git cat-file` started with the index's first calls (or one started now) reads, in
        // this order: the staged blobs of files edited since the index was written (likely not
        // what the work tree holds), the HEAD blobs of the changed files, then any other staged
        // blob the work tree turns out not to hold. Which files git's diff takes as binary, or as
        // text, by their attributes is asked meanwhile.
        var batch = self.batch.flatMap { $0.claim() ? $0 : nil }
        let likelyEdited = editedSinceIndex(wanted)
        let first = likelyEdited.map { objects[$0] } + diffed.map { diffBases[$0]! }
        if batch == nil, !first.isEmpty { batch = CatFileBatch(in: repository) }
        batch?.ask(first)
        let attributes =
            diffed.isEmpty
            ? nil : BackgroundCall { Result { () throws(GitError) in try repository.diffsAsBinary(diffed) } }
        // A staged file is mostly what the work tree holds: its bytes there are the staged blob's
        // when they hash to its id (as git's diff reads a work-tree file in place of an object).
        let inPlace = zip(wanted, objects).map { ($0, $1) }.parallelMap(chunkSize: 4) { path, object in
            Self.workTreeCopy(of: object, at: path)
        }
        let asked = Set(likelyEdited)
        let unexpected = inPlace.indices.filter { inPlace[$0] == nil && !asked.contains($0) }
        if batch == nil, !unexpected.isEmpty { batch = CatFileBatch(in: repository) }
        batch?.ask(unexpected.map { objects[$0] })
        batch?.finish()
        let headPositions = likelyEdited.count..<(likelyEdited.count + diffed.count)
        for (index, bytes) in inPlace.enumerated() { copy.contents[wanted[index]] = bytes }
        let edited = likelyEdited.filter { inPlace[$0] == nil }
        if !edited.isEmpty {
            for (index, bytes) in zip(likelyEdited, try batch!.blobs(0..<likelyEdited.count))
            where inPlace[index] == nil {
                copy.contents[wanted[index]] = bytes
            }
        }
        if !unexpected.isEmpty {
            let after = headPositions.upperBound
            for (index, bytes) in zip(unexpected, try batch!.blobs(after..<(after + unexpected.count))) {
                copy.contents[wanted[index]] = bytes
            }
        }
        let result = work(copy)
        guard let batch, let attributes else { return (copy, result) }
        let binary = try attributes.value().get()
        let stagedBytes = copy.contents
        // Each file is diffed as soon as git has printed its HEAD blob, while it prints the next.
        let lines = try diffed.indices.parallelMap(chunkSize: 4) { index -> Result<[ClosedRange<Int>], GitError> in
            Result { () throws(GitError) in
                let position = headPositions.lowerBound + index
                let old = try batch.blobs(position..<(position + 1))[0]
                return Self.addedLines(old: old, new: stagedBytes[diffed[index]]!, binary: binary[diffed[index]])
            }
        }.map { result throws(GitError) in try result.get() }
        copy.record(lines, of: diffed)
        return (copy, result)
    }

    /// ``loading(_:meanwhile:)`` with git's objects read in the process: the staged bytes from
    /// the work tree where they hash to the blob's id (from the store first for a file edited
    /// since the index was written), the rest and the `HEAD` blobs from `store`. Only what the
    /// store cannot read (a partial clone's missing blob, a pack it does not know) is asked of a
    /// `git cat-file`, started then.
    private func loading<Value>(
        _ wanted: [String], objects: [String], diffed: [String], from store: GitObjectStore,
        repository: GitRepository, _ work: (StagedIndex) -> Value
    ) throws(GitError) -> (index: StagedIndex, result: Value) {
        var copy = self
        let attributes =
            diffed.isEmpty
            ? nil : BackgroundCall { Result { () throws(GitError) in try repository.diffsAsBinary(diffed) } }
        let likelyEdited = Set(editedSinceIndex(wanted))
        // The staged blobs, then the HEAD blobs of the changed files: one list, read in parallel.
        let reads =
            zip(wanted, objects).enumerated().map { ($1.0, $1.1, likelyEdited.contains($0)) }
            + diffed.map { (nil as String?, diffBases[$0]!, false) }
        let limit = Self.objectReadLimit
        var bytes = reads.parallelMap(chunkSize: 4) { path, object, edited -> [UInt8]? in
            guard let path else { return store.blob(object, limit: limit) }
            if edited { return store.blob(object, limit: limit) ?? Self.workTreeCopy(of: object, at: path) }
            return Self.workTreeCopy(of: object, at: path) ?? store.blob(object, limit: limit)
        }
        let missing = bytes.indices.filter { bytes[$0] == nil }
        if !missing.isEmpty {
            let batch = CatFileBatch(in: repository)
            batch.ask(missing.map { reads[$0].1 })
            batch.finish()
            for (position, blob) in zip(missing, try batch.blobs(0..<missing.count)) { bytes[position] = blob }
        }
        for (index, path) in wanted.enumerated() { copy.contents[path] = bytes[index] }
        let result = work(copy)
        guard let attributes else { return (copy, result) }
        let binary = try attributes.value().get()
        let stagedBytes = copy.contents
        let heads = Array(bytes[wanted.count...])
        let lines = diffed.indices.parallelMap(chunkSize: 4) { index in
            Self.addedLines(old: heads[index]!, new: stagedBytes[diffed[index]]!, binary: binary[diffed[index]])
        }
        copy.record(lines, of: diffed)
        return (copy, result)
    }

    /// The lines `new` adds over `old`. git shows no lines of a binary file: `binary` as its
    /// attributes decide, else one with a NUL in its first 8,000 bytes on either side.
    private static func addedLines(old: [UInt8], new: [UInt8], binary: Bool?) -> [ClosedRange<Int>] {
        guard !(binary ?? (looksBinary(old) || looksBinary(new))) else { return [] }
        return GitLineDiff.addedLines(old: old, new: new)
    }

    /// `lines` (in the order of `paths`) as the added lines of the changed files `paths`.
    private mutating func record(_ lines: [[ClosedRange<Int>]], of paths: [String]) {
        for (path, ranges) in zip(paths, lines) {
            diffBases[path] = nil
            if !ranges.isEmpty { added.lines[path] = ranges }
        }
    }

    /// The bytes of the work-tree file at `path` when they are exactly the blob `object` (SHA-1
    /// repositories); `nil` when they differ, cannot be read, or the id is not SHA-1's.
    static func workTreeCopy(of object: String, at path: String) -> [UInt8]? {
        guard object.utf8.count == 40, let bytes = try? BoundedFile.read(path, limit: workTreeCopyLimit),
            GitBlobID.sha1(of: bytes) == object
        else { return nil }
        return bytes
    }

    /// The index file git reads for the repository at `root`: `indexFile` when given, else the
    /// git directory's (`.git/index`, or that of the directory a `.git` file names); `nil` when
    /// neither is found.
    static func indexPath(root: String, indexFile: String?) -> String? {
        if let indexFile { return indexFile }
        return WorkTreeDiscovery.gitDirectories(root: root).map { $0.gitDirectory + "/index" }
    }

    /// The positions of `paths` whose files were modified since the index was written (or have
    /// no time): likely edited after `git add`, so not what the staged blob holds.
    private func editedSinceIndex(_ paths: [String]) -> [Int] {
        let indexTime = Self.indexPath(root: root, indexFile: indexFile).flatMap(FileTime.modified) ?? .min
        return paths.indices.filter { (FileTime.modified(paths[$0]) ?? .max) >= indexTime }
    }

    /// Larger objects are left to `git cat-file`: the store reads an object whole into memory.
    static let objectReadLimit = 64 << 20

    /// Larger files are read from git's objects: hashing a file that turns out to differ would
    /// cost more than it saves.
    static let workTreeCopyLimit = 16 << 20

    /// Whether git's diff takes these bytes as binary: a NUL in the first 8,000.
    static func looksBinary(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return false }
            return memchr(start, 0, min(buffer.count, 8000)) != nil
        }
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
        root: String, added: AddedLines, blobs: [String: String], diffBases: [String: String], changed: [String],
        location: GitLocation, batch: CatFileBatch?, store: GitObjectStore?
    ) {
        self.root = root
        self.added = added
        self.blobs = blobs
        self.diffBases = diffBases
        self.changed = changed
        self.location = location
        self.batch = batch
        self.store = store
    }
}

/// A regular file the index adds or changes over `HEAD`: its staged object, and the one it is
/// compared with (`HEAD`'s, or the file it was renamed from) when it was a regular file before.
struct StagedChange: Sendable, Equatable {
    var object: String
    var base: String?
}

extension GitRepository {
    /// The regular files of the index at stage 0 (`git ls-files --stage`), path relative to the
    /// root (its bytes) → object id, wherever in the work tree git runs.
    func indexEntries() throws(GitError) -> [[UInt8]: String] {
        // Every entry (":/", the top), named from the root.
        let arguments = ["ls-files", "--stage", "-z", "--full-name", "--", ":/"]
        var entries: [[UInt8]: String] = [:]
        // "<mode> <object> <stage>\t<path>\0"
        for entry in try nulSeparated(arguments) {
            guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let fields = entry[..<tab].split(separator: UInt8(ascii: " "))
            guard fields.count == 3, fields[2].elementsEqual("0".utf8), Self.isRegularFile(mode: fields[0]) else {
                continue
            }
            entries[Array(entry[(tab + 1)...])] = String(decoding: fields[1], as: UTF8.self)
        }
        return entries
    }

    /// The regular files the index adds or changes over HEAD (`git diff --cached --raw`: no
    /// contents compared), by path relative to the root (its bytes), wherever in the work tree git
    /// runs. A file moved or copied unchanged is no change.
    func stagedChanges() throws(GitError) -> [[UInt8]: StagedChange] {
        let arguments = [
            "diff", "--cached", "--raw", "-z", "--no-abbrev", "--find-renames", "--no-relative",
            "--ignore-submodules=all", "--no-ext-diff", "--",
        ]
        var changes: [[UInt8]: StagedChange] = [:]
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

    /// How git's diff takes `paths` (absolute) by their `diff` attribute (`git check-attr`, read
    /// as `git diff` reads them): `true` binary (`-diff`, `binary`, or a driver configured
    /// `binary`), `false` text (`diff` set, or a driver configured not binary); paths left out
    /// are decided by their contents.
    func diffsAsBinary(_ paths: [String]) throws(GitError) -> [String: Bool] {
        let arguments = ["check-attr", "-z", "--stdin", "diff"]
        // The index is where git looks for a .gitattributes the work tree does not have.
        var command = indexCommand(arguments)
        // Each name as its bytes (``GitPathName``), as git lists it.
        let relative = paths.map { GitPathName.bytes(StandardPath.relative($0, to: root)) }
        command.standardInput = .bytes(Array(relative.joined(separator: [0])) + [0])
        let result = try Self.runChecked(command, arguments)
        guard let output = result.standardOutput, !output.isTruncated, output.isComplete else {
            throw .failed(command: Self.display(arguments), detail: "Its output was too long or incomplete to read.")
        }
        // "<path>\0diff\0<unspecified|set|unset|driver>\0" per path.
        let fields = output.bytes.split(separator: 0, omittingEmptySubsequences: false)
        var answers: [String: Bool] = [:]
        var drivers: [String: [String]] = [:]
        var index = 0
        while index + 2 < fields.count {
            let path = StandardPath.absolute(GitPathName.name(fields[index]), relativeTo: root)
            switch String(decoding: fields[index + 2], as: UTF8.self) {
            case "unspecified": break
            case "set": answers[path] = false
            case "unset": answers[path] = true
            case let driver: drivers[driver, default: []].append(path)
            }
            index += 3
        }
        guard !drivers.isEmpty else { return answers }
        // A driver's `binary` setting (the default: decided by the contents).
        let configArguments = ["config", "-z", "--bool", "--get-regexp", "^diff\\..*\\.binary$"]
        let config = try run(configArguments)
        for entry in config.standardOutput?.bytes.split(separator: 0) ?? [] {
            guard let newline = entry.firstIndex(of: 10) else { continue }
            let key = String(decoding: entry[..<newline], as: UTF8.self)
            let driver = String(key.dropFirst("diff.".count).dropLast(".binary".count))
            let value = String(decoding: entry[(newline + 1)...], as: UTF8.self) == "true"
            for path in drivers[driver] ?? [] { answers[path] = value }
        }
        return answers
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
        return output.bytes.split(separator: 0)
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
