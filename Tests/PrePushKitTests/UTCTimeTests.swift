import Foundation
import Testing

@testable import PrePushKit

/// ``UTCTime`` writes what Foundation's date formatters wrote in its place.
@Suite struct UTCTimeTests {
    @Test func sameTextAsFoundationsFormatters() {
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let compact = DateFormatter()
        compact.locale = Locale(identifier: "en_US_POSIX")
        compact.timeZone = TimeZone(identifier: "UTC")
        compact.dateFormat = "yyyyMMdd'T'HHmmss"
        let seconds: [TimeInterval] = [
            0, 0.001, 0.5, 951_782_400, 946_684_799.999, 1_000_000_000.25, 1_795_859_482.123,
            1_795_859_482.9994, 1_795_859_482.2268, 1_795_859_482.2262, 1_795_859_482.9996, 1_795_859_482.0004,
            1_795_859_482.0005, 1_795_859_482.9995, 946_684_799.9996, 4_102_444_800, Date().timeIntervalSince1970,
        ]
        for second in seconds {
            let date = Date(timeIntervalSince1970: second)
            #expect(UTCTime.iso8601(date) == iso.string(from: date), "\(second)")
            #expect(UTCTime.compact(date) == compact.string(from: date), "\(second)")
        }
    }
}
