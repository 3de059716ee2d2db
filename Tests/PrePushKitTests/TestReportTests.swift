import Foundation
import PreflightCore
import ProcessKit
import TestSupport
import Testing

@testable import PrePushKit

/// Each test's result, read from what the testing libraries themselves record (XCTest's console
/// lines, Swift Testing's event stream, xcresulttool's test tree; real captures), and the JUnit XML
/// written from them, read back by real consumers of the format: xmllint against Jenkins'
/// junit-10.xsd, and junitparser (PyPI) through scripts/junit-parse.sh.
@Suite("Test report")
struct TestReportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Fixtures"
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + name))
    }

    /// The captured run's package lay at /tmp/jx; here it is the repository's `Packages/JX`.
    static func relative(_ path: String) -> String {
        TestIssue.repositoryPath(path, root: "/tmp/jx", unitPath: "Packages/JX")
    }

    static func xctest() throws -> [TestCaseResult] {
        var console = XCTestConsoleResults(module: "LibTests", relative: relative)
        for line in String(decoding: try fixture("swift-test-console-linux.txt"), as: UTF8.self).split(separator: "\n")
        {
            console.add(String(line))
        }
        return console.cases
    }

    static func swiftTesting() throws -> [TestCaseResult] {
        SwiftTestingEvents.parse(try fixture("swift-testing-events.jsonl"), relative: relative)
    }

    @Test("XCTest's console: passed, failed with file:line and message, skipped with its reason, times")
    func xctestConsole() throws {
        let cases = try Self.xctest()
        #expect(cases.map(\.name) == ["testFails", "testPasses", "testSkipped"])
        #expect(cases.allSatisfy { $0.suite == "LibTests.MathTests" })
        #expect(cases.map(\.status) == [.failed, .passed, .skipped])
        #expect(cases[0].seconds == 0.001)
        #expect(
            cases[0].failures == [
                TestIssue(
                    message: #"XCTAssertEqual failed: ("4") is not equal to ("5") - two doubled"#,
                    file: "Packages/JX/Tests/LibTests/XCTests.swift", line: 5)
            ])
        #expect(cases[2].skipMessage == "not here")
        #expect(cases[1].failures.isEmpty && cases[1].skipMessage == nil)
    }

    @Test("A file's path is made relative to the repository through a link in the package's path too")
    func pathsThroughLinks() throws {
        let folder = NSTemporaryDirectory() + "links-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/real/pkg", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/real")
        let physical = URL(fileURLWithPath: folder + "/real/pkg").resolvingSymlinksInPath().path
        #expect(
            TestIssue.repositoryPath(physical + "/Tests/A.swift", root: folder + "/link/pkg", unitPath: "pkg")
                == "pkg/Tests/A.swift")
        #expect(
            TestIssue.repositoryPath("/elsewhere/A.swift", root: folder + "/link/pkg", unitPath: "")
                == "/elsewhere/A.swift")
    }

    @Test("XCTest on macOS names tests -[Module.Class test]")
    func xctestMacOSNames() {
        var console = XCTestConsoleResults()
        console.add("Test Case '-[LibTests.MathTests testFails]' started.")
        console.add("/p/XCTests.swift:5: error: -[LibTests.MathTests testFails] : XCTAssertTrue failed")
        console.add("Test Case '-[LibTests.MathTests testFails]' failed (0.002 seconds).")
        #expect(
            console.cases == [
                TestCaseResult(
                    suite: "LibTests.MathTests", name: "testFails", status: .failed, seconds: 0.002,
                    failures: [TestIssue(message: "XCTAssertTrue failed", file: "/p/XCTests.swift", line: 5)],
                    filterName: "LibTests.MathTests/testFails")
            ])
    }

    @Test("Swift Testing's event stream: suites, top-level tests, issues with details, arguments, skips")
    func swiftTestingEvents() throws {
        let cases = try Self.swiftTesting()
        #expect(
            cases.map(\.identifier).sorted() == [
                "LibTests.Doubling/fails()", "LibTests.Doubling/param(value:)", "LibTests.Doubling/passes()",
                "LibTests.Doubling/skipped()", "LibTests/topLevel()",
            ])
        func named(_ name: String) -> TestCaseResult? { cases.first { $0.name == name } }
        #expect(named("passes()")?.status == .passed)
        #expect(named("topLevel()")?.status == .passed)
        #expect(named("skipped()")?.status == .skipped && named("skipped()")?.skipMessage == "not now")
        #expect(
            named("fails()")?.failures == [
                TestIssue(
                    message: "Expectation failed: (double(3) → 6) == 7\nthree doubled",
                    file: "Packages/JX/Tests/LibTests/STests.swift", line: 5)
            ])
        // A parameterized test's failure names the arguments it failed with.
        #expect(
            named("param(value:)")?.failures == [
                TestIssue(
                    message: "Expectation failed: (double(value) → 4) != 4",
                    file: "Packages/JX/Tests/LibTests/STests.swift", line: 7, arguments: "2")
            ])
        #expect(named("param(value:)")?.failures.first?.text.contains("STests.swift:7: (arguments: 2) ") == true)
        #expect(cases.allSatisfy { $0.status == .skipped || ($0.seconds ?? -1) >= 0 })
    }

    @Test("A known issue does not fail a test; a test that never started is not listed")
    func knownIssues() {
        let lines = [
            #"{"kind":"test","payload":{"id":"M.a()/A.swift:1:1","kind":"function","name":"a()"},"version":0}"#,
            #"{"kind":"test","payload":{"id":"M.b()/A.swift:2:1","kind":"function","name":"b()"},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.a()/A.swift:1:1","instant":{"absolute":1}},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"issueRecorded","testID":"M.a()/A.swift:1:1","issue":{"isKnown":true},"messages":[]},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"testEnded","testID":"M.a()/A.swift:1:1","instant":{"absolute":1.5}},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"testEnded","test"#,
        ]
        let cases = SwiftTestingEvents.parse(Data(lines.joined(separator: "\n").utf8))
        #expect(cases == [TestCaseResult(suite: "M", name: "a()", status: .passed, seconds: 0.5, filterName: "M.a()")])
    }

    @Test("xcresulttool's tests: each case with its suite and time; a retried pass keeps its failed run as flaky")
    func xcodeCases() throws {
        let failing = try XcodeTestFailures.parse(try Self.fixture("xcresulttool-tests-failing.json"))
        #expect(failing.cases.count == failing.counts.values.reduce(0, +))
        let discount = try #require(failing.cases.first { $0.name == "testDiscount()" })
        #expect(discount.suite == "CartTests" && discount.status == .failed && discount.seconds == 0.012)
        #expect(discount.failures.first?.file == "CartTests.swift" && discount.failures.first?.line == 14)

        let retried = try XcodeTestFailures.parse(try Self.fixture("xcresulttool-tests-retry-flaky.json"))
        let flaky = retried.cases.filter(\.isFlaky)
        #expect(flaky.map(\.name) == ["testFlaky()"])
        #expect(flaky.first?.flakyFailures.first?.message.contains("(failed in 1 of 2 runs, then passed)") == true)
    }

    /// The captured SwiftPM run, and a flaky test, as one report of the package `Packages/JX`.
    static func report() throws -> String {
        var flaky = TestCaseResult(suite: "LibTests.Retry", name: "flaky()", status: .passed, seconds: 0.25)
        flaky.flakyFailures = [TestIssue(message: "first run & <fails>", file: "Tests/R.swift", line: 3)]
        let cases = try xctest() + swiftTesting() + [flaky]
        var suites: [JUnitReport.Suite] = []
        for test in cases {
            if let index = suites.firstIndex(where: { $0.name == test.suite }) {
                suites[index].cases.append(test)
            } else {
                suites.append(.init(package: "Packages/JX", name: test.suite, cases: [test]))
            }
        }
        return JUnitReport.render(suites, timestamp: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("JUnit XML: counts per suite and in all, failures with file:line, skips, flaky runs, escaped")
    func render() throws {
        let xml = try Self.report()
        #expect(xml.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"))
        #expect(xml.contains(#"<testsuites name="prepush" tests="9" failures="3" errors="0""#))
        #expect(
            xml.contains(
                #"<testsuite name="LibTests.MathTests" package="Packages/JX" tests="3" failures="1" errors="0" skipped="1""#
            ))
        #expect(xml.contains(#"timestamp="2023-11-14T22:13:20Z""#))
        #expect(
            xml.contains(
                #"<failure message="Packages/JX/Tests/LibTests/XCTests.swift:5: XCTAssertEqual failed: (&quot;4&quot;) is not equal to (&quot;5&quot;) - two doubled" type="failure">"#
            ))
        #expect(xml.contains(#"<skipped message="not here"/>"#))
        #expect(xml.contains(#"STests.swift:7: (arguments: 2) Expectation failed"#))
        #expect(
            xml.contains(
                #"<flakyFailure message="Tests/R.swift:3: first run &amp; &lt;fails&gt;" type="flaky">"#))
        #expect(JUnitReport.escape("a\u{1}b\nc") == "ab&#10;c")
    }

    @Test("The report holds each package's tests of its last check, not of a voided one, with its folder")
    func suitesOfChecks() {
        func check(_ tests: [TestCaseResult], path: String, changed: [TreeChange] = []) -> CheckRun.Result {
            var test = StepOutcome(name: "test", status: .passed, seconds: 1, figure: "")
            test.testResults = tests
            let unit = CheckRun.UnitResult(
                unit: PlannedUnit(unit: CheckUnit(path: path, kind: .package), content: "t"), outcomes: [test],
                cacheKey: nil)
            return CheckRun.Result(
                check: PlannedCheck(commit: nil, tree: "t", place: .inPlace), units: [unit], changedMeanwhile: changed)
        }
        let old = TestCaseResult(suite: "S", name: "old()", status: .failed)
        let new = TestCaseResult(suite: "S", name: "new()", status: .passed)
        let core = TestCaseResult(suite: "CoreTests", name: "t()", status: .passed)
        let suites = JUnitReport.suites(of: [
            check([old], path: ""), check([core], path: "Core"), check([new], path: ""),
            check([old], path: "", changed: [TreeChange(status: "M", path: "a.swift")]),
        ])
        #expect(suites.map(\.name) == ["S", "CoreTests"])
        #expect(suites[0].cases == [new] && suites[0].package == nil)
        #expect(suites[1].cases == [core] && suites[1].package == "Core")
    }

    static let xmllint = Command.locate("xmllint", searchPath: ProcessInfo.processInfo.environment["PATH"])

    @Test(
        "JUnit XML is valid against Jenkins' junit-10.xsd (xmllint --schema)",
        .enabled(
            if: xmllint != nil,
            Comment(
                rawValue: "xmllint is not installed (Debian/Ubuntu: apt-get install libxml2-utils, as .ci/run does), "
                    + "so the JUnit report cannot be validated against junit-10.xsd here")))
    func validAgainstSchema() async throws {
        #expect(try await Self.validate(Data(try Self.report().utf8)) == "")
        // The schema is really checked: an attribute it does not know is refused.
        let broken = try Self.report().replacingOccurrences(of: "<testcase name=", with: "<testcase line=\"1\" name=")
        #expect(try await Self.validate(Data(broken.utf8)) != "")
    }

    /// xmllint's complaints about `data` against junit-10.xsd; empty when it is valid.
    static func validate(_ data: Data) async throws -> String {
        let file = NSTemporaryDirectory() + "junit-" + UUID().uuidString + ".xml"
        try data.write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try await Command(
            try #require(xmllint), ["--noout", "--nonet", "--schema", fixtures + "/junit-10.xsd", file]
        ).run()
        return result.succeeded ? "" : result.errorText
    }

    @Test("junitparser (PyPI) reads the counts, each case's result, message, time and flaky runs")
    func readByJunitparser() async throws {
        let file = NSTemporaryDirectory() + "junit-" + UUID().uuidString + ".xml"
        try Data(try Self.report().utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let parsed = try JUnitParser.read(file)
        #expect(parsed["tests"] as? Int == 9 && parsed["failures"] as? Int == 3)
        let cases = JUnitParser.cases(parsed)
        func named(_ name: String) -> [String: Any]? { cases.first { $0["name"] as? String == name } }
        #expect(named("testFails")?["result"] as? String == "failure")
        #expect(
            (named("testFails")?["message"] as? String)?.hasPrefix("Packages/JX/Tests/LibTests/XCTests.swift:5: ")
                == true)
        #expect(named("testSkipped")?["result"] as? String == "skipped")
        #expect(named("skipped()")?["message"] as? String == "not now")
        #expect(named("testPasses")?["result"] as? String == "passed")
        #expect(
            named("fails()")?["text"] as? String
                == "Packages/JX/Tests/LibTests/STests.swift:5: Expectation failed: (double(3) → 6) == 7\nthree doubled")
        #expect(named("flaky()")?["result"] as? String == "passed")
        #expect(named("flaky()")?["flaky"] as? [String] == ["Tests/R.swift:3: first run & <fails>"])
        #expect(named("flaky()")?["time"] as? Double == 0.25)
    }

    @Test("junit=PATH parses; other forms are refused with the form to use")
    func request() throws {
        #expect(
            try TestReportRequest.parse("junit=out/j.xml")
                == TestReportRequest(path: "out/j.xml", fromCommandLine: true))
        #expect(throws: TestReportError.malformed("xunit=a.xml")) { try TestReportRequest.parse("xunit=a.xml") }
        #expect(throws: TestReportError.malformed("junit=")) { try TestReportRequest.parse("junit=") }
    }
}

