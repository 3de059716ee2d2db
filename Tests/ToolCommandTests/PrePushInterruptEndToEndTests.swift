import Foundation
import ProcessKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C during a real `swift test` run by the built `prepush` (Linux: the process tree is read
/// from /proc).
@Suite("prepush Ctrl-C end to end", .serialized)
struct PrePushInterruptEndToEndTests {
    @Test("SIGINT while swift test runs: exit 130, one line, no process of the run left, no temporary files")
    func interrupt() async throws {
        #if os(Linux)
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

        let errorLines = Lines()
        var command = Command(
            PrePushEndToEndTests.prepush, ["--no-cache", "--no-todoscan"], workingDirectory: repository.work)
        command.environment = .inherit.removing("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "PREPUSH_SKIP", "CI")
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
            let processes = ProcessTable.read()
            prepushPID =
                prepushPID
                ?? processes.first {
                    $0.value.parent == getpid() && ProcessTable.workingDirectory(of: $0.key) == repository.work
                }?.key
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
        tree = ProcessTable.descendants(of: pid, in: ProcessTable.read())
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
        for (child, commandLine) in ProcessTable.working(inside: repository.root) {
            #expect(await ProcessTable.waitUntilGone(child), "\(child) \(commandLine) survived Ctrl-C")
        }
        #expect(!FileManager.default.fileExists(atPath: runDirectory))
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary)
        #expect(left.isEmpty, "left in TMPDIR: \(left)")
        #endif
    }
}

#if os(Linux)
/// Processes as /proc shows them.
private enum ProcessTable {
    struct Entry {
        var parent: Int32
        var commandLine: String
    }

    static func read() -> [Int32: Entry] {
        var table: [Int32: Entry] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After "pid (comm) ": state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, fields[0] != "Z", let parent = Int32(fields[1]) else { continue }
            let arguments = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(name)/cmdline"))) ?? Data()
            table[pid] = Entry(
                parent: parent,
                commandLine: String(decoding: arguments.map { $0 == 0 ? 32 : $0 }, as: UTF8.self))
        }
        return table
    }

    static func workingDirectory(of pid: Int32) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd")
    }

    /// Every process working in `folder` or below it, with its command line.
    static func working(inside folder: String) -> [Int32: String] {
        read().filter { pid, _ in
            guard let directory = workingDirectory(of: pid) else { return false }
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
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return true }
            if stat[stat.index(after: close)...].split(separator: " ").first == "Z" { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }
}
#endif

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
