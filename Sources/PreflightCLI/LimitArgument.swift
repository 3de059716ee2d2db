import Foundation
import PreflightCore

/// A limit flag (`--max-file-size`, `--parse-time-limit`) whose value cannot be used.
package struct LimitArgumentError: LocalizedError, Sendable, Equatable {
    var flag: String
    var value: String
    var detail: String

    package init(flag: String, value: String, detail: String) {
        self.flag = flag
        self.value = value
        self.detail = detail
    }

    package var errorDescription: String? { "Invalid value '\(value)' for \(flag)." }
    package var failureReason: String? { detail }
    package var recoverySuggestion: String? { "Give a positive value, or leave the flag out to use the default." }

    /// Checks a `--max-file-size` value.
    package static func checkMaximumFileSize(_ value: Int?) throws(LimitArgumentError) {
        guard let value, let problem = SkippedFiles.problem(withLimit: value) else { return }
        throw LimitArgumentError(flag: "--max-file-size", value: String(value), detail: problem)
    }
}
