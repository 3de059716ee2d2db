import Foundation
import PreflightCore
import Testing

private enum SampleError: LocalizedError {
    case broken

    var errorDescription: String? { "The thing broke." }
    var failureReason: String? { "A part wore out.\nTwice." }
    var recoverySuggestion: String? { "Replace the part." }
}

private struct PlainError: Error {}

@Suite("ErrorReport")
struct ErrorReportTests {
    @Test("A LocalizedError prints what, why and what to do")
    func localized() {
        let text = ErrorReport.render(SampleError.broken, tool: "todoscan")
        #expect(text == "todoscan: error: The thing broke.\n  A part wore out.\n  Twice.\n  Replace the part.\n")
    }

    @Test("Any other error still prints something readable")
    func plain() {
        #expect(ErrorReport.render(PlainError(), tool: "prepush").hasPrefix("prepush: error: PlainError"))
    }

    @Test("Exit statuses follow the suite's convention")
    func exitStatuses() {
        #expect(ToolExitStatus.clean.rawValue == 0)
        #expect(ToolExitStatus.findings.rawValue == 1)
        #expect(ToolExitStatus.usageOrInputError.rawValue == 2)
        #expect(ToolExitStatus.interrupted.rawValue == 130)
    }
}
