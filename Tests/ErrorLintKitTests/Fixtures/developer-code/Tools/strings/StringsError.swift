import Foundation

enum StringsError: LocalizedError {
    case unreadable

    var errorDescription: String? { "The strings file can't be read." }
}
