import Foundation
import PreflightCore

/// The coverage of several result bundles as one, merged line by line: what the runs together
/// executed. A flaky pass's bundle also holds what its failed attempt ran, so its coverage is
/// instead that of runs in which every test passed (``XcodePassingRuns``), each in its own bundle.
///
/// Each bundle gives its report (`xccov view --report --json`: the files of the project's
/// non-test targets, their functions) and its archive (`xccov view --archive --json`: every
/// file's execution count per line). A line's count is the sum of its counts; a file's lines are
/// its executable lines, covered where the sum is above 0, so a line counts as covered when any
/// of the runs executed it; a function is covered when any run executed it. `xccov merge` is no
/// way: it reads `.xccovreport` and `.xccovarchive` files, which a result bundle has not held
/// since Xcode 11.
enum XccovMerge {
    struct Bundle: Sendable {
        var report: [XccovReport.File]
        var archive: LineCoverage
    }

    /// The merged summary and line counts (every file of the archives, as they name them).
    static func merge(
        _ bundles: [Bundle], projectRoot: String
    ) throws(XcodeBackendError) -> (summary: CoverageSummary, lines: LineCoverage) {
        var counts: [String: [Int: Int]] = [:]
        for bundle in bundles {
            for (path, lines) in bundle.archive.counts {
                counts[path, default: [:]].merge(lines, uniquingKeysWith: +)
            }
        }
        let root = PhysicalRoot(projectRoot)
        var byRelative: [String: [Int: Int]] = [:]
        for (path, lines) in counts {
            guard let relative = root.relative(path) else { continue }
            byRelative[relative, default: [:]].merge(lines, uniquingKeysWith: +)
        }
        var files: [String: FileCoverage] = [:]
        var functions: [String: [String: Bool]] = [:]
        for file in bundles.flatMap(\.report) {
            let path = file.coverage.path
            guard let lines = counts[file.absolutePath] ?? byRelative[path] else {
                throw .malformedOutput(
                    command: "xccov view --archive --json",
                    detail: "the archive has no lines for '\(file.absolutePath)', which the report lists")
            }
            var merged = file.coverage
            merged.lines = CoverageCount(count: lines.count, covered: lines.values.filter { $0 > 0 }.count)
            files[path] = files[path] ?? merged
            for function in file.functions {
                functions[path, default: [:]]["\(function.line) \(function.name)", default: false] =
                    functions[path]?["\(function.line) \(function.name)"] == true || function.executionCount > 0
            }
        }
        for (path, executed) in functions {
            files[path]?.functions = CoverageCount(count: executed.count, covered: executed.values.filter { $0 }.count)
        }
        return (CoverageSummary(files: Array(files.values)), LineCoverage(counts: counts))
    }
}
