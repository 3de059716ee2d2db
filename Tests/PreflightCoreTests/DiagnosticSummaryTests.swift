import PreflightCore
import Testing

@Suite("DiagnosticSummary")
struct DiagnosticSummaryTests {
    @Test(
        "Wording: warnings, errors, notes; singular and plural; zero counts left out",
        arguments: [
            (0, 0, 0, 812, "no findings in 812 files"),
            (0, 0, 0, 1, "no findings in 1 file"),
            (0, 0, 0, 0, "no findings in 0 files"),
            (1, 3, 0, 812, "3 warnings, 1 error in 812 files"),
            (0, 1, 0, 1, "1 warning in 1 file"),
            (2, 0, 0, 5, "2 errors in 5 files"),
            (0, 0, 1, 5, "1 note in 5 files"),
            (1, 1, 1, 2, "1 warning, 1 error, 1 note in 2 files"),
            (10, 20, 30, 40, "20 warnings, 10 errors, 30 notes in 40 files"),
        ])
    func wording(errors: Int, warnings: Int, notes: Int, files: Int, expected: String) {
        let summary = DiagnosticSummary(errors: errors, warnings: warnings, notes: notes, filesScanned: files)
        #expect(summary.description == expected)
        #expect("\(summary)" == expected)
    }

    @Test("Counts a report's findings by severity")
    func counting() {
        let summary = DiagnosticSamples.report.summary
        #expect(summary == DiagnosticSummary(errors: 1, warnings: 1, notes: 1, filesScanned: 812))
        #expect(summary.total == 3)
        #expect(summary.description == "1 warning, 1 error, 1 note in 812 files")
        #expect(DiagnosticSamples.empty.summary.description == "no findings in 3 files")
        #expect(DiagnosticSamples.empty.summary.total == 0)
    }
}
