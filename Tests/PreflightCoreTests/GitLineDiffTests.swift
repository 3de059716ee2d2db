import Foundation
import Testing

@testable import PreflightCore

/// ``GitLineDiff`` against the real `git diff --cached -U0`: the same added lines, on hand-made
/// cases that decide between equally short diffs, and on real source files with random edits.
@Suite("Git line diff")
struct GitLineDiffTests {
    @Test("Hand-made cases: sliding groups, the indent heuristic, repeated lines, line ends, the tail cut")
    func handMadeCases() throws {
        let function = "    func a() {\n        one()\n    }\n"
        let longTail = (1...80).map { "    let value\($0) = \($0) // \(String(repeating: "x", count: $0 % 7))\n" }
            .joined()
        let cases: [(String, String)] = [
            ("", "one\n"),
            ("one\n", ""),
            ("one\ntwo\n", "one\ntwo\nthree"),
            ("one\ntwo", "one\ntwo\n"),
            ("a\r\nb\r\n", "a\r\nx\r\nb\r\n"),
            // An added function between two: which closing brace and blank line are the new ones.
            (
                "struct S {\n" + function + "\n" + function + "}\n",
                "struct S {\n" + function + "\n" + function + "\n"
                    + function + "}\n"
            ),
            ("\tif x {\n\t\ty()\n\t}\n", "\tif x {\n\t\ty()\n\t}\n\tif x {\n\t\ty()\n\t}\n"),
            ("a\n\n\nb\n", "a\n\n\n\nb\n"),
            ("x\nx\nx\nx\n", "x\nx\ny\nx\nx\nx\n"),
            ("}\n}\n}\n", "}\n}\n}\n}\n"),
            ("  \n\t\n \t \n", "  \n\t\n\n \t \n"),
            (longTail, longTail.replacingOccurrences(of: "value3 ", with: "value3b ")),
            (longTail, "// head\n" + longTail),
            (longTail + "end\n", longTail + "// TODO: one more\nend\n"),
            (longTail, String(longTail.dropLast(200))),
        ]
        try compareWithGit(cases.map { ($0.0.utf8.map { $0 }, $0.1.utf8.map { $0 }) })
    }

    @Test("Real files with random edits agree with git, file by file", arguments: [1, 2, 3] as [UInt64])
    func realFiles(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var pairs: [([UInt8], [UInt8])] = []
        for file in Self.corpus() {
            guard let bytes = FileManager.default.contents(atPath: file).map(Array.init), !bytes.contains(0) else {
                continue
            }
            pairs.append((bytes, Self.edited(bytes, heavy: random.next(below: 10) == 0, random: &random)))
        }
        #expect(pairs.count > 50)
        try compareWithGit(pairs)
    }

    @Test("Large rewrites (past xdiff's cost limits) agree with git")
    func largeRewrites() throws {
        var random = SeededRandom(seed: 99)
        var pairs: [([UInt8], [UInt8])] = []
        for size in [600, 3000, 9000] {
            let lines = (0..<size).map { index in
                index % 11 == 0
                    ? "\n" : index % 5 == 0 ? "    }\n" : "    line \(random.next(below: UInt64(size / 3)))\n"
            }
            var changed = lines
            for index in changed.indices where random.next(below: 3) == 0 {
                changed[index] =
                    random.next(below: 2) == 0 ? "    other \(index)\n" : lines[Int(random.next(below: UInt64(size)))]
            }
            pairs.append((Array(lines.joined().utf8), Array(changed.joined().utf8)))
            pairs.append((Array(lines.joined().utf8), Array(lines.shuffled(using: &random).joined().utf8)))
        }
        try compareWithGit(pairs)
    }

    // MARK: Helpers

