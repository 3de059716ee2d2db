import Foundation
import PreflightCore

/// The coverage of one test target's passing run, kept as a folder: xccov's report
/// (`report.json`, `xccov view --report --json`), its archive (`archive.json`, `--archive
/// --json`) and the folder the run's paths start with (`root`). A pass recorded at a key
/// (``TestRecords``) is such a folder; a later check reads it in place of running the target, with
/// its paths moved to the later check's folder (prepush's worktree or the work tree), and merges it
/// with the fresh runs' line by line (``XccovMerge``).
enum XcodeRecordedCoverage {
    /// Reads `bundle`'s report and archive with xccov into a new folder `folder`.
    static func save(bundle: String, into folder: String, in context: StepContext) async throws {
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let report = try await XcodeTools.capture(XcodeBuildPlan.coverageReport(resultBundle: bundle), in: context)
        let archive = try await XcodeTools.capture(XcodeBuildPlan.lineCoverage(resultBundle: bundle), in: context)
        try report.write(to: URL(fileURLWithPath: folder + "/report.json"))
        try archive.write(to: URL(fileURLWithPath: folder + "/archive.json"))
        try (context.packageRoot + "\n").write(toFile: folder + "/root", atomically: true, encoding: .utf8)
    }

    /// Whether `path` is such a folder (a package's recorded pass is a profile file).
    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The folder's coverage, its paths under `root` (the check's unit folder).
    static func load(_ folder: String, root: String) throws -> XccovMerge.Bundle {
        guard let report = FileManager.default.contents(atPath: folder + "/report.json"),
            let archive = FileManager.default.contents(atPath: folder + "/archive.json")
        else {
            throw XcodeBackendError.malformedOutput(
                command: "xccov view", detail: "the recorded coverage in \(folder) is incomplete")
        }
        let recordedRoot =
            (try? String(contentsOfFile: folder + "/root", encoding: .utf8)).map {
                String($0.prefix { $0 != "\n" })
            } ?? root
        var files = try XccovReport.files(reportJSON: report, projectRoot: recordedRoot)
        var lines = try XccovArchive.parse(archive)
        guard recordedRoot != root else { return XccovMerge.Bundle(report: files, archive: lines) }
        let physical = PhysicalRoot(recordedRoot)
        for index in files.indices {
            files[index].absolutePath = root + "/" + files[index].coverage.path
        }
        var moved: [String: [Int: Int]] = [:]
        for (path, counts) in lines.counts {
            let target = physical.relative(path).map { root + "/" + $0 } ?? path
            moved[target, default: [:]].merge(counts, uniquingKeysWith: +)
        }
        lines = LineCoverage(counts: moved)
        return XccovMerge.Bundle(report: files, archive: lines)
    }
}
