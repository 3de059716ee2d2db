import Foundation
import PreflightCore

/// Writes the coverage exports a run asked for (`--coverage-report`, `coverageReports`).
enum CoverageExports {
    /// The text of `report` in `format`. Paths in it are from `repositoryRoot` (Cobertura's
    /// `<source>`); `minimumDiffCoverage` goes into the JSON's diff coverage.
    static func render(
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
        case .sonar:
            return Data(SonarExport.render(report).utf8)
        case .html:
            let title = URL(fileURLWithPath: repositoryRoot).lastPathComponent
            return Data(
                CoverageHTMLExport.render(report, title: title) { package, path in
                    try? String(contentsOfFile: package.root + "/" + path, encoding: .utf8)
                }.utf8)
        }
    }

    /// Writes each request's file through `destination` (its folder made when missing; a relative
    /// path is taken from the repository's root); `fromCommandLine` tells which requests a flag
    /// made. Returns the paths written.
    @discardableResult
    static func write(
        _ requests: [CoverageExportRequest], _ report: CoverageReport, destination: ReportDestination,
        fromCommandLine: (CoverageExportRequest) -> Bool = { _ in false }, minimumDiffCoverage: Double? = nil,
        now: Date = Date()
    ) throws(ReportFileError) -> [String] {
        var written: [String] = []
        for request in requests {
            let data = render(
                request.format, report, repositoryRoot: destination.root, minimumDiffCoverage: minimumDiffCoverage,
                now: now)
            written.append(try destination.write(data, to: request.path, fromCommandLine: fromCommandLine(request)))
        }
        return written
    }
}
