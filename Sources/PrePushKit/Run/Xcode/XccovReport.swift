import Foundation
import PreflightCore

/// Reads `xcrun xccov view --report --json` into the coverage summary the SwiftPM backend prints.
///
/// The report is `{coveredLines, executableLines, lineCoverage, targets: [{name, coveredLines,
/// executableLines, lineCoverage, buildProductPath, files: [{name, path, coveredLines,
/// executableLines, lineCoverage, functions: [{name, lineNumber, executionCount, coveredLines,
/// executableLines, lineCoverage}]}]}]}`, `lineCoverage` a fraction 0–1. As with `--only-targets`,
/// test bundles (`*.xctest`) are left out; so are files outside the project (dependencies checked
/// out in DerivedData) and in hidden folders, as for SwiftPM.
enum XccovReport {
    /// One of the project's files in the report, with its functions (what merging several reports
    /// needs, ``XccovMerge``).
    struct File: Sendable, Equatable {
        /// The report's absolute path, and the path relative to the project root.
        var absolutePath: String
        var coverage: FileCoverage
        /// Each function's name, first line and execution count.
        var functions: [Function]
    }

    struct Function: Sendable, Hashable {
        var name: String
        var line: Int
        var executionCount: Int
    }

    static func parse(reportJSON data: Data, projectRoot: String) throws(XcodeBackendError) -> CoverageSummary {
        CoverageSummary(files: try files(reportJSON: data, projectRoot: projectRoot).map(\.coverage))
    }

    /// The project's files of the report's non-test targets.
    static func files(reportJSON data: Data, projectRoot: String) throws(XcodeBackendError) -> [File] {
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .malformedReport(detail: error.localizedDescription)
        }
        guard let root = document as? [String: Any], let targets = root["targets"] as? [[String: Any]] else {
            throw .malformedReport(detail: "no \"targets\" array at the top level")
        }
        let physicalRoot = PhysicalRoot(projectRoot)
        var files: [File] = []
        for target in targets {
            guard let name = target["name"] as? String else {
                throw .malformedReport(detail: "a target has no \"name\"")
            }
            if isTestBundle(name) { continue }
            for file in target["files"] as? [[String: Any]] ?? [] {
                guard let path = file["path"] as? String, let relative = physicalRoot.relative(path) else { continue }
                if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") || $0 == "DerivedData" }) {
                    continue
                }
                let functions = (file["functions"] as? [[String: Any]] ?? []).map {
                    Function(
                        name: $0["name"] as? String ?? "", line: integer($0["lineNumber"]),
                        executionCount: integer($0["executionCount"]))
                }
                files.append(
                    File(
                        absolutePath: path,
                        coverage: FileCoverage(
                            path: relative, target: name,
                            lines: CoverageCount(
                                count: integer(file["executableLines"]), covered: integer(file["coveredLines"])),
                            functions: CoverageCount(
                                count: functions.count, covered: functions.filter { $0.executionCount > 0 }.count),
                            regions: CoverageCount(count: 0, covered: 0)),
                        functions: functions))
            }
        }
        return files
    }

    /// xccov names targets after their products: `App.app`, `Core.framework`, `AppTests.xctest`.
    static func isTestBundle(_ targetName: String) -> Bool {
        targetName.hasSuffix(".xctest")
    }

    /// JSONSerialization gives whole numbers as Int or as NSNumber-backed Double.
    private static func integer(_ value: Any?) -> Int {
        if let value = value as? Int { return value }
        if let value = value as? Double { return Int(value) }
        return 0
    }
}
