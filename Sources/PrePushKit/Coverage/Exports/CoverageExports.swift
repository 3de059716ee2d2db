import Foundation
import PreflightCore

/// Writes the coverage exports a run asked for (`--coverage-report`, `coverageReports`).
package enum CoverageExports {
    /// The text of `report` in `format`. Paths in it are from `repositoryRoot` (Cobertura's
    /// `<source>`); `minimumDiffCoverage` goes into the JSON's diff coverage.
    package static func render(
        _ format: CoverageExportFormat, _ report: CoverageReport, repositoryRoot: String,
        minimumDiffCoverage: Double? = nil, now: Date = Date()
    ) -> Data {
        switch format {
        case .lcov:
            return Data(LcovExport.render(report).utf8)
        case .cobertura:
            return Data(
                CoberturaExport.render(
                    report, sourceRoot: repositoryRoot, timestamp: now, version: PreflightVersion.current
                ).utf8)
        case .json:
            return CoverageDocument(report, minimumDiffCoverage: minimumDiffCoverage).encoded() + Data("\n".utf8)
        case .html:
            let title = URL(fileURLWithPath: repositoryRoot).lastPathComponent
            return Data(
                CoverageHTMLExport.render(report, title: title) { package, path in
                    try? String(contentsOfFile: package.root + "/" + path, encoding: .utf8)
                }.utf8)
        }
    }

    /// Writes each request's file (its folder made when missing); a relative path is taken from
    /// `repositoryRoot`. Returns the paths written.
    @discardableResult
    package static func write(
        _ requests: [CoverageExportRequest], _ report: CoverageReport, repositoryRoot: String,
        minimumDiffCoverage: Double? = nil, now: Date = Date()
    ) throws(CoverageExportError) -> [String] {
        var written: [String] = []
        for request in requests {
            let path = StandardPath.absolute(request.path, relativeTo: repositoryRoot)
            try ReportFile.write(
                render(
                    request.format, report, repositoryRoot: repositoryRoot, minimumDiffCoverage: minimumDiffCoverage,
                    now: now), to: path)
            written.append(path)
        }
        return written
    }
}

/// A report file written whole (to a temporary file beside it, then renamed), its folder made.
enum ReportFile {
    static func write(_ data: Data, to path: String) throws(CoverageExportError) {
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .unwritable(path: path, reason: error.localizedDescription)
        }
    }
}
