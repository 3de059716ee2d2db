import Foundation

/// A coverage export's format.
enum CoverageExportFormat: String, Sendable, Hashable, CaseIterable {
    /// lcov's tracefile (`SF:`, `DA:`, `LF:`, `LH:`), for Codecov and Coveralls.
    case lcov
    /// Cobertura XML (coverage-04.dtd), for GitLab, Jenkins and Azure Pipelines.
    case cobertura
    /// Preflight's own JSON (docs/coverage-json.md).
    case json
    /// One self-contained HTML page.
    case html
    /// SonarQube's generic coverage XML (`sonar.coverageReportPaths`).
    case sonar

    /// Whether it shows counts per line (then the coverage step reads them: one more llvm-cov
    /// export, or one `xccov view --archive --json` of the whole bundle).
    var needsLines: Bool { self != .json }
}

/// One `--coverage-report FORMAT=PATH`: which format goes where. A relative path is relative to
/// the repository's root.
package struct CoverageExportRequest: Sendable, Hashable {
    var format: CoverageExportFormat
    var path: String

    /// Reads `FORMAT=PATH` (`lcov=coverage/lcov.info`).
    package static func parse(_ argument: String) throws(CoverageExportError) -> CoverageExportRequest {
        guard let equals = argument.firstIndex(of: "=") else { throw .malformed(argument) }
        let name = String(argument[..<equals])
        let path = String(argument[argument.index(after: equals)...])
        guard let format = CoverageExportFormat(rawValue: name) else { throw .unknownFormat(name) }
        guard !path.isEmpty else { throw .malformed(argument) }
        return CoverageExportRequest(format: format, path: path)
    }

    /// `requests` with one entry per format: a later one replaces an earlier one of its format.
    static func merged(_ requests: [CoverageExportRequest]) -> [CoverageExportRequest] {
        var result: [CoverageExportRequest] = []
        for request in requests {
            result.removeAll { $0.format == request.format }
            result.append(request)
        }
        return result
    }
}

/// A coverage export that cannot be asked for or written.
package enum CoverageExportError: LocalizedError, Sendable, Equatable {
    case malformed(String)
    case unknownFormat(String)

    package var errorDescription: String? {
        switch self {
        case .malformed(let argument): "'\(argument)' is not FORMAT=PATH."
        case .unknownFormat(let name): "'\(name)' is not a coverage report format."
        }
    }

    package var failureReason: String? {
        switch self {
        case .malformed: "A report is asked for as its format, an equals sign and the file to write."
        case .unknownFormat:
            "The formats are \(CoverageExportFormat.allCases.map(\.rawValue).joined(separator: ", "))."
        }
    }

    package var recoverySuggestion: String? {
        switch self {
        case .malformed, .unknownFormat: "Write it like lcov=coverage/lcov.info or html=coverage/index.html."
        }
    }
}
