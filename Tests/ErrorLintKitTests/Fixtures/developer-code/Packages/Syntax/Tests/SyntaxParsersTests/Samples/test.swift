import Foundation

enum AppError: Error, LocalizedError {
    case notFound(id: Int)
    case validation(field: String, message: String)
    case network(underlying: any Error)

    var errorDescription: String? {
        switch self {
            case .notFound(let id):
                "Item \(id) not found"
            case .validation(let field, let message):
                "\(field): \(message)"
            case .network(let underlying):
                "Network error: \(underlying.localizedDescription)"
        }
    }
}
