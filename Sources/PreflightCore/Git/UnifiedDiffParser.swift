import Foundation

/// Reads `git diff` patch output line by line and collects the lines it adds.
///
/// Robust rather than strict: file names come from `+++`, `rename to`/`copy to` or the
/// `diff --git` header (quoted or not, with git's trailing tab after names containing spaces);
/// hunk bodies are followed by their counts, so an added line whose text starts with `+++ ` or
/// `diff --git ` is still a line; context lines (from `diff.interHunkContext` or `GIT_DIFF_OPTS`)
/// are counted, not reported; combined diffs (`diff --cc`, unmerged paths) are skipped.
struct UnifiedDiffParser {
    /// The directory paths in the diff are relative to (the repository root).
    let root: String
    /// Names quoted by git are kept as their bytes say (``GitPathName``), not decoded as UTF-8:
    /// for a diff run with `core.quotePath` on, where every unusual name is quoted.
    var exactNames = false
    private(set) var lines: [String: [ClosedRange<Int>]] = [:]
    private(set) var newFiles: Set<String> = []

    private var file: FileState?
    private var hunk: Hunk?
    private var skippingCombinedDiff = false

    private struct FileState {
        var headerPath: String?
        var newPath: String?
        var isNew = false
        var isDeleted = false
        var hasHunks = false
        var added: [ClosedRange<Int>] = []

        mutating func add(_ line: Int) {
            if let last = added.last, last.upperBound + 1 == line {
                added[added.count - 1] = last.lowerBound...line
            } else {
                added.append(line...line)
            }
        }
    }

    private struct Hunk {
        var oldRemaining: Int
        var newRemaining: Int
        var nextNewLine: Int
        var isOpen: Bool { oldRemaining > 0 || newRemaining > 0 }
    }

    init(root: String) {
        self.root = StandardPath.absolute(root)
    }

    /// The result so far (call after the last line).
    mutating func finish() -> AddedLines {
        finishFile()
        return AddedLines(lines: lines, newFiles: newFiles)
    }

    /// Parses a whole diff.
    mutating func consume(text: String) {
        let bytes = Array(text.utf8)
        var pieces = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if bytes.last == UInt8(ascii: "\n") { pieces.removeLast() }
        for piece in pieces { consume(line: piece) }
    }

    /// Parses one line, without its `\n`.
    mutating func consume(line: ArraySlice<UInt8>) {
        let first = line.first
        // "\ No newline at end of file" belongs to the line before it, in or after a hunk.
        if first == UInt8(ascii: "\\") { return }
        if var current = hunk, current.isOpen {
            switch first {
            case UInt8(ascii: "+"):
                file?.add(current.nextNewLine)
                current.nextNewLine += 1
                current.newRemaining -= 1
            case UInt8(ascii: "-"):
                current.oldRemaining -= 1
            case UInt8(ascii: " "), nil:
                // Context (an empty line is context whose trailing space was stripped).
                current.nextNewLine += 1
                current.oldRemaining -= 1
                current.newRemaining -= 1
            default:
                // The counts promised more lines than came: the hunk is over.
                hunk = nil
                consumeHeader(String(decoding: line, as: UTF8.self))
                return
            }
            hunk = current
            return
        }
        hunk = nil
        consumeHeader(String(decoding: line, as: UTF8.self))
    }

    private mutating func consumeHeader(_ line: String) {
        if line.hasPrefix("diff --git ") {
            finishFile()
            skippingCombinedDiff = false
            file = FileState(headerPath: Self.pathFromGitHeader(line.dropFirst("diff --git ".count), exact: exactNames))
            return
        }
        if line.hasPrefix("diff --cc ") || line.hasPrefix("diff --combined ") {
            finishFile()
            skippingCombinedDiff = true
            return
        }
        if skippingCombinedDiff { return }

        if line.hasPrefix("--- ") {
            // A plain unified diff (no "diff --git" line) starts each file here.
            if file == nil || file?.hasHunks == true {
                finishFile()
                file = FileState()
            }
            if Self.path(line.dropFirst(4), prefix: "a/", exact: exactNames) == nil { file?.isNew = true }
            return
        }
        guard file != nil else { return }
        if line.hasPrefix("+++ ") {
            if let path = Self.path(line.dropFirst(4), prefix: "b/", exact: exactNames) {
                file?.newPath = path
            } else {
                file?.isDeleted = true
            }
        } else if line.hasPrefix("@@ ") {
            guard let header = Self.hunkHeader(line) else { return }
            file?.hasHunks = true
            hunk = Hunk(oldRemaining: header.oldCount, newRemaining: header.newCount, nextNewLine: header.newStart)
        } else if line.hasPrefix("new file mode ") {
            file?.isNew = true
        } else if line.hasPrefix("deleted file mode ") {
            file?.isDeleted = true
        } else if line.hasPrefix("rename to ") {
            file?.newPath = Self.unquotedName(line.dropFirst("rename to ".count), exact: exactNames)
        } else if line.hasPrefix("copy to ") {
            file?.newPath = Self.unquotedName(line.dropFirst("copy to ".count), exact: exactNames)
        } else if line.hasPrefix("Binary files ") && line.hasSuffix(" differ") {
            if line.hasPrefix("Binary files /dev/null and ") { file?.isNew = true }
            if line.hasSuffix(" and /dev/null differ") { file?.isDeleted = true }
        }
    }

    private mutating func finishFile() {
        defer {
            file = nil
            hunk = nil
        }
        guard let file, !file.isDeleted, let relative = file.newPath ?? file.headerPath, !relative.isEmpty else {
            return
        }
        let path = StandardPath.absolute(relative, relativeTo: root)
        if file.isNew {
            newFiles.insert(path)
            lines[path] = nil
        } else if !file.added.isEmpty, !newFiles.contains(path) {
            lines[path] = AddedLines.merged((lines[path] ?? []) + file.added)
        }
    }

