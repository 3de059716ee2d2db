import Foundation
import ProcessKit
import Testing

@testable import PrePushKit

/// A step's output is streamed and only its end kept: the tail's rules, and real commands that
/// print far more than is kept, as lines and as one line.
@Suite("Step output")
struct StepOutputTests {
    @Test("The tail keeps the last bytes, whole lines first, and says how much came before")
    func tailOfLines() {
        var tail = OutputTail(limit: 20)
        for number in 1...10 { tail.append("line \(number)\n") }
        #expect(tail.droppedBytes == 71 - 20)
        #expect(tail.lines == ["…ne 8", "line 9", "line 10"])
        #expect(
            tail.text.hasPrefix("prepush: [51 bytes of earlier output not kept; the last 20 bytes follow]\n…ne 8\n"))
        var exact = OutputTail(limit: 14)
        for number in 1...4 { exact.append("line \(number)\n") }
        #expect(exact.lines == ["line 3", "line 4"])
        var small = OutputTail(limit: 100)
        small.append("one\n")
        small.append("two")
        #expect(small.endsInsideLine)
        #expect(small.text == "one\ntwo")
        #expect(small.droppedBytes == 0)
    }

    @Test("One huge piece is cut inside itself, at a character boundary")
    func tailOfOneLine() {
        var tail = OutputTail(limit: 9)
        tail.append(String(repeating: "é", count: 1000))
        #expect(tail.droppedBytes == 1992)
        #expect(tail.keptText == "…" + String(repeating: "é", count: 4))
        #expect(OutputTail.size(64 << 10) == "64 KiB")
        #expect(OutputTail.size(3 << 29) == "1.5 GiB")
    }

    @Test(
        "A step printing 50 MB keeps only its tail for the failure, as lines or as one line",
        arguments: [
            "yes 'a line of output, printed again and again' | head -c 50000000; echo; echo last line; exit 3",
            "head -c 50000000 /dev/zero | tr '\\0' x; echo; echo last line; exit 3",
        ])
    func failingStepShowsItsTail(script: String) async throws {
        let folder = NSTemporaryDirectory() + "step-output-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = Locked<[String]>([])
        let output = RunOutput(style: OutputStyle(isQuiet: true)) { text in written.withLock { $0.append(text) } }
        let context = StepContext(packageRoot: folder, options: PrePushOptions(), output: output)
        let outcome = try await CommandStep(step: ExtraStep(name: "loud", run: ["/bin/sh", "-c", script])).run(
            in: context)
        #expect(outcome.status == .failed)
        #expect(outcome.figure == "exit code 3")
        let text = written.current.joined()
        // The header, the note on what was dropped, the last 64 KiB, the closing line.
        #expect(text.utf8.count < OutputTail.defaultLimit + 1024)
        #expect(text.hasPrefix("==> loud: /bin/sh -c "))
        #expect(text.contains("of earlier output not kept; the last 64 KiB follow]\n"))
        #expect(text.contains("\nlast line\n<== loud: failed with exit code 3 in "))
    }

    @Test("A test count said early survives more output than is kept")
    func countReadAsLinesPass() async throws {
        let folder = NSTemporaryDirectory() + "step-output-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = RunOutput(style: OutputStyle(isQuiet: true)) { _ in }
        let context = StepContext(packageRoot: folder, options: PrePushOptions(), output: output)
        let tally = Locked(TestCount.Tally())
        let script =
            "echo 'Executed 12 tests, with 0 failures (0 unexpected) in 0.1 seconds'; yes filler | head -c 1000000"
        let outcome = try await context.command(
            "test", ["/bin/sh", "-c", script], watching: { line in tally.withLock { $0.add(line) } }
        ) { output, _ in
            #expect(!output.contains { $0.hasPrefix("Executed") })
            return TestCount.figure(tally.current.count)
        }
        #expect(outcome.figure == "12 tests passed")
    }
}
