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
}
