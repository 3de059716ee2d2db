import Foundation
import ProcessKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Exit codes, signals and durations")
struct TerminationTests {
    @Test("Every exit code 0–255 comes back as an exit code")
    func everyExitCode() async throws {
        for code in 0...255 {
            var command = Command("/bin/sh", ["-c", "exit \(code)"])
            command.standardOutput = .discard
            let result = try await command.run()
            #expect(result.termination == .exited(Int32(code)))
            #expect(result.succeeded == (code == 0))
        }
    }

    @Test("A child killed by SIGKILL is reported as a signal, not an exit code")
    func killedBySignal() async throws {
        let result = try await Command.shell("kill -KILL $$").run()
        #expect(result.termination == .signaled(SIGKILL))
        #expect(result.termination.shellStatus == 137)
        let error = try #require(throws: ProcessError.self) { try result.checked() }
        guard case .terminatedBySignal = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(error.errorDescription!.contains("SIGKILL"))
    }

    @Test("The result carries the duration")
    func duration() async throws {
        let result = try await Command("/bin/sleep", ["0.2"]).run()
        #expect(result.duration >= .milliseconds(200))
        // Seconds, not milliseconds or minutes; loose, as a loaded machine keeps it.
        #expect(result.duration < .seconds(60))
    }

    @Test("Many concurrent runs each get their own result")
    func concurrentRuns() async throws {
        try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<16 {
                group.addTask {
                    let result = try await Command.shell("sleep 0.1; echo \(index); exit \(index)").run()
                    #expect(result.termination == .exited(Int32(index)))
                    return (index, result.outputText)
                }
            }
            for try await (index, output) in group {
                #expect(output == "\(index)\n")
            }
        }
    }

    @Test("Every ProcessError explains itself: description, reason and suggestion")
    func errorsExplainThemselves() async throws {
        let failed = try await Command.shell("echo boom >&2; exit 3").run()
        let killed = try await Command.shell("kill -TERM $$").run()
        let errors: [ProcessError] = [
            .executableNotFound(name: "x", searchedDirectories: ["/bin"]),
            .executableNotFound(name: "/x", searchedDirectories: []),
            .workingDirectoryNotFound(path: "/nope", command: "ls"),
            .launchFailed(command: "x", reason: "Exec format error."),
            .nonZeroExit(failed),
            .terminatedBySignal(killed),
            .timedOut("sleep 9", after: .seconds(1), partial: failed),
            .standardInputClosed("head", bytesWritten: 1, bytesTotal: 2, result: failed),
            .interrupted(signal: SIGINT, command: "swift build", partial: nil),
        ]
        for error in errors {
            #expect(error.errorDescription?.isEmpty == false)
            #expect(error.failureReason?.isEmpty == false)
            #expect(error.recoverySuggestion?.isEmpty == false)
        }
        #expect(ProcessError.nonZeroExit(failed).failureReason!.contains("boom"))
    }
}