/// `--retry-failed-tests`: the names a retry selects, and the settings.
@Suite("Flaky tests")
struct FlakyTestsTests {
    @Test("A retry selects exactly the failed test: anchored, escaped, any module for a class XCTest named without")
    func patterns() throws {
        #expect(FailedTestRetry.pattern("LibTests.Doubling/fails()") == #"^LibTests\.Doubling/fails\(\)(/|$)"#)
        #expect(FailedTestRetry.pattern("MathTests/testFails") == #"^([^/.]+\.)?MathTests/testFails(/|$)"#)
        #expect(FailedTestRetry.pattern("LibTests.topLevel()") == #"^LibTests\.topLevel\(\)(/|$)"#)
        let swiftTesting = try Regex(FailedTestRetry.pattern("LibTests.Doubling/fails()"))
        #expect("LibTests.Doubling/fails()/STests.swift:5:6".contains(swiftTesting))
        #expect(!"LibTests.Doubling/failsToo()/STests.swift:8:6".contains(swiftTesting))
        let xctest = try Regex(FailedTestRetry.pattern("MathTests/testFails"))
        #expect("LibTests.MathTests/testFails".contains(xctest))
        #expect(!"LibTests.MathTests/testFailsLater".contains(xctest))
        // The names come from the records the libraries wrote.
        let events = SwiftTestingEvents.parse(try TestReportTests.fixture("swift-testing-events.jsonl"))
        #expect(events.first { $0.name == "fails()" }?.filterName == "LibTests.Doubling/fails()")
        #expect(try TestReportTests.xctest().first?.filterName == "LibTests.MathTests/testFails")
    }

