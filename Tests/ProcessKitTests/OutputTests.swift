import Foundation
import ProcessKit
import Testing

@Suite("Output: capture, lines, chunks, pass-through, discard")
struct OutputTests {
    @Test("Large output on stdout and stderr at once is captured whole", arguments: [1 << 20, 64 << 20])
    func bothStreamsAtOnce(size: Int) async throws {
        let stderrSize = size - 12_345  // different sizes, so the streams finish at different times
        let result = try await Command(Support.fixture, ["emit", String(size), String(stderrSize)]).run().checked()
        let out = try #require(result.standardOutput)
        let err = try #require(result.standardError)
        #expect(out.totalByteCount == size)
        #expect(err.totalByteCount == stderrSize)
        let sameOut = Support.same(out.bytes, Support.pattern(count: size, upper: false))
        let sameErr = Support.same(err.bytes, Support.pattern(count: stderrSize, upper: true))
        #expect(sameOut)
        #expect(sameErr)
        #expect(!out.isTruncated && out.isComplete && result.isOutputComplete)
    }

    @Test("The blocking API drains both streams as well")
    func blockingBothStreams() throws {
        let result = try Command(Support.fixture, ["emit", "3000000", "2000000"]).runBlocking().checked()
        let sameOut = Support.same(result.standardOutput?.bytes ?? [], Support.pattern(count: 3_000_000, upper: false))
        let sameErr = Support.same(result.standardError?.bytes ?? [], Support.pattern(count: 2_000_000, upper: true))
        #expect(sameOut)
        #expect(sameErr)
    }

    @Test("Lines arrive in order; a last line without newline is delivered and marked")
    func linesWithoutTrailingNewline() async throws {
        let lines = Support.Collector<OutputLine>()
        var command = Command("/usr/bin/printf", ["one\ntwo\r\n\nthree"])
        command.standardOutput = .lines { lines.append($0) }
        let result = try await command.run().checked()
        #expect(result.standardOutput == nil)
        #expect(lines.values.map(\.text) == ["one", "two\r", "", "three"])
        #expect(lines.values.map(\.isTerminated) == [true, true, true, false])
    }

    @Test("A line longer than maxLength arrives in pieces, each marked as continued but the last")
    func longLineInPieces() async throws {
        let lines = Support.Collector<OutputLine>()
        var command = Command("/bin/sh", ["-c", "head -c 200000 /dev/zero | tr '\\0' x; printf '\\nshort\\n'"])
        command.standardOutput = .lines(maxLength: 65536) { lines.append($0) }
        _ = try await command.run().checked()
        let values = lines.values
        #expect(values.map(\.bytes.count) == [65536, 65536, 65536, 3392, 5])
        #expect(values.map(\.continues) == [true, true, true, false, false])
        #expect(values.map(\.isTerminated) == [false, false, false, true, true])
        #expect(values.last?.text == "short")
    }

    @Test("A long line is cut before a UTF-8 sequence, never inside one")
    func longLineCutAtCharacters() async throws {
        let lines = Support.Collector<OutputLine>()
        // "é" is two bytes; pieces of at most 1001 bytes would end inside one at every cut.
        var command = Command("/bin/sh", ["-c", "yes é | head -c 30000 | tr -d '\\n'"])
        command.standardOutput = .lines(maxLength: 1001) { lines.append($0) }
        _ = try await command.run().checked()
        let values = lines.values
        #expect(values.allSatisfy { $0.bytes.count <= 1001 && !$0.text.contains("\u{FFFD}") })
        #expect(values.map(\.text).joined() == String(repeating: "é", count: 10000))
        #expect(values.dropLast().allSatisfy { $0.continues })
    }

    @Test("Lines split across many reads are joined; 100 000 lines, none lost")
    func manyLines() async throws {
        let lines = Support.Collector<OutputLine>()
        var command = Command(Support.fixture, ["emit", String(27 * 100_000), "0"])
        command.standardOutput = .lines { lines.append($0) }
        _ = try await command.run().checked()
        let count = lines.values.count
        let allIntact = lines.values.allSatisfy { $0.text == "abcdefghijklmnopqrstuvwxyz" && $0.isTerminated }
        #expect(count == 100_000)
        #expect(allIntact)
    }

