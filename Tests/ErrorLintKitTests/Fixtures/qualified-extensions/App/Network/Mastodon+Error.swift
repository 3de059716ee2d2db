import Foundation
import Mastodon

extension Mastodon.API.Error: LocalizedError {
    public var errorDescription: String? { "HTTP \(code)" }
}
