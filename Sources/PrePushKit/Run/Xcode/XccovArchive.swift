import Foundation

/// Reads `xcrun xccov view --archive --json BUNDLE` (every file of the bundle; `--file PATH`
/// gives the same shape for one), execution counts per line, into the ``LineCoverage`` the
/// SwiftPM backend gets from llvm-cov's lcov, so both backends measure added lines with the same
/// ``DiffCoverage``.
///
/// The JSON is `{"/abs/path/File.swift": [{line, isExecutable, executionCount, subranges}]}`;
/// `executionCount` is absent (or `null`) on lines that are not executable, which are left out, as
/// lcov leaves them out.
enum XccovArchive {
    static func parse(_ data: Data) throws(XcodeBackendError) -> LineCoverage {
        let command = "xccov view --archive --json"
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .malformedOutput(command: command, detail: error.localizedDescription)
        }
        guard let files = document as? [String: Any] else {
            throw .malformedOutput(command: command, detail: "not a JSON object of files")
        }
        var counts: [String: [Int: Int]] = [:]
        for (path, value) in files {
            guard let lines = value as? [[String: Any]] else {
                throw .malformedOutput(command: command, detail: "the lines of '\(path)' are not an array")
            }
            var fileCounts: [Int: Int] = [:]
            for line in lines where line["isExecutable"] as? Bool == true {
                guard let number = integer(line["line"]) else { continue }
                fileCounts[number] = integer(line["executionCount"]) ?? 0
            }
            counts[path] = fileCounts
        }
        return LineCoverage(counts: counts)
    }

    /// JSONSerialization gives whole numbers as Int or as NSNumber-backed Double.
    private static func integer(_ value: Any?) -> Int? {
        if let value = value as? Int { return value }
        if let value = value as? Double { return Int(value) }
        return nil
    }
}