    @Test("A test retried is found by its name, with or without the module XCTest on Linux leaves out")
    func sameTest() {
        func test(_ filterName: String) -> TestCaseResult {
            TestCaseResult(suite: "", name: "", status: .passed, filterName: filterName)
        }
        #expect(FailedTestRetry.same(test("CalcTests.ClassicTests/testOnce"), test("ClassicTests/testOnce")))
        #expect(FailedTestRetry.same(test("ClassicTests/testOnce"), test("CalcTests.ClassicTests/testOnce")))
        #expect(!FailedTestRetry.same(test("CalcTests.ClassicTests/testOnce"), test("CalcTests.ClassicTests/testTwo")))
        #expect(!FailedTestRetry.same(test("A.OtherClassicTests/testOnce"), test("ClassicTests/testOnce")))
    }

    @Test("Only a run whose failures are all named and not cut short is retried, and only when asked")
    func retried() {
        var options = PrePushOptions()
        let failed = [
            TestCaseResult(
                suite: "M.S", name: "t()", status: .failed, failures: [TestIssue(message: "x")], filterName: "M.S/t()")
        ]
        #expect(!FailedTestRetry.retries(failed, cutShort: false, options: options))
        options.retryFailedTests = 2
        #expect(FailedTestRetry.retries(failed, cutShort: false, options: options))
        #expect(!FailedTestRetry.retries(failed, cutShort: true, options: options))
        #expect(!FailedTestRetry.retries([], cutShort: false, options: options))
        #expect(!FailedTestRetry.retries(nil, cutShort: false, options: options))
    }

    @Test("XCTest's console: a test that started and never ended cuts the run short")
    func cutShort() {
        var console = XCTestConsoleResults()
        console.add("Test Case 'A.testB' started at 2026-11-24 14:45:05.209")
        #expect(console.isCutShort)
        console.add("Test Case 'A.testB' passed (0.0 seconds)")
        #expect(!console.isCutShort)
        #expect(SwiftTestingEvents.isCutShort(Data(#"{"kind":"event","payload":{"kind":"runStarted"}}"#.utf8)))
    }

    @Test("xcodebuild retries with -retry-tests-on-failure -test-iterations N+1")
    func xcodebuildRetries() {
        #expect(XcodeBuildPlan.retryArguments(0).isEmpty)
        #expect(XcodeBuildPlan.retryArguments(2) == ["-retry-tests-on-failure", "-test-iterations", "3"])
    }
}
