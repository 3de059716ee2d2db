import Foundation

enum API {
    struct Error: Swift.Error {}
    struct Failure: Swift.Error {}
    struct Timeout: Swift.Error {}
}

extension API.Error: LocalizedError {}
extension API.Failure: LocalizedError {}
