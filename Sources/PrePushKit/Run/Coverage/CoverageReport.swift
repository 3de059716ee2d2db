import Foundation
import PreflightCore

/// The coverage of one run, for the exports (`--coverage-report`) and the run record (`--report`):
/// a list of packages, each with its files and targets, as the coverage step measured them.
/// Today a check covers one package (its path is `.`); a repository with several packages gives
/// one entry each, and the exports name files by their path from the repository's root.
struct CoverageReport: Sendable, Hashable {
    /// Which tools measured it: `swiftpm` (llvm-cov: lines, functions and regions) or
    /// `xcodebuild` (xccov: lines and functions).
    var backend: String
    var packages: [PackageCoverage]

    /// Line coverage of every package's files together: the figure prepush prints as the total.
    var total: CoverageCount {
        packages.reduce(CoverageCount(count: 0, covered: 0)) { $0 + $1.summary.total }
    }

    /// Whether region figures exist (llvm-cov has them, xccov does not).
    var hasRegions: Bool { backend == "swiftpm" }
}

/// One package's coverage: the table's files (after `coverageExclude`), their line counts, the
/// diff coverage, and the minimums that applied.
struct PackageCoverage: Sendable, Hashable {
    /// The package's folder relative to the repository's root (`.` for the root package).
    var path: String
    /// The folder the sources were read from when the check ran (the work tree or prepush's
    /// worktree), for the HTML page's source lines.
    var root: String
    /// Files and targets, as the table shows them.
    var summary: CoverageSummary
    /// Execution counts per line, by package-relative path; empty when no export needs them.
    var lines: [String: [Int: Int]] = [:]
    /// The coverage of the lines the push adds, when it was measured.
    var diff: DiffCoverage?
    /// The minimums that applied, and what fell below them.
    var gates = CoverageGateResult()

    /// `path` of a package-relative file from the repository's root (`Sources/A/a.swift`, or
    /// `Packages/Core/Sources/A/a.swift` for a package in a sub-folder).
    func repositoryPath(_ relative: String) -> String {
        path == "." || path.isEmpty ? relative : path + "/" + relative
    }

    /// Line counts keyed by package-relative path, from llvm-cov's or xccov's counts keyed by
    /// absolute path; files outside `root` are left out.
    static func relativeLines(_ coverage: LineCoverage, root: String) -> [String: [Int: Int]] {
        let physicalRoot = PhysicalRoot(root)
        var lines: [String: [Int: Int]] = [:]
        for (path, counts) in coverage.counts {
            if let relative = physicalRoot.relative(path), !relative.isEmpty { lines[relative] = counts }
        }
        return lines
    }
}
