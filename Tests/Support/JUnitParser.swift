import Foundation

/// junitparser (PyPI), a real consumer of JUnit XML, through the project's own
/// `scripts/junit-parse.sh` (which installs it on first use): what it read from a report.
package enum JUnitParser {
    /// What the script's failure said.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    private static let script =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/scripts/junit-parse.sh"

    /// The report at `path` as junitparser read it (`tests`, `failures`, `suites` with their
    /// `cases`). Where python3, venv or PyPI is not available it throws, saying so: a cross-check
    /// that could not run must not pass as one that did.
    package static func read(_ path: String) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = [path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 3 {
            // A cross-check that could not run is no pass: the test fails, saying why.
            throw Failure(
                description: "junitparser is not available, so the report could not be read by it: \(message)")
        }
        guard process.terminationStatus == 0 else { throw Failure(description: message) }
        guard let parsed = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(
                description: "junitparser's answer is not a JSON object: \(String(decoding: data, as: UTF8.self))")
        }
        return parsed
    }

    /// Every test case of every suite of what ``read(_:)`` returned.
    package static func cases(_ parsed: [String: Any]) -> [[String: Any]] {
        (parsed["suites"] as? [[String: Any]] ?? []).flatMap { $0["cases"] as? [[String: Any]] ?? [] }
    }
}
