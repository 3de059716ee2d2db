import Foundation

extension TimeoutError: LocalizedError {
    var errorDescription: String? { String(localized: "The server did not answer.") }
}
