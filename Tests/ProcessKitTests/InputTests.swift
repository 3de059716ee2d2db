import Foundation
import ProcessKit
import Testing

@Suite("Standard input")
struct InputTests {
    @Test("Bytes are written while output is read: 8 MiB through cat, no deadlock")
    func bytesRoundTrip() async throws {
        let input = Support.pattern(count: 8 << 20, upper: false)
        var command = Command("/bin/cat")
        command.standardInput = .bytes(input)
        let result = try await command.run().checked()
        let same = Support.same(result.standardOutput?.bytes ?? [], input)
        #expect(same)
    }

    @Test("A string is sent as UTF-8, then end-of-file")
    func string() throws {
        var command = Command("/usr/bin/wc", ["-c"])
        command.standardInput = .string("héllo\n")
        let result = try command.runBlocking().checked()
        #expect(result.outputText.trimmingCharacters(in: .whitespacesAndNewlines) == "7")
    }

    @Test("No input means end-of-file at once, not a hang")
    func none() async throws {
        var command = Command("/bin/cat")
        command.timeout = .seconds(10)
        let result = try await command.run().checked()
        #expect(result.outputText.isEmpty)
    }

    @Test("A child that exits before reading its input yields an error, not a crash (SIGPIPE)")
    func childExitsEarly() async throws {
        var command = Command("/usr/bin/head", ["-c", "10"])
        command.standardInput = .bytes(Support.pattern(count: 16 << 20, upper: false))
        try await Self.expectClosedAfterTenBytes(command)
    }

    /// `command` (`head -c 10` given 16 MiB) fails with `standardInputClosed`, saying how much was
    /// written of how much, with the output it printed.
    static func expectClosedAfterTenBytes(_ command: Command) async throws {
        let error = try await #require(throws: ProcessError.self) { try await command.run() }
        guard case .standardInputClosed(_, let written, let total, let result) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(written < total)
        #expect(total == 16 << 20)
        #expect(result.outputText == "abcdefghij")
        #expect(error.recoverySuggestion != nil)
    }

    @Test("A feed written after the spawn reaches the child in order; the child waits until it is finished")
    func feedAfterSpawn() async throws {
        let feed = InputFeed()
        var command = Command("/bin/cat")
        command.standardInput = .feed(feed)
        command.timeout = .seconds(30)
        let input = Support.pattern(count: 4 << 20, upper: false)
        async let result = command.run()
        // Written from another thread while the child runs, in pieces, with pauses.
        let writer = Thread {
            var offset = 0
            for size in [1, 10, 1000, 1 << 20] {
                feed.write(Array(input[offset..<(offset + size)]))
                offset += size
                usleep(20_000)
            }
            feed.write(Array(input[offset...]))
            usleep(20_000)
            feed.finish()
            feed.write(Array("ignored".utf8))
        }
        writer.start()
        let output = try await result.checked()
        #expect(Support.same(output.standardOutput?.bytes ?? [], input))
    }

    @Test("A feed finished without bytes is end-of-file; a child that stops reading a feed is standardInputClosed")
    func feedEnds() async throws {
        let empty = InputFeed()
        empty.finish()
        var command = Command("/bin/cat")
        command.standardInput = .feed(empty)
        command.timeout = .seconds(10)
        #expect(try await command.run().checked().outputText.isEmpty)

        let feed = InputFeed()
        var early = Command("/usr/bin/head", ["-c", "10"])
        early.standardInput = .feed(feed)
        early.timeout = .seconds(30)
        feed.write(Support.pattern(count: 16 << 20, upper: false))
        feed.finish()
        try await Self.expectClosedAfterTenBytes(early)
    }
}
