import Foundation

/// A moment written in UTC from the C library's calendar fields (`gmtime_r`): the run log's name
/// and the run record's start, without loading ICU's date formatting, which costs a push of a
/// verified tree milliseconds.
enum UTCTime {
    /// `20261128T101112`: year, month, day, `T`, hours, minutes, seconds (as `DateFormatter`'s
    /// `yyyyMMdd'T'HHmmss` in UTC).
    static func compact(_ date: Date) -> String {
        let (fields, _) = Self.fields(date)
        return pad(fields.tm_year + 1900, 4) + pad(fields.tm_mon + 1, 2) + pad(fields.tm_mday, 2) + "T"
            + pad(fields.tm_hour, 2) + pad(fields.tm_min, 2) + pad(fields.tm_sec, 2)
    }

    /// `2026-11-28T10:11:12.345Z`: ISO 8601 with milliseconds (as `ISO8601DateFormatter` with
    /// `.withInternetDateTime` and `.withFractionalSeconds` writes it).
    static func iso8601(_ date: Date) -> String {
        let (fields, milliseconds) = Self.fields(date)
        return pad(fields.tm_year + 1900, 4) + "-" + pad(fields.tm_mon + 1, 2) + "-" + pad(fields.tm_mday, 2) + "T"
            + pad(fields.tm_hour, 2) + ":" + pad(fields.tm_min, 2) + ":" + pad(fields.tm_sec, 2) + "."
            + pad(Int32(milliseconds), 3) + "Z"
    }

    /// The calendar fields of the whole second, and the milliseconds past it: from the date's
    /// milliseconds since 1970 rounded to the nearest, as Foundation's formatters round them (a date
    /// 0.4 ms before a second is written as that second, in both forms).
    private static func fields(_ date: Date) -> (tm, Int) {
        let milliseconds = Int64(((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000).rounded())
        var seconds = time_t(milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000)
        var fields = tm()
        gmtime_r(&seconds, &fields)
        return (fields, Int(milliseconds - Int64(seconds) * 1000))
    }

    private static func pad(_ value: Int32, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
