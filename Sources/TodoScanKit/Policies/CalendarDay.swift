import Foundation

/// A date without a time or time zone, as written in tags: `2026-12-31` or `12/31/2026`.
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.days(inMonth: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` (ISO 8601) or `MM/DD/YYYY` (SwiftLint's expiring_todo).
    public init?(parsing text: some StringProtocol) {
        let iso = text.split(separator: "-", omittingEmptySubsequences: false)
        let us = text.split(separator: "/", omittingEmptySubsequences: false)
        if iso.count == 3, iso[0].count == 4, iso[1].count == 2, iso[2].count == 2,
            let year = Int(iso[0]), let month = Int(iso[1]), let day = Int(iso[2])
        {
            self.init(year: year, month: month, day: day)
        } else if us.count == 3, us[0].count == 2, us[1].count == 2, us[2].count == 4,
            let month = Int(us[0]), let day = Int(us[1]), let year = Int(us[2])
        {
            self.init(year: year, month: month, day: day)
        } else {
            return nil
        }
    }

    /// Today in the current time zone.
    public static func today() -> CalendarDay {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return CalendarDay(year: parts.year!, month: parts.month!, day: parts.day!)!
    }

    /// Days from `self` to `other` (negative when `other` is earlier).
    public func days(until other: CalendarDay) -> Int {
        other.ordinal - ordinal
    }

    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.ordinal < rhs.ordinal }

    /// Days since a fixed epoch (proleptic Gregorian), for differences.
    private var ordinal: Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let monthIndex = (month + 9) % 12
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra
    }

    private static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
