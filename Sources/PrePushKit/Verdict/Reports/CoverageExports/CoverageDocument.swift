import Foundation

/// Preflight's coverage JSON (`--coverage-report json=PATH`, and the `coverage` of the run record),
/// documented in docs/coverage-json.md. Version 1.
struct CoverageDocument: Codable, Sendable, Hashable {
    /// Always `preflight-coverage`.
    var schema = "preflight-coverage"
    var version = 1
    /// `swiftpm` (llvm-cov) or `xcodebuild` (xccov).
    var backend: String
    /// All packages' files together: the table's `Total` row (and its functions and regions).
    var total: Figures
    var packages: [Package]

    /// Covered of coverable, and the percentage rounded to two decimals as the table prints it.
    struct Count: Codable, Sendable, Hashable {
        var covered: Int
        var count: Int
        var percent: Double

        init(_ count: CoverageCount) {
            covered = count.covered
            self.count = count.count
            percent = (count.percent * 100).rounded() / 100
        }
    }

    /// Lines, functions and regions; `regions` is `null` where the backend has none (xccov).
    struct Figures: Codable, Sendable, Hashable {
        var lines: Count
        var functions: Count
        var regions: Count?
    }

    struct Package: Codable, Sendable, Hashable {
        /// The package's folder from the repository's root (`.` for the root package).
        var path: String
        var total: Figures
        /// The total's minimum, if any.
        var minimum: Double?
        var targets: [Target]
        var files: [File]
        /// Targets and files below their minimums.
        var belowMinimum: [Shortfall]
        /// The lines the push adds, when they were measured.
        var diffCoverage: Diff?
    }

    struct Target: Codable, Sendable, Hashable {
        var name: String
        var figures: Figures
        var minimum: Double?
    }

    struct File: Codable, Sendable, Hashable {
        /// From the repository's root.
        var path: String
        var target: String
        var figures: Figures
        var minimum: Double?
        /// Coverable lines the tests never ran (present when the line counts were read).
        var uncoveredLines: [Int]?
    }

    struct Shortfall: Codable, Sendable, Hashable {
        /// `target` or `file`.
        var kind: String
        /// The target's name or the file's path from the repository's root.
        var name: String
        var percent: Double
        var minimum: Double
    }

    struct Diff: Codable, Sendable, Hashable {
        /// Added coverable lines, and those of them the tests ran.
        var lines: Count
        var minimum: Double?
        var files: [DiffFile]
    }

    struct DiffFile: Codable, Sendable, Hashable {
        var path: String
        /// Added lines the compiler could count.
        var addedLines: [Int]
        /// Those of them the tests never ran.
        var uncoveredLines: [Int]
    }

    /// The document of `report`; `minimumDiffCoverage` is the diff gate's minimum, if any.
    init(_ report: CoverageReport, minimumDiffCoverage: Double? = nil) {
        backend = report.backend
        let regions = report.hasRegions
        func figures(_ files: [FileCoverage]) -> Figures {
            let zero = CoverageCount(count: 0, covered: 0)
            return Figures(
                lines: Count(files.reduce(zero) { $0 + $1.lines }),
                functions: Count(files.reduce(zero) { $0 + $1.functions }),
                regions: regions ? Count(files.reduce(zero) { $0 + $1.regions }) : nil)
        }
        total = figures(report.packages.flatMap(\.summary.files))
        packages = report.packages.map { package in
            let summary = package.summary
            let gates = package.gates
            return Package(
                path: package.path, total: figures(summary.files), minimum: gates.totalMinimum,
                targets: summary.targets.map { target in
                    Target(
                        name: target.name, figures: figures(summary.files.filter { $0.target == target.name }),
                        minimum: gates.targetMinimums[target.name])
                },
                files: summary.files.map { file in
                    File(
                        path: package.repositoryPath(file.path), target: file.target, figures: figures([file]),
                        minimum: gates.fileMinimums[file.path],
                        uncoveredLines: package.lines[file.path].map { counts in
                            counts.filter { $0.value == 0 }.keys.sorted()
                        })
                },
                belowMinimum: gates.shortfalls.map {
                    Shortfall(
                        kind: $0.kind.rawValue, name: $0.name, percent: ($0.percent * 100).rounded() / 100,
                        minimum: $0.minimum)
                },
                diffCoverage: package.diff.map { diff in
                    Diff(
                        lines: Count(
                            CoverageCount(count: diff.coverableCount, covered: diff.coverableCount - diff.missingCount)),
                        minimum: minimumDiffCoverage,
                        files: diff.files.map {
                            DiffFile(
                                path: package.repositoryPath($0.path), addedLines: $0.coverable,
                                uncoveredLines: $0.missing)
                        })
                })
        }
    }

    /// Pretty-printed, keys sorted, slashes as they are.
    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }
}
