import Testing
import Foundation

struct DocumentTests {

    struct FixtureError: LocalizedError {
        var errorDescription: String? { "Missing fixture file." }
    }
}
