import Foundation
import Testing

@testable import PrePushKit

@Suite("prepush output modes")
struct OutputStyleTests {
    @Test("Colour only on a terminal, never with NO_COLOR, --no-color or in CI mode")
    func colour() {
        func style(
            noColor: Bool = false, ci: Bool? = nil, _ environment: [String: String] = [:], terminal: Bool = true
        )
            -> OutputStyle
        {
            OutputStyle.resolve(
                noColor: noColor, ci: ci, quiet: false, environment: environment, outputIsTerminal: terminal)
        }
        #expect(style().usesColor)
        #expect(!style(terminal: false).usesColor)
        #expect(!style(["NO_COLOR": "1"]).usesColor)
        #expect(!style(["NO_COLOR": "anything"]).usesColor)
        #expect(style(["NO_COLOR": ""]).usesColor)
        #expect(!style(noColor: true).usesColor)
        #expect(!style(["CI": "true"]).usesColor)
        #expect(style(["CI": "true"]).annotatesForGitHub)
        #expect(style(["CI": "TRUE"]).annotatesForGitHub)
        #expect(!style(["CI": "false"]).annotatesForGitHub)
        #expect(!style(ci: false, ["CI": "true"]).annotatesForGitHub)
        #expect(style(ci: true).annotatesForGitHub)
        #expect(OutputStyle(usesColor: true).paint("x", .red) == "\u{1B}[31mx\u{1B}[0m")
        #expect(OutputStyle().paint("x", .red) == "x")
    }

    @Test("Quiet: a passing step's output is dropped, a failing step's shown with its header")
    func quiet() {
        let written = Collected()
        let output = RunOutput(style: OutputStyle(isQuiet: true)) { written.append($0) }
        output.message("table\n")
        output.warning("dirty")
        output.beginStep("==> build: swift build")
        output.stepOutput("Compiling\n")
        output.endStep(passed: true, line: "<== build: passed in 1.0 s")
        #expect(written.text.isEmpty)
        output.beginStep("==> test: swift test")
        output.stepOutput("a test failed\n")
        output.endStep(passed: false, line: "<== test: failed with exit status 1 in 1.0 s")
        output.verdict("prepush: test failed", passed: false)
        #expect(
            written.text
                == "==> test: swift test\na test failed\n<== test: failed with exit status 1 in 1.0 s\nprepush: test failed\n"
        )
    }

    @Test("CI mode: annotations with the workflow commands' escaping; none otherwise")
    func annotations() {
        let written = Collected()
        let output = RunOutput(style: OutputStyle(annotatesForGitHub: true)) { written.append($0) }
        output.annotation(.error, title: "coverage, total", message: "50 % is below\n90 %")
        #expect(written.text == "::error title=coverage%2C total::50 %25 is below%0A90 %25\n")
        let plain = Collected()
        RunOutput(style: OutputStyle()) { plain.append($0) }.annotation(.error, title: "t", message: "m")
        #expect(plain.text.isEmpty)
    }
}

/// Text written by a run, in order.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [String] = []

    func append(_ text: String) {
        lock.lock()
        parts.append(text)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return parts.joined()
    }
}
