import Foundation

enum MigrationError: LocalizedError {
    case invalidFile(String)

    var errorDescription: String? {
        switch self {
            case .invalidFile(let name): "\(name) is not a syntax definition."
        }
    }
}
