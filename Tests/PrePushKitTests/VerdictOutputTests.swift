import Foundation
import ProcessKit
import Testing

@testable import PrePushKit

/// The default output (issue 38, item 2): the verdict on screen, everything in the run's log.
@Suite("prepush's verdict output and run log")
struct VerdictOutputTests {
    @Test("Verbose with --verbose, PREPUSH_VERBOSE or in CI; a live status line only on a terminal with colour")
    func modes() {
        func style(
            verbose: Bool = false, quiet: Bool = false, _ environment: [String: String] = [:], terminal: Bool = true
        ) -> OutputStyle {
            OutputStyle.resolve(
                noColor: false, ci: nil, quiet: quiet, verbose: verbose, environment: environment,
                outputIsTerminal: terminal)
        }
        #expect(!style().isVerbose && style().showsLiveStatus)
        #expect(style(verbose: true).isVerbose && !style(verbose: true).showsLiveStatus)
        #expect(style(["PREPUSH_VERBOSE": "1"]).isVerbose)
        #expect(!style(["PREPUSH_VERBOSE": "0"]).isVerbose)
        #expect(style(["CI": "true"]).isVerbose && !style(["CI": "true"]).showsLiveStatus)
        #expect(!style(terminal: false).showsLiveStatus && !style(terminal: false).isVerbose)
        #expect(!style(["NO_COLOR": "1"]).showsLiveStatus)
        #expect(!style(verbose: true, quiet: true).streams)
    }

    @Test("By default a step's output and prepush's notes go to the log only; the table, warnings and verdict to both")
    func logAndScreen() throws {
        let folder = NSTemporaryDirectory() + "verdict-output-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let screen = Locked("")
        let output = RunOutput(style: OutputStyle(isVerbose: false)) { text in screen.withLock { $0 += text } }
        output.message("prepush: package Core\n")
        output.keepLog(in: folder)
        output.beginStep("==> build: swift build")
        output.stepOutput("Compiling Core.swift\n")
        output.endStep(passed: true, line: "<== build: passed in 1.0 s")
        output.summary("step table\n")
        output.warning("dirty")
        output.verdict("prepush: passed (build) in 1.0 s", passed: true)
        #expect(screen.current == "step table\nprepush: warning: dirty\nprepush: passed (build) in 1.0 s\n")
        let path = try #require(output.logPath)
        #expect(path.hasPrefix(folder + "/prepush-") && path.hasSuffix(".log"))
        let log = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            log
                == "prepush: package Core\n==> build: swift build\nCompiling Core.swift\n<== build: passed in 1.0 s\n"
                + "step table\nprepush: warning: dirty\nprepush: passed (build) in 1.0 s\n")
    }

    @Test("The newest logs are kept, the older removed")
    func rotation() throws {
        let folder = NSTemporaryDirectory() + "run-log-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for second in 0..<(RunLog.kept + 3) {
            _ = try RunLog(folder: folder, now: Date(timeIntervalSince1970: Double(second)), pid: 1)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names.count == RunLog.kept)
        #expect(names.first == "prepush-19700101T000003-1.log")
    }

    @Test("What failed: a failing test's name, file:line and message; compiler errors; the first 10 and a count")
    func failureDetails() {
        var test = StepOutcome(name: "test", status: .failed, seconds: 1, figure: "exit code 1")
        var result = TestCaseResult(suite: "CalcTests", name: "adds()", status: .failed)
        result.failures = [TestIssue(message: "Expectation failed", file: "Tests/CalcTests/CalcTests.swift", line: 4)]
        test.testResults = [result, TestCaseResult(suite: "CalcTests", name: "other()", status: .passed)]
        #expect(
            FailureDetails.lines(for: test) == [
                "CalcTests/adds(): Tests/CalcTests/CalcTests.swift:4: Expectation failed"
            ])
        let errors = (1...12).map { "/p/Sources/A.swift:\($0):1: error: bad \($0)" }
        let lines = FailureDetails.ofCommand(output: ["Compiling A.swift"] + errors + [errors[0]], errors: [])
        #expect(lines.count == 11 && lines.first == errors[0] && lines.last == "… and 2 more compiler errors")
        #expect(FailureDetails.ofCommand(output: ["a", "", "b"], errors: ["c"]) == ["a", "b", "c"])
        #expect(!FailureDetails.isCompilerError("note: error: not a location"))
    }
}
