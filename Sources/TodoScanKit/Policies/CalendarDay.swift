import Foundation

/// A date without a time or time zone, as written in tags: `2026-12-31` or `12/31/2026`. Always a
/// day of the (proleptic) Gregorian calendar.
struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year of the proleptic Gregorian calendar.
    var year: Int
    /// The month, 1–12.
    var month: Int
    /// The day of the month, 1–31.
    var day: Int

    /// The day with these Gregorian fields, or `nil` when there is no such day (`2023-02-29`).
    init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.days(inMonth: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` (ISO 8601) or `MM/DD/YYYY` (SwiftLint's expiring_todo).
    init?(parsing text: some StringProtocol) {
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

    /// The Gregorian day `date` falls on in `timeZone`.
    ///
    /// Tags are written in Gregorian dates (ISO 8601), whatever calendar the system is set to, so
    /// the day is computed in the proleptic Gregorian calendar itself, never with a `Calendar`
    /// whose fields (a Japanese era's year 8, a Buddhist year 2569, a Hebrew thirteenth month)
    /// would mean something else.
    init(_ date: Date, timeZone: TimeZone) {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        self.init(ordinal: Self.unixEpochOrdinal + Int((local / 86_400).rounded(.down)))
    }

    /// Today: the Gregorian day it is now in the time zone of `calendar` (the user's calendar).
    ///
    /// Only the calendar's time zone is used, so a deadline passes at the user's midnight; its
    /// kind (Japanese, Buddhist, Hebrew, Islamic, …) and locale change nothing.
    static func today(at now: Date = Date(), calendar: Calendar = .current) -> CalendarDay {
        CalendarDay(now, timeZone: calendar.timeZone)
    }

    /// Days from `self` to `other` (negative when `other` is earlier).
    func days(until other: CalendarDay) -> Int {
        other.ordinal - ordinal
    }

    var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.ordinal < rhs.ordinal }

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

    /// The ordinal of 1970-01-01, the Unix epoch.
    private static let unixEpochOrdinal = 719_468

    /// The day with this ordinal (the inverse of ``ordinal``).
    private init(ordinal: Int) {
        let era = (ordinal >= 0 ? ordinal : ordinal - 146_096) / 146_097
        let dayOfEra = ordinal - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    private static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
