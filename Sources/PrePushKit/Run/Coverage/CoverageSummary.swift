import Foundation
import PreflightCore

/// Covered and coverable counts of one kind (lines, functions, regions).
struct CoverageCount: Sendable, Hashable {
    var count: Int
    var covered: Int

    init(count: Int, covered: Int) {
        self.count = count
        self.covered = covered
    }

    /// 0–100; 100 when there is nothing to cover.
    var percent: Double { count == 0 ? 100 : Double(covered) * 100 / Double(count) }

    static func + (lhs: CoverageCount, rhs: CoverageCount) -> CoverageCount {
        CoverageCount(count: lhs.count + rhs.count, covered: lhs.covered + rhs.covered)
    }
}

/// Coverage of one of the package's own source files.
struct FileCoverage: Sendable, Hashable {
    /// Relative to the package root (`Sources/Calc/Calc.swift`).
    var path: String
    /// The target the file belongs to (`Calc`).
    var target: String
    var lines: CoverageCount
    var functions: CoverageCount
    var regions: CoverageCount

}

/// Coverage of the package's own sources, per file and per target, from `llvm-cov export`.
///
/// Only the package's own files count: not `.build` (derived `runner.swift`, the test discovery
/// file, dependencies' checkouts), not `Tests/`. SwiftPM's `totals` include all of those (a package
/// with 50 % real coverage showed 19 %), so the totals here are recomputed from the files, and equal
/// `llvm-cov report … -ignore-filename-regex='\.build|Tests'`.
struct CoverageSummary: Sendable, Hashable {
    /// The package's own files, by path.
    var files: [FileCoverage]

    init(files: [FileCoverage]) {
        self.files = files.sorted { $0.path < $1.path }
    }

    /// Reads `llvm-cov export` JSON (full or `-summary-only`) and keeps the files inside
    /// `packageRoot` that are the package's own.
    static func parse(exportJSON data: Data, packageRoot: String) throws(CoverageError) -> CoverageSummary {
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .malformedExport(detail: error.localizedDescription)
        }
        guard let root = document as? [String: Any], let exports = root["data"] as? [[String: Any]] else {
            throw .malformedExport(detail: "no \"data\" array at the top level")
        }
        let physicalRoot = PhysicalRoot(packageRoot)
        var files: [FileCoverage] = []
        for export in exports {
            for file in export["files"] as? [[String: Any]] ?? [] {
                guard let filename = file["filename"] as? String, let relative = physicalRoot.relative(filename),
                    let summary = file["summary"] as? [String: Any]
                else { continue }
                guard let target = ownTarget(of: relative) else { continue }
                files.append(
                    FileCoverage(
                        path: relative, target: target, lines: count(summary["lines"]),
                        functions: count(summary["functions"]), regions: count(summary["regions"])))
            }
        }
        return CoverageSummary(files: files)
    }

    /// The target of a package-relative path, or `nil` when the file is not the package's own
    /// source (build products, tests, anything in a hidden folder).
    static func ownTarget(of relativePath: String) -> String? {
        let components = relativePath.split(separator: "/").map(String.init)
        guard let first = components.first else { return nil }
        if first.hasPrefix(".") || first == "Tests" { return nil }
        if first == "Sources", components.count > 2 { return components[1] }
        return components.count > 1 ? first : "(package)"
    }

    private static func count(_ value: Any?) -> CoverageCount {
        let object = value as? [String: Any]
        return CoverageCount(count: object?["count"] as? Int ?? 0, covered: object?["covered"] as? Int ?? 0)
    }

    /// Coverage per target, in name order.
    var targets: [(name: String, lines: CoverageCount)] {
        Dictionary(grouping: files, by: \.target).map { name, files in
            (name, files.reduce(CoverageCount(count: 0, covered: 0)) { $0 + $1.lines })
        }.sorted { $0.name < $1.name }
    }

    /// Line coverage of all the package's own files.
    var total: CoverageCount {
        files.reduce(CoverageCount(count: 0, covered: 0)) { $0 + $1.lines }
    }

    /// A table like `xccov view --only-targets`: one row per target (and per file when asked), then
    /// the total.
    func table(includingFiles: Bool = false) -> String {
        var rows: [(String, CoverageCount)] = []
        for target in targets {
            rows.append((target.name, target.lines))
            if includingFiles {
                for file in files where file.target == target.name { rows.append(("  " + file.path, file.lines)) }
            }
        }
        let width = max(12, rows.map(\.0.count).max() ?? 0)
        func row(_ name: String, _ lines: CoverageCount) -> String {
            name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + String(lines.covered).leftPadded(to: 8) + String(lines.count).leftPadded(to: 8)
                + String(format: "%9.2f%%", lines.percent)
        }
        var text = "Target".padding(toLength: width, withPad: " ", startingAt: 0) + "   Covered   Lines  Coverage\n"
        for (name, lines) in rows { text += row(name, lines) + "\n" }
        text += row("Total", total) + "\n"
        return text
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

/// Coverage data that cannot be read.
enum CoverageError: LocalizedError, Sendable, Equatable {
    case malformedExport(detail: String)
    case noCoverageData(path: String)
    /// The toolchain's tool (`llvm-cov`) was not found; `searched` says where it was looked for.
    case toolMissing(String, searched: String)

    var errorDescription: String? {
        switch self {
        case .malformedExport: "llvm-cov's export could not be read."
        case .noCoverageData: "There is no coverage data."
        case .toolMissing(let tool, _): "The Swift toolchain's '\(tool)' was not found."
        }
    }

    var failureReason: String? {
        switch self {
        case .malformedExport(let detail): detail
        case .noCoverageData(let path):
            "'\(path)' does not exist: the tests did not finish (SwiftPM writes no profile when a test fails) "
                + "or were not built with --enable-code-coverage."
        case .toolMissing(_, let searched):
            "It is taken from the folder of the compiler swift build uses, as SwiftPM does: SWIFT_EXEC's, "
                + "else the folder of the swift on PATH with links followed, else (a proxy such as swiftly or "
                + "macOS's /usr/bin/swift) the toolchain swift -print-target-info names (\(searched)); any other "
                + "on PATH may be another LLVM's, which cannot read Swift's profiles."
        }
    }

    var recoverySuggestion: String? {
        switch self {
        case .malformedExport: "Check that llvm-cov comes from the same toolchain as swift."
        case .noCoverageData: "Fix the failing tests, or run with --enable-code-coverage."
        case .toolMissing:
            "Install Xcode or the Command Line Tools (macOS; select one with xcode-select or DEVELOPER_DIR), or put "
                + "a complete Swift toolchain's usr/bin first on PATH (with swiftly: swiftly install the selected "
                + "version again)."
        }
    }
}
