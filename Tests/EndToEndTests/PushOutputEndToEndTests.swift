import Foundation
import ProcessKit
import Testing

/// What a push prints (issue 38, item 2): a verdict, not a log. A green push prints its step table
/// and the path of its full log (which holds every step's output); a failing one ends with what
/// failed right above the verdict: the failing test's name, `file:line` and message, or the
/// compiler's error. The built `prepush` as the hook, real git with a bare remote, real `swift`.
@Suite("What a push prints end to end", .serialized)
struct PushOutputEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush
    /// The default output (the suites' runner asks for every line).
    static let verdictOnly = ["PREPUSH_VERBOSE": "0"]

    @Test("A green push prints the step table and the log's path in 20 lines at most; the log holds everything")
    func greenPush() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try await repository.run(Self.prepush, ["install"]).checked()
        let pushed = try await repository.run("git", ["push", "origin", "main"], environment: Self.verdictOnly)
        #expect(pushed.succeeded, "\(pushed.errorText)")
        let lines = pushed.errorText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 20, "\(pushed.errorText)")
        #expect(pushed.errorText.contains("step"), "\(pushed.errorText)")
        #expect(pushed.errorText.contains("prepush: passed (todoscan"), "\(pushed.errorText)")
        #expect(!pushed.errorText.contains("==> build"), "\(pushed.errorText)")
        let logLine = try #require(lines.first { $0.hasPrefix("prepush: the full log: ") })
        let path = String(logLine.dropFirst("prepush: the full log: ".count))
        #expect(path.hasPrefix(repository.work + "/.git/preflight/logs/"))
        let log = try String(contentsOfFile: path, encoding: .utf8)
        #expect(log.contains("==> build: swift build"), "\(log)")
        #expect(log.contains("==> test"), "\(log)")
        #expect(log.contains("prepush: passed (todoscan"), "\(log)")
    }

    @Test("A failing test's name, file:line and message are among the last lines, right above the verdict")
    func failingTest() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository(
            test: "import Calc\nimport Testing\n@Test func adds() {\n    #expect(add(1, 2) == 4, \"one and two\")\n}\n")
        try await repository.run(Self.prepush, ["install"]).checked()
        let pushed = try await repository.run("git", ["push", "origin", "main"], environment: Self.verdictOnly)
        #expect(pushed.termination != .exited(0), "\(pushed.errorText)")
        let before = try Self.linesBeforeVerdict(pushed.errorText)
        #expect(before.contains { $0.contains("adds()") && $0.contains("CalcTests.swift:4") }, "\(pushed.errorText)")
        #expect(before.contains { $0.contains("one and two") }, "\(pushed.errorText)")
        // Not the test run's own lines: those are in the log.
        #expect(!pushed.errorText.contains("==> test"), "\(pushed.errorText)")
    }

    @Test("A build error's file:line:col and message are among the last lines, right above the verdict")
    func buildError() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try repository.write(
            "Sources/Calc/Calc.swift",
            "public func add(_ a: Int, _ b: Int) -> Int { a + b }\nlet broken: Int = \"no\"\n")
        try await repository.commit("broken")
        try await repository.run(Self.prepush, ["install"]).checked()
        let pushed = try await repository.run("git", ["push", "origin", "main"], environment: Self.verdictOnly)
        #expect(pushed.termination != .exited(0), "\(pushed.errorText)")
        let before = try Self.linesBeforeVerdict(pushed.errorText)
        #expect(
            before.contains { $0.contains("Calc.swift:2:") && $0.contains("error: cannot convert value") },
            "\(pushed.errorText)")
        #expect(pushed.errorText.contains("prepush: build failed; the push is stopped"), "\(pushed.errorText)")
    }

    /// The five lines before the one saying the push is stopped.
    static func linesBeforeVerdict(_ text: String) throws -> [String] {
        let lines = text.split(separator: "\n").map(String.init)
        let verdict = try #require(lines.lastIndex { $0.contains("the push is stopped") }, "\(text)")
        return Array(lines[max(0, verdict - 5)..<verdict])
    }
}
