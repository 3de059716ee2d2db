import Foundation
import ProcessKit
import TestSupport
import Testing

/// The built `todoscan` in a real temporary git repository.
@Suite("todoscan end to end")
struct TodoScanEndToEndTests {
    /// The test's repository, removed at its end.
    private let scratch = TemporaryFolder("todoscan-e2e")

    private static let todoscan = ToolCommandTests.productsDirectory + "/todoscan"

    @Test(
        "6 MB of TODO lines: all 571,950 findings written, todoscan's peak memory a small multiple of the input (it held every finding before)",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
            "needs python3 to read a child's peak memory")
    )
    func findingsAreWrittenAsFound() async throws {
        let folder = NSTemporaryDirectory() + "todoscan-big-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let line = "// TODO" + ": x\n"
        let count = 6 * 1024 * 1024 / line.utf8.count
        try String(repeating: line, count: count).write(
            toFile: folder + "/Big.swift", atomically: true, encoding: .utf8)
        // The child's peak resident memory, from getrusage (kilobytes on Linux, bytes on macOS).
        let measure = """
            import resource, subprocess, sys
            with open(sys.argv[1], "wb") as out:
                status = subprocess.run(sys.argv[2:], stdout=out).returncode
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            print(peak // 1024 if sys.platform == "darwin" else peak)
            sys.exit(status)
            """
        var command = Command(
            "/usr/bin/python3", ["-c", measure, folder + "/out.txt", Self.todoscan, "Big.swift"],
            workingDirectory: folder)
        command.timeout = .seconds(300)
        let result = try await command.run()
        #expect(result.termination == .exited(0), "\(result.errorText)")
        #expect(result.errorText.contains("\(count) warnings in 1 file"), "\(result.errorText)")
        let written = try Data(contentsOf: URL(fileURLWithPath: folder + "/out.txt"))
        #expect(written.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } == count)
        // Holding every finding and its report took 200 MB (233 MB in a release build, 2.7 GB as
        // SARIF); written as found, about 108 MB in a debug build: the tags of the file themselves.
        let peak = try #require(Int(result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(peak < 160_000, "peak \(peak) kB")
    }

    @Test("In a git repository: tracked and untracked files, .gitignore respected, exit codes")
    func gitRepository() async throws {
        let repo = scratch.path
        try FileManager.default.createDirectory(atPath: repo + "/Sources", withIntermediateDirectories: true)
        try "// TODO: tracked\nlet s = \"ERROR: in a string\"\n".write(
            toFile: repo + "/Sources/Tracked.swift", atomically: true, encoding: .utf8)
        try "ignored/\n".write(toFile: repo + "/.gitignore", atomically: true, encoding: .utf8)
        try GitFixture.git(["init", "-q"], in: repo)
        try GitFixture.git(["add", "."], in: repo)
        try GitFixture.git(["commit", "-q", "-m", "initial"], in: repo)
        try "/* FIXME(ann): untracked */\n".write(
            toFile: repo + "/Sources/New.swift", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: repo + "/ignored", withIntermediateDirectories: true)
        try "// ERROR: ignored\n".write(toFile: repo + "/ignored/Skip.swift", atomically: true, encoding: .utf8)

        let clean = try await Command(Self.todoscan, workingDirectory: repo).run()
        #expect(clean.termination == .exited(0))
        #expect(
            clean.outputText
                == "Sources/New.swift:1:4: warning: FIXME(ann): untracked\nSources/Tracked.swift:1:4: warning: TODO: tracked\n"
        )
        #expect(clean.errorText == "2 warnings in 2 files\n")

        try "// ERROR: stop the build\n".write(toFile: repo + "/Sources/Bad.swift", atomically: true, encoding: .utf8)
        let failing = try await Command(Self.todoscan, ["--format", "github"], workingDirectory: repo).run()
        #expect(failing.termination == .exited(1))
        #expect(
            failing.outputText.contains(
                "::error file=Sources/Bad.swift,line=1,col=4,title=error::ERROR: stop the build"))

        let usage = try await Command(Self.todoscan, ["--format", "xml"], workingDirectory: repo).run()
        #expect(usage.termination == .exited(2))

        // Code Climate for GitLab: an unrelated line inserted above moves the finding, and its
        // fingerprint stays (GitLab then sees no new issue).
        func fingerprints() async throws -> [String: String] {
            let run = try await Command(Self.todoscan, ["--format", "codeclimate"], workingDirectory: repo).run()
            #expect(run.termination == .exited(1))
            let issues = try #require(
                try JSONSerialization.jsonObject(with: Data(run.outputText.utf8)) as? [[String: Any]])
            var byMessage: [String: String] = [:]
            for issue in issues {
                byMessage[issue["description"] as? String ?? ""] = issue["fingerprint"] as? String
            }
            return byMessage
        }
        let before = try await fingerprints()
        #expect(before["ERROR: stop the build"] != nil && before.count == 3)
        try "import Foundation\n\n// ERROR: stop the build\n".write(
            toFile: repo + "/Sources/Bad.swift", atomically: true, encoding: .utf8)
        #expect(try await fingerprints() == before)
    }

    @Test("--since reports only tags on added lines; a baseline accepts the existing ones")
    func sinceAndBaseline() async throws {
        let repo = scratch.path
        try FileManager.default.createDirectory(atPath: repo, withIntermediateDirectories: true)
        try "// ERROR: old debt\nlet a = 1\n".write(toFile: repo + "/Old.swift", atomically: true, encoding: .utf8)
        try GitFixture.git(["init", "-q", "-b", "main"], in: repo)
        try GitFixture.git(["add", "."], in: repo)
        try GitFixture.git(["commit", "-q", "-m", "initial"], in: repo)
        try GitFixture.git(["checkout", "-q", "-b", "feature"], in: repo)
        try "// ERROR: old debt\nlet a = 1\n// ERROR: new problem\n".write(
            toFile: repo + "/Old.swift", atomically: true, encoding: .utf8)
        try "// TODO: brand new file\n".write(toFile: repo + "/New.swift", atomically: true, encoding: .utf8)

        let since = try await Command(Self.todoscan, ["--since", "main"], workingDirectory: repo).run()
        #expect(since.termination == .exited(1))
        #expect(
            since.outputText
                == "New.swift:1:4: warning: TODO: brand new file\nOld.swift:3:4: error: ERROR: new problem\n")

        let badRevision = try await Command(Self.todoscan, ["--since", "no-such-branch"], workingDirectory: repo).run()
        #expect(badRevision.termination == .exited(2))
        #expect(badRevision.errorText.contains("no-such-branch"))

        let write = try await Command(Self.todoscan, ["--write-baseline", "baseline.json"], workingDirectory: repo)
            .run()
        #expect(write.termination == .exited(0))
        #expect(write.errorText.contains("wrote 3 findings"))
        // New code above the old lines moves them; the baseline still accepts them.
        try "// padding\n// ERROR: old debt\nlet a = 1\n// ERROR: new problem\n// ERROR: newest\n".write(
            toFile: repo + "/Old.swift", atomically: true, encoding: .utf8)
        let filtered = try await Command(Self.todoscan, ["--baseline", "baseline.json"], workingDirectory: repo).run()
        #expect(filtered.termination == .exited(1))
        #expect(filtered.outputText == "Old.swift:5:4: error: ERROR: newest\n")
        #expect(filtered.errorText == "1 error in 2 files (3 more accepted by the baseline)\n")
    }
}
