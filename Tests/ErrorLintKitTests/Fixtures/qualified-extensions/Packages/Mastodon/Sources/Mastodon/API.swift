import Foundation

public enum API {}

extension API {
    public struct Error: Swift.Error, Decodable {
        public let code: Int
        public let message: String?
    }
}
