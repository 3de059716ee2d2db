import Foundation

struct SyntaxError: LocalizedError {
    var errorDescription: String? { "The syntax is invalid." }
}
