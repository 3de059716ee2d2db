import Foundation
import PreflightCore

/// Execution counts per line of each file, from `llvm-cov export -format=lcov` (`SF:` and `DA:`
/// records). Keys are the paths as llvm-cov prints them (absolute).
struct LineCoverage: Sendable, Equatable {
    var counts: [String: [Int: Int]]

    /// Parses lcov text.
    static func parse(lcov text: String) -> LineCoverage {
        var counts: [String: [Int: Int]] = [:]
        var file: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("SF:") {
                file = String(line.dropFirst(3))
            } else if line.hasPrefix("DA:"), let file {
                let fields = line.dropFirst(3).split(separator: ",")
                if fields.count >= 2, let number = Int(fields[0]), let count = Int(fields[1]) {
                    counts[file, default: [:]][number] = max(counts[file]?[number] ?? 0, count)
                }
            } else if line == "end_of_record" {
                file = nil
            }
        }
        return LineCoverage(counts: counts)
    }
}

/// Coverage of the lines a change adds (diff-cover's idea): of the added lines that the compiler
/// could count, how many the tests ran.
struct DiffCoverage: Sendable, Hashable {
    /// Per package-relative file: added coverable lines, and those of them the tests never ran.
    struct File: Sendable, Hashable {
        var path: String
        var coverable: [Int]
        var missing: [Int]

        var percent: Double {
            coverable.isEmpty ? 100 : Double(coverable.count - missing.count) * 100 / Double(coverable.count)
        }
    }

    var files: [File]

    /// Intersects the added lines with the line counts, for the package's own sources only.
    init(added: AddedLines, coverage: LineCoverage, packageRoot: String) {
        let root = PhysicalRoot(packageRoot)
        var files: [File] = []
        for (path, counts) in coverage.counts {
            guard let relative = root.relative(path), CoverageSummary.ownTarget(of: relative) != nil else { continue }
            let coverable = counts.keys.sorted().filter { added.contains(path: path, line: $0) }
            guard !coverable.isEmpty else { continue }
            files.append(File(path: relative, coverable: coverable, missing: coverable.filter { counts[$0] == 0 }))
        }
        self.files = files.sorted { $0.path < $1.path }
    }

    var coverableCount: Int { files.reduce(0) { $0 + $1.coverable.count } }
    var missingCount: Int { files.reduce(0) { $0 + $1.missing.count } }

    /// 0–100; 100 when the change adds no coverable line.
    var percent: Double {
        coverableCount == 0 ? 100 : Double(coverableCount - missingCount) * 100 / Double(coverableCount)
    }

    /// diff-cover's report: each file with its missing lines, then the totals.
    var report: String {
        var text = ""
        for file in files {
            text += "\(file.path) (\(String(format: "%.1f", file.percent)) %)"
            text += file.missing.isEmpty ? "\n" : ": missing lines \(Self.ranges(file.missing))\n"
        }
        text += "Added lines: \(coverableCount) coverable, \(missingCount) not covered, "
        text += String(format: "%.1f", percent) + " % covered\n"
        return text
    }

    /// `path:line: warning: not covered by tests`, one per uncovered added line.
    var warnings: [String] {
        files.flatMap { file in file.missing.map { "\(file.path):\($0): warning: not covered by tests" } }
    }

    /// `3, 7-9, 12`.
    static func ranges(_ lines: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        while index < lines.count {
            var end = index
            while end + 1 < lines.count && lines[end + 1] == lines[end] + 1 { end += 1 }
            parts.append(end == index ? "\(lines[index])" : "\(lines[index])-\(lines[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}
