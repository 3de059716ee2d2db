import Foundation
import TestSupport
import Testing

@testable import PrePushKit
@testable import PreflightCore

/// Issue 24, item 2: a repository under `/private` (macOS's `/var/folders/…` and `/tmp`), laid out
/// for real (on Linux: `/private/var/<name>` reached through a `/var/<name>` link). git and the
/// compilers record the physical `/private/…` paths; every root prefix must match them, from the
/// physical root and from the path through the link alike.
@Suite(
    "Coverage and the package graph under /private",
    .enabled(if: PrivateFolder.unavailableReason == nil, "\(PrivateFolder.unavailableReason ?? "")"))
struct PrivatePathTests {
    /// A package folder with one source file, in a `/private` layout; `body` gets the folder.
    private func withPackage(_ body: (PrivateFolder, String) throws -> Void) throws {
        let folder = try PrivateFolder.make().get()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            atPath: folder.physical + "/Sources/Core", withIntermediateDirectories: true)
        try "let x = 1\n".write(toFile: folder.physical + "/Sources/Core/A.swift", atomically: true, encoding: .utf8)
        // What Foundation does with the physical path: the reason for the one path rule.
        #expect(URL(fileURLWithPath: folder.physical).standardizedFileURL.path == folder.logical)
        try body(folder, folder.physical + "/Sources/Core/A.swift")
    }

    @Test("llvm-cov's export under /private: the file is measured, from either spelling of the root")
    func llvmCovExport() throws {
        try withPackage { folder, recorded in
            let export = """
                {"data": [{"files": [{"filename": "\(recorded)",
                  "summary": {"lines": {"count": 4, "covered": 3}, "functions": {"count": 1, "covered": 1},
                              "regions": {"count": 2, "covered": 1}}}]}]}
                """
            for root in [folder.physical, folder.logical, folder.logical + "/"] {
                let summary = try CoverageSummary.parse(exportJSON: Data(export.utf8), packageRoot: root)
                #expect(summary.files.map(\.path) == ["Sources/Core/A.swift"], "root \(root)")
                #expect(summary.total == CoverageCount(count: 4, covered: 3))
            }
            // Recorded through the link (a compiler given the logical path), root physical.
            let logicalExport = export.replacingOccurrences(of: folder.physical, with: folder.logical)
            let summary = try CoverageSummary.parse(
                exportJSON: Data(logicalExport.utf8), packageRoot: folder.physical)
            #expect(summary.files.map(\.path) == ["Sources/Core/A.swift"])
        }
    }

    @Test("Diff coverage and line data under /private: the added lines are found")
    func diffCoverage() throws {
        try withPackage { folder, recorded in
            let coverage = LineCoverage(counts: [recorded: [1: 0, 2: 3]])
            for root in [folder.physical, folder.logical] {
                let diff = DiffCoverage(
                    added: AddedLines(lines: [recorded: [1...2]]), coverage: coverage, packageRoot: root)
                #expect(diff.files.map(\.path) == ["Sources/Core/A.swift"], "root \(root)")
                #expect(diff.coverableCount == 2)
                #expect(diff.missingCount == 1)
                #expect(
                    PackageCoverage.relativeLines(coverage, root: root) == ["Sources/Core/A.swift": [1: 0, 2: 3]])
            }
        }
    }

    @Test("xccov's report under /private: the project's files are measured")
    func xccovReport() throws {
        try withPackage { folder, recorded in
            let report = """
                {"targets": [{"name": "Core.framework", "files": [{"path": "\(recorded)", "name": "A.swift",
                  "executableLines": 4, "coveredLines": 2, "functions": []}]}]}
                """
            for root in [folder.physical, folder.logical] {
                let summary = try XccovReport.parse(reportJSON: Data(report.utf8), projectRoot: root)
                #expect(summary.files.map(\.path) == ["Sources/Core/A.swift"], "root \(root)")
            }
        }
    }

    @Test("swift package describe under /private: target folders and sources are package-relative")
    func packageGraph() throws {
        try withPackage { folder, recorded in
            let describe = """
                {"targets": [{"name": "Core", "c99name": "Core", "type": "library",
                  "path": "\(folder.physical)/Sources/Core", "sources": ["A.swift"]}], "products": []}
                """
            for root in [folder.physical, folder.logical] {
                let graph = try PackageGraph.parse(describeJSON: Data(describe.utf8), packageRoot: root)
                #expect(graph.targets.map(\.path) == ["Sources/Core"], "root \(root)")
            }
        }
    }
}