    @Test("Invalid UTF-8 never crashes: bytes are kept, text gets replacement characters")
    func invalidUTF8() async throws {
        let lines = Support.Collector<OutputLine>()
        var command = Command("/usr/bin/printf", [#"ok\377\376bad\n\300\n"#])
        command.standardOutput = .lines { lines.append($0) }
        command.standardError = .capture()
        _ = try await command.run().checked()
        #expect(lines.values.map(\.bytes) == [[111, 107, 255, 254, 98, 97, 100], [192]])
        #expect(lines.values[0].text == "ok\u{FFFD}\u{FFFD}bad")

        let captured = try await Command("/usr/bin/printf", [#"\377end"#]).run()
        #expect(captured.standardOutput?.bytes == [255, 101, 110, 100])
        #expect(captured.outputText == "\u{FFFD}end")
    }

    @Test("Chunks deliver every byte in order")
    func chunks() async throws {
        let chunks = Support.Collector<[UInt8]>()
        var command = Command(Support.fixture, ["emit", "5000000", "0"])
        command.standardOutput = .chunks { chunks.append($0) }
        _ = try await command.run().checked()
        let same = Support.same(Array(chunks.values.joined()), Support.pattern(count: 5_000_000, upper: false))
        #expect(same)
    }

    @Test("A capture past its limit keeps the start, flags truncation and still drains the child")
    func captureLimit() async throws {
        var command = Command(Support.fixture, ["emit", "10000000", "0"])
        command.standardOutput = .capture(limit: 1000)
        let result = try await command.run().checked()
        let out = try #require(result.standardOutput)
        #expect(out.isTruncated)
        #expect(out.bytes == Support.pattern(count: 1000, upper: false))
        #expect(out.totalByteCount == 10_000_000)
    }

    @Test(
        "Captures around the 1 MiB switch to one reservation, and far past it, keep every byte of both streams",
        arguments: [(1 << 20) - 1, 1 << 20, (1 << 20) + 1, 100_000_000])
    func captureSizes(size: Int) throws {
        let stderrSize = size / 3 + 7  // the fixture writes both streams at once, from two threads
        var command = Command(Support.fixture, ["emit", String(size), String(stderrSize)])
        command.standardOutput = .capture(limit: 1 << 30)
        command.standardError = .capture(limit: 1 << 30)
        let result = try command.runBlocking().checked()
        let out = try #require(result.standardOutput)
        let err = try #require(result.standardError)
        #expect(out.totalByteCount == size && err.totalByteCount == stderrSize)
        #expect(!out.isTruncated && !err.isTruncated && result.isOutputComplete)
        let sameOut = Support.same(out.bytes, Support.pattern(count: size, upper: false))
        let sameErr = Support.same(err.bytes, Support.pattern(count: stderrSize, upper: true))
        #expect(sameOut)
        #expect(sameErr)
    }

    @Test("Limits on both streams at once: one cut mid-read, one met exactly and not truncated")
    func captureLimitsOnBothStreams() async throws {
        var command = Command(Support.fixture, ["emit", "10000000", "5000000"])
        command.standardOutput = .capture(limit: 3_000_001)
        command.standardError = .capture(limit: 5_000_000)
        let result = try await command.run().checked()
        let out = try #require(result.standardOutput)
        let err = try #require(result.standardError)
        #expect(out.isTruncated && out.totalByteCount == 10_000_000 && out.isComplete)
        #expect(!err.isTruncated && err.totalByteCount == 5_000_000)
        let sameOut = Support.same(out.bytes, Support.pattern(count: 3_000_001, upper: false))
        let sameErr = Support.same(err.bytes, Support.pattern(count: 5_000_000, upper: true))
        #expect(sameOut)
        #expect(sameErr)
    }

    @Test("Discard sends output to /dev/null and never blocks the child")
    func discard() async throws {
        var command = Command(Support.fixture, ["emit", "20000000", "20000000"])
        command.standardOutput = .discard
        command.standardError = .discard
        let result = try await command.run().checked()
        #expect(result.standardOutput == nil && result.standardError == nil)
    }

    @Test("Pass-through writes straight to the caller's own stream")
    func passThrough() async throws {
        // The fixture runs `printf` with pass-through; what it prints is the fixture's own output.
        let result = try await Command(Support.fixture, ["pass-through", "straight through"]).run().checked()
        #expect(result.outputText == "straight through")
        #expect(result.errorText == "to stderr")
    }

    @Test("The stderr tail is kept for messages even when streaming lines")
    func stderrTailInErrors() async throws {
        var command = Command.shell("echo progress; echo 'fatal: repository not found' >&2; exit 128")
        command.standardError = .lines { _ in }
        let result = try await command.run()
        #expect(result.termination == .exited(128))
        let error = try #require(throws: ProcessError.self) { try result.checked() }
        #expect(error.errorDescription!.contains("exit code 128"))
        #expect(error.failureReason!.contains("fatal: repository not found"))
    }
}
