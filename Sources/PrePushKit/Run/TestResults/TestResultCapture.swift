import Foundation
import ProcessKit

/// Reads one test run's per-test results while it runs, when the run asks for them
/// (``PrePushOptions/readsTestResults``): XCTest's console lines as they pass
/// (``XCTestConsoleResults``), and Swift Testing's event stream, written to a file of the run's
/// folder (``SwiftTestingEvents``). With `--parallel` among the test arguments, the XCTest tests
/// are those of SwiftPM's xUnit file (``ParallelTestRun``).
struct TestResultCapture: Sendable {
    /// The event stream's file; `nil` when no results are read.
    let eventsPath: String?
    /// How a run with `--parallel` is read (its xUnit file); `nil` without `--parallel`, or when no
    /// results are read.
    let parallel: ParallelTestRun?
    private let console: Locked<XCTestConsoleResults>
    private let root: String
    private let unitPath: String

    /// `label` names the file (one per run of a step); `module` is the test target the run covers,
    /// when only one (XCTest on Linux names classes without it).
    init(_ context: StepContext, label: String, module: String? = nil) {
        let root = context.packageRoot
        let unitPath = context.unitPath
        self.root = root
        self.unitPath = unitPath
        console = Locked(
            XCTestConsoleResults(module: module) { TestIssue.repositoryPath($0, root: root, unitPath: unitPath) })
        guard context.options.readsTestResults else {
            eventsPath = nil
            parallel = nil
            return
        }
        let path = context.scratchFolder + "/test-events-\(label).jsonl"
        try? FileManager.default.removeItem(atPath: path)
        eventsPath = path
        parallel = ParallelTestRun(
            testArguments: context.options.testArguments, packageRoot: root,
            ownPath: context.scratchFolder + "/test-xunit-\(label).xml")
        // A file of an earlier run is not read as this one's.
        if let parallel { try? FileManager.default.removeItem(atPath: parallel.xunitPath) }
    }

    /// What the test executable takes to write Swift Testing's event stream.
    var swiftTestingArguments: [String] {
        eventsPath.map { ["--event-stream-output-path", $0, "--event-stream-version", "0"] } ?? []
    }

    /// What `swift test` takes to write the results read: the event stream, and with `--parallel`
    /// the xUnit file (and `-v`).
    var swiftTestArguments: [String] {
        swiftTestingArguments + (parallel?.arguments ?? [])
    }

    /// Reads one line of the run's output.
    func add(_ line: String) {
        guard eventsPath != nil else { return }
        console.withLock { $0.add(line) }
    }

    /// Whether the run was cut short inside a test (a crash): its failures read are not all.
    var isCutShort: Bool {
        if let parallel {
            // Each XCTest test had its own process: a crash ended only its own test, failed in
            // the xUnit file. Without the file, which tests failed is not known.
            if xunit(parallel) == nil { return true }
        } else if console.current.isCutShort {
            return true
        }
        guard let eventsPath, let data = FileManager.default.contents(atPath: eventsPath) else { return false }
        return SwiftTestingEvents.isCutShort(data)
    }

    /// The results read, XCTest's then Swift Testing's; `nil` when none are read.
    func results() -> [TestCaseResult]? {
        guard let eventsPath else { return nil }
        let read = console.current
        var results = read.cases
        if let parallel, let tests = xunit(parallel) {
            results = ParallelTestRun.merge(tests, console: read.cases + (read.unfinished.map { [$0] } ?? []))
        }
        if let data = FileManager.default.contents(atPath: eventsPath) {
            results += SwiftTestingEvents.parse(data) { [root, unitPath] in
                TestIssue.repositoryPath($0, root: root, unitPath: unitPath)
            }
        }
        return results
    }

    private func xunit(_ parallel: ParallelTestRun) -> [SwiftPMXUnit.Case]? {
        FileManager.default.contents(atPath: parallel.xunitPath).flatMap(SwiftPMXUnit.parse)
    }
}
