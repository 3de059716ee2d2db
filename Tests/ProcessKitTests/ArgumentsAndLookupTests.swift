import Foundation
import ProcessKit
import TestSupport
import Testing

@Suite("Arguments, PATH lookup, environment and working directory")
struct ArgumentsAndLookupTests {
    /// The test's files, removed at its end.
    private let scratch = TemporaryFolder("processkit-tests")

    @Test("Arguments reach the child exactly as given, with no shell in between")
    func argumentsArriveIntact() async throws {
        let nasty = [
            "two words", "it's", "\"double\"", "$(touch /tmp/processkit-pwned)", "`id`", "a;b", "x && y",
            "line\nbreak", "", "*", "~", "tab\there", "ünïcödé ✓", "-n", "--", "\\", "$HOME",
        ]
        let result = try await Command(Support.fixture, ["echo-args"] + nasty).run().checked()
        let echoed = result.standardOutput!.bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast()
        #expect(echoed.map { String(decoding: $0, as: UTF8.self) } == nasty)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/processkit-pwned"))
    }

    @Test("A name is found on the child's PATH, not only the caller's")
    func lookupUsesChildPath() async throws {
        let directory = scratch.path
        let script = directory + "/preflight-hello"
        try "#!/bin/sh\necho hello from path\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let command = Command(
            "preflight-hello", environment: .inherit.setting(["PATH": "/nonexistent:" + directory]))
        let result = try await command.run().checked()
        #expect(result.outputText == "hello from path\n")
        #expect(result.command.executable == script)
    }

    @Test("Non-executable files and directories on PATH are skipped")
    func lookupSkipsNonExecutables() async throws {
        let first = scratch.path + "/first"
        let second = scratch.path + "/second"
        try FileManager.default.createDirectory(atPath: first, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: second, withIntermediateDirectories: true)
        try "not executable".write(toFile: first + "/tool", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: first + "/tool2", withIntermediateDirectories: true)
        try "#!/bin/sh\necho second\n".write(toFile: second + "/tool", atomically: true, encoding: .utf8)
        chmod(second + "/tool", 0o755)
        let result = try await Command("tool", environment: .custom(["PATH": first + ":" + second])).run()
        #expect(result.outputText == "second\n")
    }

    @Test("A missing executable names the command and the PATH searched")
    func missingExecutable() async throws {
        let command = Command("preflight-no-such-tool", environment: .inherit.setting(["PATH": "/usr/bin:/opt/none"]))
        let error = try #require(throws: ProcessError.self) { try command.runBlocking() }
        guard case .executableNotFound(let name, let directories) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(name == "preflight-no-such-tool")
        #expect(directories == ["/usr/bin", "/opt/none"])
        #expect(error.errorDescription!.contains("preflight-no-such-tool"))
        #expect(error.failureReason!.contains("/usr/bin:/opt/none"))
        #expect(error.recoverySuggestion != nil)
    }

    @Test("A missing path is reported as such")
    func missingPath() throws {
        let error = try #require(throws: ProcessError.self) { try Command("/no/such/binary").runBlocking() }
        #expect(error.failureReason!.contains("/no/such/binary"))
    }

    @Test("Environment: inherit, set, remove, custom")
    func environment() async throws {
        setenv("PREFLIGHT_INHERITED", "yes", 1)
        let inherited = try await Command("/usr/bin/env").run().outputText
        #expect(inherited.contains("PREFLIGHT_INHERITED=yes"))

        let changed = Environment.inherit.setting(["PREFLIGHT_ADDED": "a b=c"]).removing("PREFLIGHT_INHERITED")
        let output = try await Command("/usr/bin/env", environment: changed).run().outputText
        #expect(output.contains("PREFLIGHT_ADDED=a b=c\n"))
        #expect(!output.contains("PREFLIGHT_INHERITED"))

        let custom = try await Command("/usr/bin/env", environment: .custom(["ONLY": "1"])).run().outputText
        #expect(custom == "ONLY=1\n")
    }

    @Test("Working directory, and relative executable paths resolved against it")
    func workingDirectory() async throws {
        let directory = scratch.path
        try "#!/bin/sh\npwd\n".write(toFile: directory + "/where.sh", atomically: true, encoding: .utf8)
        chmod(directory + "/where.sh", 0o755)
        let result = try await Command("./where.sh", workingDirectory: directory).run().checked()
        // The shell's pwd is the physical folder (on a Mac, TMPDIR's /var/folders is /private/var/folders).
        #expect(result.outputText == physicalPath(directory) + "\n")

        let error = try #require(throws: ProcessError.self) {
            try Command("/bin/pwd", workingDirectory: directory + "/missing").runBlocking()
        }
        guard case .workingDirectoryNotFound = error else {
            Issue.record("unexpected \(error)")
            return
        }
    }

    @Test("commandLine quotes what a shell would need quoted")
    func commandLineQuoting() {
        let command = Command("git", ["commit", "-m", "it's done", ""])
        #expect(command.commandLine == #"git commit -m 'it'\''s done' ''"#)
    }
}
