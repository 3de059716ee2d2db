/// The lines a change adds, per file: for reporting only findings on new code (`--since REF`) and
/// for coverage of the lines a push adds.
///
/// Every path is absolute and standardized (no `.`, `..` or repeated `/`), rooted at the
/// repository root git reports (symbolic links there resolved). A file is either in ``newFiles``
/// (every line counts) or in ``lines`` (only those lines count), never both. Deleted files and
/// files whose changes only remove lines appear in neither.
///
/// Renames are detected (`--find-renames`): a moved file counts only the lines that changed in
/// it. An untracked file cannot be paired with the file it was moved from, so it is wholly new
/// until the move is staged (`git mv` or `git add`).
package struct AddedLines: Sendable, Equatable {
    /// Added line numbers (1-based) per changed file: sorted, non-overlapping, non-adjacent ranges.
    var lines: [String: [ClosedRange<Int>]]
    /// Files that are wholly new (untracked, or added since the base): every line counts as added.
    var newFiles: Set<String>

    /// Ranges are sorted and merged; paths are taken as given (make them absolute and standardized).
    package init(lines: [String: [ClosedRange<Int>]] = [:], newFiles: Set<String> = []) {
        self.lines = lines.mapValues(Self.merged)
        self.newFiles = newFiles
    }

    /// Every file with at least one added line.
    package var files: Set<String> { newFiles.union(lines.keys) }

    /// `true` when nothing was added.
    var isEmpty: Bool { newFiles.isEmpty && lines.isEmpty }

    /// Whether `line` (1-based) of `path` was added. `path` may be relative to the current
    /// directory or absolute; symbolic links in it are resolved when it does not match as written.
    package func contains(path: String, line: Int) -> Bool {
        contains(path: path, line: line, currentDirectory: StandardPath.currentDirectory)
    }

    func contains(path: String, line: Int, currentDirectory: String) -> Bool {
        let lexical = StandardPath.absolute(path, relativeTo: currentDirectory)
        if let answer = lookUp(lexical, line: line) { return answer }
        if let resolved = StandardPath.resolved(lexical), resolved != lexical {
            return lookUp(resolved, line: line) ?? false
        }
        return false
    }

    /// `nil` when the file has no added lines at all.
    private func lookUp(_ path: String, line: Int) -> Bool? {
        if newFiles.contains(path) { return line >= 1 }
        guard let ranges = lines[path] else { return nil }
        // Binary search for the last range starting at or before `line`.
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].lowerBound <= line { low = middle + 1 } else { high = middle }
        }
        return low > 0 && ranges[low - 1].contains(line)
    }

    /// What the working tree adds since `revision`: staged, unstaged and untracked (not ignored)
    /// changes against `git merge-base <revision> HEAD`, so commits that landed on `revision` after
    /// the branch started do not count.
    ///
    /// Runs git in `directory` (any folder of the work tree). A repository without commits has no
    /// base to compare against: that is ``GitError/unknownRevision(_:detail:)`` saying so, never a
    /// silent "everything is new".
    ///
    /// - Throws: ``GitError/notARepository(path:)`` outside a work tree,
    ///   ``GitError/unknownRevision(_:detail:)`` when `revision` (or `HEAD`) names no commit,
    ///   ``GitError/failed(command:detail:)`` when git fails (including no common ancestor).
    package static func since(_ revision: String, in directory: String) throws(GitError) -> AddedLines {
        let repository = try GitRepository(containing: directory)
        let base = try repository.requireCommit(revision)
        let head = try repository.requireCommit("HEAD")
        let mergeBase = try repository.mergeBase(base, head, describing: revision)
        var added = try repository.addedLines(diffing: [mergeBase])
        for file in try repository.untrackedFiles() {
            added.lines[file] = nil
            added.newFiles.insert(file)
        }
        return added
    }

    /// What `head` adds over `base` (`git diff base head`): the lines a push of `head` adds when
    /// the remote has `base`. Both must name commits; the working tree plays no part.
    ///
    /// - Throws: as ``since(_:in:)``.
    static func between(base: String, head: String, in directory: String) throws(GitError) -> AddedLines {
        let repository = try GitRepository(containing: directory)
        let from = try repository.requireCommit(base)
        let to = try repository.requireCommit(head)
        return try repository.addedLines(diffing: [from, to])
    }

    /// What `head` adds over every one of `bases` (the commits ``GitRepository/pushBases(of:remote:remoteCommit:)``
    /// gives): a line counts only when `git diff <base> <head>` adds it for each base, so a line
    /// any of them already has is not new. `head` `nil` is the working tree (staged, unstaged and
    /// untracked changes). Each base is compared directly, never over a merge base: a force push
    /// does not add again what the remote's old commit had.
    ///
    /// `location`: where git's variables put the repository for a hook (``GitLocation``).
    ///
    /// - Throws: as ``since(_:in:)``; `bases` must not be empty.
    package static func introduced(
        over bases: [String], head: String?, in directory: String, location: GitLocation = GitLocation()
    ) throws(GitError)
        -> AddedLines
    {
        let repository = try GitRepository(containing: directory, location: location)
        var target: String?
        if let head { target = try repository.requireCommit(head) }
        let untracked = target == nil ? try repository.untrackedFiles() : []
        var result: AddedLines?
        for base in bases {
            let from = try repository.requireCommit(base)
            var added = try repository.addedLines(diffing: [from] + (target.map { [$0] } ?? []))
            for file in untracked {
                added.lines[file] = nil
                added.newFiles.insert(file)
            }
            result = result.map { $0.intersection(added) } ?? added
            if result?.isEmpty == true { break }
        }
        return result ?? AddedLines()
    }

    /// The lines both add: a file new in both stays new; a file new in one keeps the other's lines.
    func intersection(_ other: AddedLines) -> AddedLines {
        var lines: [String: [ClosedRange<Int>]] = [:]
        let newFiles = newFiles.intersection(other.newFiles)
        for file in files.intersection(other.files) where !newFiles.contains(file) {
            switch (self.newFiles.contains(file), other.newFiles.contains(file)) {
            case (true, _): lines[file] = other.lines[file]
            case (_, true): lines[file] = self.lines[file]
            default:
                let common = Self.overlap(self.lines[file] ?? [], other.lines[file] ?? [])
                if !common.isEmpty { lines[file] = common }
            }
        }
        return AddedLines(lines: lines, newFiles: newFiles)
    }

    /// The ranges both sorted, merged lists cover.
    static func overlap(_ first: [ClosedRange<Int>], _ second: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        var index = 0
        var otherIndex = 0
        while index < first.count, otherIndex < second.count {
            let low = max(first[index].lowerBound, second[otherIndex].lowerBound)
            let high = min(first[index].upperBound, second[otherIndex].upperBound)
            if low <= high { result.append(low...high) }
            if first[index].upperBound < second[otherIndex].upperBound { index += 1 } else { otherIndex += 1 }
        }
        return result
    }

    /// The added lines in patch text as `git diff -U0 --no-color --no-ext-diff` prints it, with
    /// paths relative to `repositoryRoot` (itself absolute, or relative to the current directory).
    ///
    /// Handles `a/`/`b/` prefixes (names without them are taken as they are), quoted names with
    /// octal escapes, names with spaces, `/dev/null` for added and deleted files, renames and
    /// copies, binary files, `\ No newline at end of file`, hunk headers with omitted or zero
    /// counts, context lines, CRLF content and combined diffs (skipped).
    static func parse(diff: String, repositoryRoot: String) -> AddedLines {
        var parser = UnifiedDiffParser(root: repositoryRoot)
        parser.consume(text: diff)
        return parser.finish()
    }

    /// `ranges` sorted, with overlapping and adjacent ones joined.
    static func merged(_ ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound + 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
