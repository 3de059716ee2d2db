/// XCTest's per-test results, read from its console lines as a test run prints them:
///
/// - Linux (swift-corelibs-xctest): `Test Case 'MathTests.testFails' started at …`,
///   `/path/XCTests.swift:5: error: MathTests.testFails : XCTAssertEqual failed: …`,
///   `/path/XCTests.swift:6: MathTests.testSkipped : Test skipped - not here`,
///   `Test Case 'MathTests.testFails' failed (0.001 seconds)`.
/// - macOS: the same with the test written `-[LibTests.MathTests testFails]`.
///
/// Fed line by line (``add(_:)``), like ``TestCount/Tally``. With `--parallel` SwiftPM runs each
/// test in a process of its own and prints its lines when it failed (all of them with `-v`), one
/// test after another; a test whose process crashed has a `started` line and no end
/// (``unfinished``). Such a run's tests are listed by SwiftPM's xUnit file (``ParallelTestRun``).
struct XCTestConsoleResults: Sendable {
    /// The module to put before a class XCTest names without one (Linux prints `MathTests`), when
    /// the run covered one test target; `nil` leaves the names as printed.
    var module: String?
    private(set) var cases: [TestCaseResult] = []
    /// The issues of the running test, and its skip message.
    private var pending: [TestIssue] = []
    private var pendingSkip: String?
    /// The test that started and has not ended.
    private var running: String?
    /// How file paths are made relative to the repository.
    private let relative: @Sendable (String) -> String

    init(module: String? = nil, relative: @escaping @Sendable (String) -> String = { $0 }) {
        self.module = module
        self.relative = relative
    }

    mutating func add(_ line: String) {
        if line.hasPrefix("Test Case '") {
            let rest = line.dropFirst("Test Case '".count)
            guard let quote = rest.firstIndex(of: "'") else { return }
            let test = String(rest[..<quote])
            let after = rest[rest.index(after: quote)...]
            if after.hasPrefix(" started") {
                // Another test starting while one runs: the one running crashed (with `--parallel`
                // each test has its own process, and the next one's lines follow).
                if let unfinished { cases.append(unfinished) }
                pending = []
                pendingSkip = nil
                running = test
                return
            }
            for (word, status) in [
                (" passed (", TestCaseResult.Status.passed), (" failed (", .failed), (" skipped (", .skipped),
            ] where after.hasPrefix(word) {
                let seconds = Double(after.dropFirst(word.count).prefix { $0.isNumber || $0 == "." })
                finish(test, status: status, seconds: seconds)
                return
            }
            return
        }
        // `FILE:LINE: error: TEST : MESSAGE` or `FILE:LINE: TEST : Test skipped - MESSAGE`.
        guard let (file, number, rest) = Self.located(line) else { return }
        if rest.hasPrefix("error: ") {
            let body = rest.dropFirst("error: ".count)
            guard let separator = body.range(of: " : ") else { return }
            // XCTest ends an assertion's text with ` - ` and the message given, empty or not.
            var message = body[separator.upperBound...]
            if message.hasSuffix(" - ") { message = message.dropLast(3) }
            pending.append(TestIssue(message: String(message), file: relative(file), line: number))
        } else if rest.hasPrefix("Fatal error: "), running != nil {
            // The runtime's last words in a test that crashed
            // (`Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range`).
            pending.append(TestIssue(message: String(rest), file: relative(file), line: number))
        } else if let separator = rest.range(of: " : Test skipped") {
            var message = rest[separator.upperBound...]
            if message.hasPrefix(" - ") { message = message.dropFirst(3) }
            pendingSkip = message.isEmpty ? nil : String(message)
        }
    }

    private mutating func finish(_ test: String, status: TestCaseResult.Status, seconds: Double?) {
        var result = named(test, status: status, seconds: seconds)
        result.failures = status == .failed ? (pending.isEmpty ? [TestIssue(message: "failed")] : pending) : []
        result.skipMessage = status == .skipped ? pendingSkip : nil
        cases.append(result)
        pending = []
        pendingSkip = nil
        running = nil
    }

    /// The result of `test` as printed, its class named with ``module`` where it has none.
    private func named(_ test: String, status: TestCaseResult.Status, seconds: Double?) -> TestCaseResult {
        let (suite, name) = Self.split(test)
        var result = TestCaseResult(
            suite: module.map { suite.contains(".") ? suite : "\($0).\(suite)" } ?? suite, name: name,
            status: status, seconds: seconds)
        result.filterName = result.identifier
        return result
    }

    /// Whether a test started and never ended (the run crashed in it): then the failures read do
    /// not explain the run.
    var isCutShort: Bool { running != nil }

    /// The test that started and never ended, as a failure: what its crash said, if anything.
    var unfinished: TestCaseResult? {
        guard let running else { return nil }
        var result = named(running, status: .failed, seconds: nil)
        result.failures =
            pending.isEmpty ? [TestIssue(message: "crashed (its process ended before the test did)")] : pending
        return result
    }

    /// `MathTests.testFails` → (`MathTests`, `testFails`); `-[LibTests.MathTests testFails]` →
    /// (`LibTests.MathTests`, `testFails`).
    static func split(_ test: String) -> (String, String) {
        if test.hasPrefix("-["), test.hasSuffix("]"), let space = test.firstIndex(of: " ") {
            return (
                String(test[test.index(test.startIndex, offsetBy: 2)..<space]),
                String(test[test.index(after: space)..<test.index(before: test.endIndex)])
            )
        }
        guard let dot = test.lastIndex(of: ".") else { return ("", test) }
        return (String(test[..<dot]), String(test[test.index(after: dot)...]))
    }

    /// `FILE:LINE: rest` → (FILE, LINE, rest), the file being the text before the first `:DIGITS: `.
    static func located(_ line: String) -> (String, Int, Substring)? {
        var searchStart = line.startIndex
        while let colon = line[searchStart...].firstIndex(of: ":") {
            let afterColon = line.index(after: colon)
            let digits = line[afterColon...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, line[digits.endIndex...].hasPrefix(": "), let number = Int(digits),
                colon > line.startIndex
            {
                return (String(line[..<colon]), number, line[line.index(digits.endIndex, offsetBy: 2)...])
            }
            searchStart = afterColon
        }
        return nil
    }
}
