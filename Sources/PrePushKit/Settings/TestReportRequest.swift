import Foundation

/// `--test-report junit=PATH` or `"testReport": {"junit": "PATH"}`: where the run's JUnit XML goes.
/// A relative path is from the repository's root; only a path given on the command line may lie
/// outside the repository (``ReportDestination``).
package struct TestReportRequest: Sendable, Hashable {
    /// The file to write.
    var path: String
    /// Whether a flag gave it (then it may be written outside the repository).
    var fromCommandLine: Bool

    /// The one format: JUnit XML.
    static let format = "junit"

    /// Reads the flag's `junit=PATH`.
    package static func parse(_ argument: String) throws(TestReportError) -> TestReportRequest {
        guard let equals = argument.firstIndex(of: "="), argument[..<equals] == Self.format,
            argument.index(after: equals) < argument.endIndex
        else { throw .malformed(argument) }
        return TestReportRequest(path: String(argument[argument.index(after: equals)...]), fromCommandLine: true)
    }

    /// How `.preflight.json` spells it.
    var configurationValue: [String: String] { [Self.format: path] }
}

/// A test report asked for in a form prepush does not know.
package enum TestReportError: LocalizedError, Sendable, Equatable {
    case malformed(String)

    package var errorDescription: String? {
        switch self {
        case .malformed(let argument): "'\(argument)' is not junit=PATH."
        }
    }

    package var failureReason: String? {
        switch self {
        case .malformed: "The test report's one format is JUnit XML, asked for as junit= and the file to write."
        }
    }

    package var recoverySuggestion: String? {
        switch self {
        case .malformed: "Write it like junit=.build/reports/junit.xml."
        }
    }
}
