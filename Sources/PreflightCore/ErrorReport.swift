import Foundation

/// Turns any error into the text a tool prints on standard error: what happened, why, and what to
/// do, each on its own line, so a `LocalizedError` is never shown as "The operation could not be
/// completed".
package enum ErrorReport {
    /// `tool: error: description`, then the failure reason and the recovery suggestion indented.
    package static func render(_ error: any Error, tool: String) -> String {
        let localized = error as? any LocalizedError
        let description = localized?.errorDescription ?? String(describing: error)
        var lines = ["\(tool): error: \(description)"]
        for part in [localized?.failureReason, localized?.recoverySuggestion].compactMap({ $0 }) where !part.isEmpty {
            lines += part.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
