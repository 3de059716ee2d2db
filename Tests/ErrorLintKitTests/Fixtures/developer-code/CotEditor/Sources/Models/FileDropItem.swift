import Foundation

struct FileDropItem {

    enum Error: Swift.Error, LocalizedError {
        case noScript

        var errorDescription: String? { "No script found." }
    }
}