    // MARK: Pieces of lines

    /// `-a[,b] +c[,d]` of `@@ -a,b +c,d @@ context`; an omitted count is 1.
    static func hunkHeader(_ line: String) -> (oldCount: Int, newStart: Int, newCount: Int)? {
        let fields = line.split(separator: " ", maxSplits: 3)
        guard fields.count >= 3, fields[1].hasPrefix("-"), fields[2].hasPrefix("+") else { return nil }
        func range(_ field: Substring) -> (start: Int, count: Int)? {
            let parts = field.dropFirst().split(separator: ",", omittingEmptySubsequences: false)
            guard let start = Int(parts[0]), start >= 0 else { return nil }
            if parts.count == 1 { return (start, 1) }
            guard parts.count == 2, let count = Int(parts[1]), count >= 0 else { return nil }
            return (start, count)
        }
        guard let old = range(fields[1]), let new = range(fields[2]) else { return nil }
        return (old.count, new.start, new.count)
    }

    /// The name on a `---`/`+++` line without `prefix`, or `nil` for `/dev/null`.
    static func path(_ field: Substring, prefix: String, exact: Bool = false) -> String? {
        let name: String
        if field.hasPrefix("\"") {
            guard let (unquoted, _) = unquote(field, exact: exact) else { return nil }
            name = unquoted
        } else {
            // git ends a name containing a space with a tab; other tools put a timestamp there.
            name = String(field.prefix { $0 != "\t" })
        }
        if name == "/dev/null" { return nil }
        return name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name
    }

    /// A `rename to`/`copy to` name, unquoted (these carry no `a/`/`b/` prefix).
    static func unquotedName(_ field: Substring, exact: Bool = false) -> String {
        if field.hasPrefix("\""), let (name, _) = unquote(field, exact: exact) { return name }
        return String(field)
    }

    /// The new-side name in `a/OLD b/NEW`, or `nil` when it cannot be told (an unquoted rename
    /// with spaces: then `+++` or `rename to` names the file).
    static func pathFromGitHeader(_ rest: Substring, exact: Bool = false) -> String? {
        func strip(_ name: String) -> String { name.hasPrefix("b/") ? String(name.dropFirst(2)) : name }
        if rest.hasPrefix("\"") {
            guard let (_, remainder) = unquote(rest, exact: exact), remainder.hasPrefix(" ") else { return nil }
            let second = remainder.dropFirst()
            if second.hasPrefix("\"") { return unquote(second, exact: exact).map { strip($0.0) } }
            return strip(String(second))
        }
        if rest.hasSuffix("\"") {
            // Unquoted old name, quoted new name: the last ` "` from which a whole quoted string runs to the end.
            var index = rest.endIndex
            while let found = rest[..<index].range(of: " \"", options: .backwards) {
                let candidate = rest[rest.index(after: found.lowerBound)...]
                if let (name, remainder) = unquote(candidate, exact: exact), remainder.isEmpty { return strip(name) }
                index = found.lowerBound
            }
            return nil
        }
        // "a/P b/P": the same name twice.
        let bytes = Array(rest.utf8)
        if bytes.count >= 5, (bytes.count - 5) % 2 == 0 {
            let length = (bytes.count - 5) / 2
            let old = bytes[0..<(2 + length)]
            let new = bytes[(3 + length)...]
            if bytes[2 + length] == UInt8(ascii: " "), old.starts(with: "a/".utf8), new.starts(with: "b/".utf8),
                old.dropFirst(2).elementsEqual(new.dropFirst(2))
            {
                return String(decoding: new.dropFirst(2), as: UTF8.self)
            }
        }
        // A rename: only when " b/" occurs once can the line be split.
        let separators = rest.ranges(of: " b/")
        guard separators.count == 1 else { return nil }
        return String(rest[rest.index(after: separators[0].lowerBound)...].dropFirst(2))
    }

    /// Decodes a C-style quoted name as git writes it (`"caf\303\251 \"x\".swift"`): the name
    /// and what follows the closing quote, or `nil` when `field` is not a complete quoted string.
    /// With `exact`, the name is ``GitPathName``'s for the bytes (never a lossy decoding).
    static func unquote(_ field: Substring, exact: Bool = false) -> (String, Substring)? {
        let utf8 = field.utf8
        guard utf8.first == UInt8(ascii: "\"") else { return nil }
        var bytes: [UInt8] = []
        var index = utf8.index(after: utf8.startIndex)
        while index < utf8.endIndex {
            let byte = utf8[index]
            index = utf8.index(after: index)
            if byte == UInt8(ascii: "\"") {
                let name = exact ? GitPathName.name(bytes) : String(decoding: bytes, as: UTF8.self)
                return (name, Substring(field.utf8[index...]))
            }
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                continue
            }
            guard index < utf8.endIndex else { return nil }
            let escaped = utf8[index]
            index = utf8.index(after: index)
            switch escaped {
            case UInt8(ascii: "a"): bytes.append(0x07)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "v"): bytes.append(0x0B)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "0")...UInt8(ascii: "3"):
                // Three octal digits: one byte of the UTF-8 name.
                var value = UInt32(escaped - UInt8(ascii: "0"))
                for _ in 0..<2 {
                    guard index < utf8.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(utf8[index]) else {
                        return nil
                    }
                    value = value * 8 + UInt32(utf8[index] - UInt8(ascii: "0"))
                    index = utf8.index(after: index)
                }
                bytes.append(UInt8(value))
            default:
                bytes.append(escaped)  // \" and \\ (and anything else, kept literally)
            }
        }
        return nil
    }
}
