import Foundation
import Testing

@testable import PreflightCore
@testable import TodoScanKit

/// "Today" for dated tags is a Gregorian day whatever calendar the user's system is set to.
@Suite("Calendar days: today in any calendar")
struct CalendarDayTests {
    /// 2026-11-22 12:00 UTC.
    static let noon = Date(timeIntervalSince1970: 1_795_348_800)

    static let calendars: [Calendar.Identifier] = [
        .gregorian, .japanese, .buddhist, .hebrew, .islamic, .islamicCivil, .islamicUmmAlQura, .persian, .chinese,
    ]

    /// A user's calendar of this kind, in UTC.
    static func calendar(_ identifier: Calendar.Identifier, timeZone: String = "UTC") throws -> Calendar {
        var calendar = Calendar(identifier: identifier)
        calendar.timeZone = try #require(TimeZone(identifier: timeZone))
        return calendar
    }

    @Test("Today is the same Gregorian day in every calendar", arguments: calendars)
    func sameDayInEveryCalendar(identifier: Calendar.Identifier) throws {
        let today = CalendarDay.today(at: Self.noon, calendar: try Self.calendar(identifier))
        #expect(today == CalendarDay(year: 2026, month: 11, day: 22))
        #expect(today.description == "2026-11-22")
    }

    @Test("The calendar's own fields would be wrong: why Calendar.current was not usable")
    func calendarFieldsDiffer() throws {
        let fields = { (identifier: Calendar.Identifier) throws -> DateComponents in
            try Self.calendar(identifier).dateComponents([.year, .month, .day], from: Self.noon)
        }
        #expect(try fields(.japanese).year == 8)  // Reiwa 8: no TODO would ever expire
        #expect(try fields(.buddhist).year == 2569)  // every TODO would have expired
        #expect(try fields(.gregorian).year == 2026)
    }

    @Test("Expiry verdicts are the same in every calendar", arguments: calendars)
    func sameVerdicts(identifier: Calendar.Identifier) throws {
        var options = TodoScanOptions()
        options.policies.checksExpiry = true
        options.today = CalendarDay.today(at: Self.noon, calendar: try Self.calendar(identifier))
        let source = """
            // TODO(2020-01-01): long expired
            // TODO(2026-11-22): today
            // TODO(2026-11-30): soon
            // TODO(2027-06-01): later
            """
        let messages = TodoScanner().occurrences(in: source, language: .swift).flatMap {
            TodoScanRun.diagnostics(for: $0, at: "a.swift", options: options)
        }.map { "\($0.severity.rawValue): \($0.message)" }
        #expect(
            messages == [
                "error: TODO(2020-01-01): long expired (expired on 2020-01-01)",
                "warning: TODO(2026-11-22): today (expires today)",
                "warning: TODO(2026-11-30): soon (expires on 2026-11-30, in 8 days)",
                "warning: TODO(2027-06-01): later",
            ])
    }

    @Test("The user's time zone decides the day: a deadline passes at local midnight")
    func timeZoneDecides() throws {
        // 2026-11-22 23:30 UTC is already the 23rd in Tokyo and still the 22nd in Los Angeles.
        let late = Self.noon.addingTimeInterval(11.5 * 3_600)
        #expect(CalendarDay.today(at: late, calendar: try Self.calendar(.japanese, timeZone: "Asia/Tokyo")).day == 23)
        #expect(CalendarDay.today(at: late, calendar: try Self.calendar(.hebrew, timeZone: "Asia/Jerusalem")).day == 23)
        #expect(
            CalendarDay.today(at: late, calendar: try Self.calendar(.islamic, timeZone: "America/Los_Angeles")).day
                == 22)
        #expect(CalendarDay.today(at: late, calendar: try Self.calendar(.buddhist)).day == 22)
    }

    @Test("Days from dates agree with Foundation's Gregorian calendar, before 1970, across leap days and far ahead")
    func agreesWithGregorian() throws {
        let gregorian = try Self.calendar(.gregorian)
        // Every 9 days and 7 hours from 1600 to 2400, so every month, weekday and leap rule shows up.
        var seconds = -11_676_096_000.0
        while seconds < 13_569_465_600 {
            let date = Date(timeIntervalSince1970: seconds)
            let parts = gregorian.dateComponents([.year, .month, .day], from: date)
            let day = CalendarDay(date, timeZone: gregorian.timeZone)
            #expect([day.year, day.month, day.day] == [parts.year, parts.month, parts.day], "\(date)")
            seconds += 9 * 86_400 + 7 * 3_600
        }
    }
}
