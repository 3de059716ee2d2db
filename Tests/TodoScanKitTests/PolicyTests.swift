import Testing

@testable import PreflightCore
@testable import TodoScanKit

@Suite("Policies: owner, issue reference, deadlines")
struct PolicyTests {
    private func diagnostics(_ source: String, _ configure: (inout TodoScanOptions) -> Void) -> [String] {
        var options = TodoScanOptions()
        options.today = CalendarDay(year: 2026, month: 11, day: 22)!
        configure(&options)
        return TodoScanner(syntax: options.syntax).occurrences(in: source, language: .swift).flatMap {
            TodoScanRun.diagnostics(for: $0, at: "a.swift", options: options)
        }.map { "\($0.location.line): \($0.severity.rawValue): \($0.message) [\($0.ruleID)]" }
    }

    @Test("Policies are off by default")
    func offByDefault() {
        #expect(diagnostics("// TODO(2020-01-01): old", { _ in }) == ["1: warning: TODO(2020-01-01): old [todo]"])
    }

    @Test("Owner required: a name in the parentheses counts, an issue or a date does not")
    func owner() {
        let found = diagnostics(
            "// TODO(alice): a\n// TODO(@bob, #3): b\n// TODO(#12): c\n// TODO(2030-01-01): d\n// TODO: e",
            { $0.policies.requiresOwner = true })
        #expect(found.filter { $0.hasSuffix("[missing-owner]") }.map { $0.prefix(2) } == ["3:", "4:", "5:"])
    }

    @Test("Issue required: #123, ABC-123 or a URL, in the parentheses or the text")
    func issue() {
        let found = diagnostics(
            """
            // TODO(#12): a
            // TODO(alice): see ABC-123.
            // TODO: https://example.com/issues/9
            // TODO(alice): no reference
            // TODO: abc-123 lowercase is not a key
            // TODO: # alone
            """, { $0.policies.requiresIssueReference = true })
        #expect(found.filter { $0.hasSuffix("[missing-issue]") }.map { $0.prefix(2) } == ["4:", "5:", "6:"])
    }

    @Test("Deadlines: error after the date, warning within the window, nothing before it")
    func expiry() {
        let found = diagnostics(
            """
            // TODO(2026-11-21): yesterday
            // TODO(2026-11-22): today
            // TODO: [2026-11-25] in three days
            // TODO: [12/31/2026] later
            // NOTE-ish TODO(alice, 2026-11-23): tomorrow
            """,
            {
                $0.policies.checksExpiry = true
                $0.policies.expiryWarningDays = 7
            })
        #expect(
            found == [
                "1: error: TODO(2026-11-21): yesterday (expired on 2026-11-21) [todo]",
                "2: warning: TODO(2026-11-22): today (expires today) [todo]",
                "3: warning: TODO: [2026-11-25] in three days (expires on 2026-11-25, in 3 days) [todo]",
                "4: warning: TODO: [12/31/2026] later [todo]",
                "5: warning: TODO(alice, 2026-11-23): tomorrow (expires on 2026-11-23, in 1 day) [todo]",
            ])
    }

    @Test("The fingerprint ignores the deadline note, which changes daily")
    func fingerprintIsStable() {
        var options = TodoScanOptions()
        options.policies.checksExpiry = true
        let occurrence = TodoScanner().occurrences(in: "// TODO(2026-11-21): x", language: .swift)[0]
        options.today = CalendarDay(year: 2026, month: 11, day: 22)!
        let first = TodoScanRun.diagnostics(for: occurrence, at: "a.swift", options: options)[0]
        options.today = CalendarDay(year: 2026, month: 11, day: 15)!
        let second = TodoScanRun.diagnostics(for: occurrence, at: "a.swift", options: options)[0]
        #expect(first.message != second.message)
        #expect(first.fingerprint == second.fingerprint)
    }

    @Test("Calendar days: parsing, validation, differences across months and leap years")
    func calendarDays() {
        #expect(CalendarDay(parsing: "2024-02-29") != nil)
        #expect(CalendarDay(parsing: "2023-02-29") == nil)
        #expect(CalendarDay(parsing: "2026-13-01") == nil)
        #expect(CalendarDay(parsing: "12/31/2026")?.description == "2026-12-31")
        #expect(CalendarDay(parsing: "2026-1-1") == nil)
        let start = CalendarDay(year: 2024, month: 2, day: 28)!
        #expect(start.days(until: CalendarDay(year: 2024, month: 3, day: 1)!) == 2)
        #expect(start.days(until: CalendarDay(year: 2025, month: 2, day: 28)!) == 366)
        #expect(
            CalendarDay(year: 2026, month: 1, day: 1)!.days(until: CalendarDay(year: 2025, month: 12, day: 31)!) == -1)
    }
}