    /// Writes each pair as a committed file and its staged edit in one repository, and compares
    /// git's `diff --cached -U0` with ``GitLineDiff`` for every file.
    private func compareWithGit(_ pairs: [([UInt8], [UInt8])]) throws {
        let repository = try GitRepositoryFixture()
        defer { repository.remove() }
        let names = pairs.indices.map { String(format: "f%05d.txt", $0) }
        for (name, pair) in zip(names, pairs) {
            try Data(pair.0).write(to: URL(fileURLWithPath: repository.path(name)))
        }
        try repository.commitAll("old")
        for (name, pair) in zip(names, pairs) {
            try Data(pair.1).write(to: URL(fileURLWithPath: repository.path(name)))
        }
        try repository.git("add", "-A")
        let diff = try repository.git(
            "diff", "--cached", "-U0", "--no-color", "--no-ext-diff", "--no-renames", "--diff-algorithm=myers",
            "--indent-heuristic", "--inter-hunk-context=0", "--text")
        let expected = AddedLines.parse(diff: diff, repositoryRoot: repository.root)
        var mismatches = 0
        for (name, pair) in zip(names, pairs) {
            let path = repository.path(name)
            let gits = expected.newFiles.contains(path) ? [1...Self.lineCount(pair.1)] : expected.lines[path] ?? []
            let ours = GitLineDiff.addedLines(old: pair.0, new: pair.1)
            if gits != ours {
                mismatches += 1
                if mismatches <= 3 {
                    Issue.record("\(name): git adds \(gits), GitLineDiff \(ours)")
                }
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(pairs.count) files differ")
    }

    private static func lineCount(_ bytes: [UInt8]) -> Int {
        bytes.split(separator: 10, omittingEmptySubsequences: false).count - (bytes.last == 10 ? 1 : 0)
    }

    /// This package's own Swift sources and tests, and the files under the folder
    /// `PREFLIGHT_LINE_DIFF_CORPUS` names when set (another checkout, such as Yams).
    /// The first `count` files of this package's `Sources` in ``corpus()``, by path from the
    /// package's root, with their bytes.
    static func packageSources(_ count: Int) -> [(String, [UInt8])] {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        return corpus().filter { $0.hasPrefix(package + "/Sources/") }.prefix(count).compactMap { file in
            FileManager.default.contents(atPath: file).map { (String(file.dropFirst(package.count + 1)), Array($0)) }
        }
    }

    static func corpus() -> [String] {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        var folders = [package + "/Sources", package + "/Tests"]
        if let extra = ProcessInfo.processInfo.environment["PREFLIGHT_LINE_DIFF_CORPUS"] { folders.append(extra) }
        var files: [String] = []
        for folder in folders {
            guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
            while let relative = walker.nextObject() as? String {
                guard relative.hasSuffix(".swift") || relative.hasSuffix(".md") || relative.hasSuffix(".c") else {
                    continue
                }
                files.append(folder + "/" + relative)
            }
        }
        return files.sorted()
    }

    /// `bytes` with random edits of the kinds real changes make: lines added (new, or copies of
    /// lines elsewhere in the file), removed, duplicated, moved, blank lines and whole functions
    /// inserted, lines changed, the final newline added or dropped. `heavy`: a third of the lines
    /// changed.
    static func edited(_ bytes: [UInt8], heavy: Bool, random: inout SeededRandom) -> [UInt8] {
        var lines = bytes.split(separator: 10, omittingEmptySubsequences: false).map { Array($0) + [10] }
        if bytes.last == 10 { lines.removeLast() } else if !lines.isEmpty { lines[lines.count - 1].removeLast() }
        func position() -> Int { Int(random.next(below: UInt64(lines.count + 1))) }
        func line() -> [UInt8] { lines.isEmpty ? [10] : lines[Int(random.next(below: UInt64(lines.count)))] }
        let edits = heavy ? max(1, lines.count / 3) : 1 + Int(random.next(below: 8))
        for edit in 0..<edits {
            switch random.next(below: 10) {
            case 0: lines.insert(Array("        // TODO: added \(edit)\n".utf8), at: position())
            case 1: lines.insert(line(), at: position())
            case 2 where !lines.isEmpty:
                let start = Int(random.next(below: UInt64(lines.count)))
                lines.removeSubrange(start..<min(lines.count, start + 1 + Int(random.next(below: 5))))
            case 3 where !lines.isEmpty:
                let start = Int(random.next(below: UInt64(lines.count)))
                let block = Array(lines[start..<min(lines.count, start + 1 + Int(random.next(below: 8)))])
                lines.insert(contentsOf: block, at: position())
            case 4: lines.insert([10], at: position())
            case 5:
                let indent = String(repeating: " ", count: 4 * Int(random.next(below: 3)))
                let function = "\n\(indent)func added\(edit)() {\n\(indent)    work()\n\(indent)}\n"
                lines.insert(
                    contentsOf: function.split(separator: "\n", omittingEmptySubsequences: false)
                        .dropLast().map { Array(($0 + "\n").utf8) }, at: position())
            case 6 where !lines.isEmpty:
                let index = Int(random.next(below: UInt64(lines.count)))
                lines[index] = Array("\t".utf8) + lines[index]
            case 7 where lines.count > 2:
                let start = Int(random.next(below: UInt64(lines.count - 1)))
                let block = Array(lines[start..<min(lines.count, start + 1 + Int(random.next(below: 6)))])
                lines.removeSubrange(start..<(start + block.count))
                lines.insert(contentsOf: block, at: position())
            case 8 where !lines.isEmpty:
                if lines[lines.count - 1].last == 10 {
                    lines[lines.count - 1].removeLast()
                } else {
                    lines[lines.count - 1].append(10)
                }
            default: lines.insert(Array("    }\n".utf8), at: position())
            }
        }
        return lines.flatMap { $0 }
    }
}

/// SplitMix64: the same edits on every run.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    mutating func next(below bound: UInt64) -> UInt64 { next() % bound }
}
