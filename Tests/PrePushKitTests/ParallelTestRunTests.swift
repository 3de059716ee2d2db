import Foundation
import Testing

@testable import PrePushKit

/// The per-test results of `swift test --parallel`, read from real captures of Swift 6.3.1 on
/// Linux: SwiftPM's xUnit file lists the XCTest tests, their console lines (all of them with -v,
/// the failed tests' without) give the failures with file:line, the skips and the crash.
@Suite("Parallel test run")
struct ParallelTestRunTests {
    static func fixture(_ name: String) throws -> Data { try TestReportTests.fixture(name) }

    /// The captured run's package lay at /tmp/pfix; here it is the repository's root.
    static func relative(_ path: String) -> String {
        TestIssue.repositoryPath(path, root: "/tmp/pfix", unitPath: "")
    }

    /// The XCTest results of the captured run whose console is `consoleFixture`.
    static func results(console consoleFixture: String, module: String? = nil) throws -> [TestCaseResult] {
        var console = XCTestConsoleResults(module: module, relative: relative)
        for line in String(decoding: try fixture(consoleFixture), as: UTF8.self).split(separator: "\n") {
            console.add(String(line))
        }
        let xunit = try #require(SwiftPMXUnit.parse(try fixture("swift-test-parallel-xunit.xml")))
        return ParallelTestRun.merge(xunit, console: console.cases + (console.unfinished.map { [$0] } ?? []))
    }

