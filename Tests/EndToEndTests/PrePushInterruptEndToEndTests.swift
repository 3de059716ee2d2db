import Foundation
import ProcessKit
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C during a real `swift test` run by the built `prepush`. The process tree comes from `ps`
/// (the same options on Linux and macOS), working folders from /proc or, without it, `lsof`.
@Suite("prepush Ctrl-C end to end", .serialized)
struct PrePushInterruptEndToEndTests {
    @Test("SIGINT while swift test runs: exit 130, one line, no process of the run left, no temporary files")
    func interrupt() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository(
            test: """
                import Calc
                import Foundation
                import Testing
                @Test func slow() {
                    Thread.sleep(forTimeInterval: 300)
                    #expect(add(1, 2) == 3)
                }

                """)
        // prepush's own TMPDIR: whatever the run leaves in a temporary folder would show here.
        let temporary = repository.root + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)

        // As the system reports working folders: links resolved (macOS's /var is /private/var).
        let realWork = physicalPath(repository.work)
        let realRoot = physicalPath(repository.root)

        let errorLines = Lines()
        var command = Command(
            PrePushEndToEndTests.prepush, ["--no-cache", "--no-todoscan"], workingDirectory: repository.work)
        command.environment = .inherit.setting(["PREPUSH_VERBOSE": "1"]).removing(
            "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "PREPUSH_SKIP", "CI", "GITHUB_STEP_SUMMARY"
        )
        .setting(["TMPDIR": temporary])
        command.standardError = .lines { errorLines.append($0.text) }
        command.standardOutput = .discard
        command.timeout = .seconds(900)
        let run = Task { try await command.run() }

        // prepush is the child of this process working in the repository; wait for the test binary.
        var prepushPID: Int32?
        var tree: [Int32: String] = [:]
        for _ in 0..<6000 {
            try await Task.sleep(for: .milliseconds(100))
            let processes = try await ProcessTable.read()
            if prepushPID == nil {
                let directories = try await ProcessTable.workingDirectories()
                prepushPID =
                    processes.first { $0.value.parent == getpid() && directories[$0.key] == realWork }?.key
            }
            guard let prepushPID else { continue }
            tree = ProcessTable.descendants(of: prepushPID, in: processes)
            if tree.values.contains(where: { $0.contains("PackageTests.xctest") }) { break }
        }
        let pid = try #require(prepushPID, "prepush never started")
        try #require(
            tree.values.contains { $0.contains("PackageTests.xctest") },
            "the test binary never ran: \(errorLines.values.joined(separator: "\n"))")
        // Let the runner reach the test, then take the whole tree as it is.
        try await Task.sleep(for: .seconds(1))
        tree = ProcessTable.descendants(of: pid, in: try await ProcessTable.read())
        // The run's own TMPDIR: a preflight-<hash> folder in the TMPDIR prepush was given.
        let runFolders = try FileManager.default.contentsOfDirectory(atPath: temporary).filter {
            $0.hasPrefix("preflight-")
        }
        #expect(runFolders.count == 1, "\(runFolders)")
        let runDirectory = temporary + "/" + (runFolders.first ?? "preflight-")

        kill(pid, SIGINT)
        let result = try await run.value
        let lines = errorLines.values
        #expect(result.termination == .exited(130), "\(lines.joined(separator: "\n"))")
        #expect(lines.filter { $0.contains("interrupted") } == ["prepush: interrupted by SIGINT"])
        #expect(!lines.contains { $0.hasPrefix("prepush: error") || $0.contains("Fatal error") })
        for (child, commandLine) in tree {
            #expect(await ProcessTable.waitUntilGone(child), "\(child) \(commandLine) survived Ctrl-C")
        }
        // Started after the snapshot (swift test's next runner) or orphaned: nothing works in the fixture.
        for (child, commandLine) in try await ProcessTable.working(inside: realRoot) {
            #expect(await ProcessTable.waitUntilGone(child), "\(child) \(commandLine) survived Ctrl-C")
        }
        #expect(!FileManager.default.fileExists(atPath: runDirectory))
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary)
        #expect(left.isEmpty, "left in TMPDIR: \(left)")
    }
}

/// Processes as `ps` shows them (procps on Linux and BSD's on macOS take the same options).
private enum ProcessTable {
    struct Entry {
        var parent: Int32
        var commandLine: String
    }

    /// Every running process (zombies left out), with its parent and command line.
    static func read() async throws -> [Int32: Entry] {
        let listing = try await Command("ps", ["-A", "-o", "pid=,ppid=,stat=,args="]).output()
        var table: [Int32: Entry] = [:]
        for line in listing.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
            guard fields.count >= 3, let pid = Int32(fields[0]), let parent = Int32(fields[1]),
                !fields[2].hasPrefix("Z")
            else { continue }
            table[pid] = Entry(parent: parent, commandLine: fields.count > 3 ? String(fields[3]) : "")
        }
        return table
    }

    /// The working folder of each process of this user: /proc's links where there are some
    /// (Linux), else what one `lsof` says (macOS), decided at run time.
    static func workingDirectories() async throws -> [Int32: String] {
        var found: [Int32: String] = [:]
        if FileManager.default.fileExists(atPath: "/proc/self/cwd") {
            for pid in try await read().keys {
                found[pid] = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd")
            }
            return found
        }
        // -F: one field a line, "p<pid>" then "n<path>".
        let listing = try await Command("lsof", ["-a", "-d", "cwd", "-u", "\(getuid())", "-Fpn"]).run().outputText
        var current: Int32?
        for line in listing.split(separator: "\n") {
            if line.hasPrefix("p") {
                current = Int32(line.dropFirst())
            } else if line.hasPrefix("n"), let pid = current {
                found[pid] = String(line.dropFirst())
            }
        }
        return found
    }

    /// Every process working in `folder` or below it, with its command line.
    static func working(inside folder: String) async throws -> [Int32: String] {
        let directories = try await workingDirectories()
        return try await read().filter { pid, _ in
            guard let directory = directories[pid] else { return false }
            return directory == folder || directory.hasPrefix(folder + "/")
        }.mapValues(\.commandLine)
    }

    /// Every process whose chain of parents leads to `root`, with its command line.
    static func descendants(of root: Int32, in table: [Int32: Entry]) -> [Int32: String] {
        var found: [Int32: String] = [:]
        var frontier: Set<Int32> = [root]
        while !frontier.isEmpty {
            let children = table.filter { frontier.contains($0.value.parent) && found[$0.key] == nil }
            for (pid, entry) in children { found[pid] = entry.commandLine }
            frontier = Set(children.keys)
        }
        return found
    }

    /// Waits (a generous bound, not a timing check) until `pid` no longer runs; a zombie is gone.
    static func waitUntilGone(_ pid: Int32) async -> Bool {
        for _ in 0..<300 {
            guard let result = try? await Command("ps", ["-o", "stat=", "-p", "\(pid)"]).run() else { return false }
            let state = result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
            if state.isEmpty || state.hasPrefix("Z") { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }
}

/// Lines from a handler, in order.
private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ line: String) {
        lock.lock()
        stored.append(line)
        lock.unlock()
    }

    var values: [String] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
