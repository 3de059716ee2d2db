import XCTest

final class UITests: XCTestCase {

    enum LaunchError: LocalizedError {
        case timedOut

        var errorDescription: String? { "The app did not launch in time." }
    }
}