    @Test("SwiftPM's xUnit file: every XCTest test with its module, time, and a failure without a message")
    func xunit() throws {
        let cases = try #require(SwiftPMXUnit.parse(try Self.fixture("swift-test-parallel-xunit.xml")))
        #expect(cases.map(\.name) == ["testLater", "testAdds", "testTwice", "testWrong", "testCrashes"])
        #expect(cases.map(\.suite) == Array(repeating: "CalcTests.ClassicTests", count: 4) + ["CalcTests.CrashTests"])
        #expect(cases.map(\.failed) == [false, false, true, true, true])
        #expect(cases.allSatisfy { $0.message == nil && !$0.skipped && $0.seconds != nil })
        // Swift Testing's second file holds its tests (read from the event stream instead).
        let swiftTesting = try #require(
            SwiftPMXUnit.parse(try Self.fixture("swift-test-parallel-xunit-swift-testing.xml")))
        #expect(swiftTesting.map(\.name).sorted() == ["disabled()", "positive(value:)", "small()"])
        #expect(swiftTesting.filter(\.skipped).map(\.name) == ["disabled()"])
        #expect(SwiftPMXUnit.parse(Data("not xml".utf8)) == nil)
        #expect(SwiftPMXUnit.parse(Data("<?xml version=\"1.0\"?><other/>".utf8)) == nil)
    }

    @Test("With -v: passed, skipped with its reason, failed with file:line, crashed with the runtime's message")
    func verbose() throws {
        let cases = try Self.results(console: "swift-test-parallel-verbose-console-linux.txt")
        func named(_ name: String) -> TestCaseResult? { cases.first { $0.name == name } }
        #expect(
            cases.map(\.identifier) == [
                "CalcTests.ClassicTests/testAdds", "CalcTests.ClassicTests/testLater",
                "CalcTests.ClassicTests/testTwice",
                "CalcTests.ClassicTests/testWrong", "CalcTests.CrashTests/testCrashes",
            ])
        #expect(cases.map(\.filterName) == cases.map(\.identifier))
        #expect(named("testAdds")?.status == .passed)
        #expect(named("testAdds")?.identifier == "CalcTests.ClassicTests/testAdds")
        #expect(named("testAdds")?.seconds == 0.004)
        #expect(named("testLater")?.status == .skipped)
        #expect(named("testLater")?.skipMessage == "not on this machine")
        #expect(
            named("testWrong")?.failures == [
                TestIssue(
                    message: #"XCTAssertEqual failed: ("4") is not equal to ("5") - two and two"#,
                    file: "Tests/CalcTests/ClassicTests.swift", line: 6)
            ])
        #expect(
            named("testTwice")?.failures.map(\.text) == [
                #"Tests/CalcTests/ClassicTests.swift:8: XCTAssertEqual failed: ("2") is not equal to ("3") - first <&> "q""#,
                "Tests/CalcTests/ClassicTests.swift:8: failed - second",
            ])
        #expect(named("testCrashes")?.status == .failed)
        #expect(named("testCrashes")?.identifier == "CalcTests.CrashTests/testCrashes")
        #expect(
            named("testCrashes")?.failures.map(\.text) == [
                "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range"
            ])
    }

    @Test("Without -v only the failed tests print lines: the others pass as the xUnit file says")
    func quiet() throws {
        let cases = try Self.results(console: "swift-test-parallel-console-linux.txt")
        func named(_ name: String) -> TestCaseResult? { cases.first { $0.name == name } }
        #expect(cases.count == 5)
        #expect(named("testAdds")?.status == .passed)
        #expect(named("testLater")?.status == .passed)
        #expect(named("testWrong")?.failures.first?.line == 6)
        #expect(named("testTwice")?.failures.count == 2)
        #expect(named("testCrashes")?.failures.first?.message == "Fatal error: Index out of range")
    }

    @Test("Run per test target, the console names the module too; the crashed test is not the last one printed")
    func crashedBeforeAnother() {
        var console = XCTestConsoleResults(module: "CalcTests")
        console.add("Test Case 'CrashTests.testCrashes' started at 2026-11-24 21:01:55.383")
        console.add("Test Case 'ClassicTests.testAdds' started at 2026-11-24 21:01:55.390")
        console.add("Test Case 'ClassicTests.testAdds' passed (0.004 seconds)")
        #expect(!console.isCutShort)
        let cases = ParallelTestRun.merge(
            [
                .init(suite: "CalcTests.CrashTests", name: "testCrashes", seconds: 0.06, failed: true),
                .init(suite: "CalcTests.ClassicTests", name: "testAdds", seconds: 0.03, failed: false),
                .init(suite: "CalcTests.ClassicTests", name: "testUnprinted", seconds: 0.03, failed: true),
            ], console: console.cases)
        #expect(cases.map(\.name) == ["testAdds", "testUnprinted", "testCrashes"])
        #expect(cases.map(\.status) == [.passed, .failed, .failed])
        #expect(cases[0].seconds == 0.004)
        #expect(cases[1].failures.map(\.message) == ["failed (no lines of it were printed)"])
        #expect(cases[2].failures.map(\.message) == ["crashed (its process ended before the test did)"])
    }

    @Test("macOS's console names the test -[Module.Class test]: matched to the xUnit file's test as it is")
    func macOSNames() {
        var console = XCTestConsoleResults()
        console.add("Test Case '-[CalcTests.ClassicTests testWrong]' started.")
        console.add("/p/ClassicTests.swift:6: error: -[CalcTests.ClassicTests testWrong] : XCTAssertEqual failed")
        console.add("Test Case '-[CalcTests.ClassicTests testWrong]' failed (0.002 seconds).")
        let cases = ParallelTestRun.merge(
            [.init(suite: "CalcTests.ClassicTests", name: "testWrong", seconds: 0.02, failed: true)],
            console: console.cases)
        #expect(cases.map(\.filterName) == ["CalcTests.ClassicTests/testWrong"])
        #expect(cases.first?.failures.map(\.text) == ["/p/ClassicTests.swift:6: XCTAssertEqual failed"])
        #expect(cases.first?.seconds == 0.002)
    }

    @Test("--parallel adds -v and an xUnit file of the run's folder; the user's own file and verbosity are kept")
    func arguments() throws {
        func run(_ arguments: [String]) -> ParallelTestRun? {
            ParallelTestRun(testArguments: arguments, packageRoot: "/p", ownPath: "/run/x.xml")
        }
        #expect(run([]) == nil)
        #expect(run(["--parallel", "--no-parallel"]) == nil)
        let plain = try #require(run(["--parallel"]))
        #expect(plain.arguments == ["-v", "--xunit-output", "/run/x.xml"])
        #expect(plain.xunitPath == "/run/x.xml")
        let own = try #require(run(["--no-parallel", "--parallel", "--xunit-output", "out/t.xml", "--verbose"]))
        #expect(own.arguments.isEmpty)
        #expect(own.xunitPath == "/p/out/t.xml")
        #expect(run(["--parallel", "--xunit-output=/abs.xml", "-q"])?.xunitPath == "/abs.xml")
        #expect(run(["--parallel", "--xunit-output=/abs.xml", "-q"])?.arguments == [])
    }

    @Test("The count of a parallel run is its [N/M] lines', not the Executed 1 test of each test's lines")
    func count() {
        var tally = TestCount.Tally()
        for line in [
            "[1/5] Testing CalcTests.ClassicTests/testLater", "[5/5] Testing CalcTests.CrashTests/testCrashes",
            "\t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds",
            "✘ Test run with 3 tests in 1 suite failed after 0.002 seconds with 1 issue.",
        ] {
            tally.add(line)
        }
        #expect(tally.count == 8)
    }
}
