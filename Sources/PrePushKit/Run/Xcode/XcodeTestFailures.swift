import Foundation
import PreflightCore

/// The tests of a result bundle, read from `xcrun xcresulttool get test-results tests --path
/// BUNDLE --format json` (Xcode 16 and later): how many ran, which failed, which were flaky.
///
/// The JSON is `{testNodes: [{name, nodeType, result?, nodeIdentifier?, children?}]}`, a tree of
/// `Test Plan` › `Unit test bundle`/`UI test bundle` › `Test Suite` › `Test Case`. Under a test
/// case: `Failure Message` nodes, whose name is `File.swift:LINE: message`; `Repetition` nodes
/// (`First Run`, `Retry 1`, … with `-retry-tests-on-failure`; `Repetition 1`, … with
/// `-test-iterations`), each with its own result and messages; and, for a parameterized Swift
/// Testing test, `Arguments` nodes named after the arguments. A `Test Case` whose result is
/// `Failed` is a failure; one that `Passed` although a repetition failed is flaky (it failed,
/// then passed on a retry); `Expected Failure` and `Skipped` are neither.
///
/// The same failure repeated in every repetition is listed once. Messages are cleaned of control
/// bytes (Xcode 26 bundles carry 0x01–0x06 in Swift Testing messages) and keep their line breaks,
/// which ``textLines`` indents and GitHub annotations escape.
struct XcodeTestFailures: Sendable, Equatable {
    struct Failure: Sendable, Equatable {
        /// `LoginTests/testWrongPassword()`: the node identifier, else suite and name.
        var test: String
        /// The file as xcresulttool names it (usually only its name: `LoginTests.swift`).
        var file: String?
        var line: Int?
        var message: String
        /// A parameterized test's arguments this failure happened with (the `Arguments` node's
        /// name), or `nil`.
        var arguments: String? = nil

        /// `Suite/test(value:) (arguments: 2)`, or the test alone.
        var subject: String {
            arguments.map { "\(test) (arguments: \($0))" } ?? test
        }
    }

    /// A test that failed in some run, then passed (the bundle's result for it is `Passed`).
    struct Flaky: Sendable, Equatable {
        var test: String
        /// Its xcodebuild identifier (``identifiers``), for `-only-testing:` and `-skip-testing:`.
        var identifier: String
        /// Runs that failed, and all runs (`Repetition` nodes).
        var failedRuns: Int
        var runs: Int
        /// The first failure message of the failed runs, when there is one.
        var message: String?
    }

    /// In the order of the tree; a test with several distinct messages has one entry for each.
    var failures: [Failure]
    /// Tests that passed on a retry after failing.
    var flaky: [Flaky] = []
    /// Test cases by result: `Passed`, `Failed`, `Skipped`, `Expected Failure`.
    var counts: [String: Int] = [:]
    /// Every test case's result, for the test report (an expected failure counts as passed).
    var cases: [TestCaseResult] = []
    /// Each test case's result by its xcodebuild identifier, the form `-only-testing:` and
    /// `-skip-testing:` take: the test bundle's name, then the node identifier
    /// (`AppTests/CartTests/testTotal()`, `AppTests/LoginTests/logsIn()`), as the bundle lists it.
    /// A test listed more than once (several test plan configurations) is `Failed` if it failed in any.
    var identifiers: [String: String] = [:]

    /// How many distinct tests failed.
    var testCount: Int { Set(failures.map(\.test)).count }

    /// Tests that ran: every test case but the skipped ones.
    var testsRun: Int { counts.filter { $0.key != "Skipped" }.values.reduce(0, +) }

    /// The number of test cases with `result`.
    func count(_ result: String) -> Int { counts[result] ?? 0 }

    static func parse(_ data: Data) throws(XcodeBackendError) -> XcodeTestFailures {
        let command = "xcresulttool get test-results tests"
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .malformedOutput(command: command, detail: error.localizedDescription)
        }
        guard let root = document as? [String: Any], let nodes = root["testNodes"] as? [[String: Any]] else {
            throw .malformedOutput(command: command, detail: "no \"testNodes\" array at the top level")
        }
        var result = XcodeTestFailures(failures: [])
        func visit(_ node: [String: Any], bundle: String?, suite: String?) {
            let type = node["nodeType"] as? String
            let name = node["name"] as? String ?? ""
            let children = node["children"] as? [[String: Any]] ?? []
            if type == "Test Case" {
                let test = node["nodeIdentifier"] as? String ?? (suite.map { "\($0)/\(name)" } ?? name)
                result.record(
                    test: test, identifier: bundle.map { "\($0)/\(test)" } ?? test,
                    outcome: node["result"] as? String ?? "", children: children,
                    testCase: TestCaseResult(
                        suite: suite ?? "", name: name, status: .passed, seconds: node["durationInSeconds"] as? Double))
                return
            }
            let isBundle = type == "Unit test bundle" || type == "UI test bundle"
            for child in children {
                visit(child, bundle: isBundle ? name : bundle, suite: type == "Test Suite" ? name : suite)
            }
        }
        for node in nodes { visit(node, bundle: nil, suite: nil) }
        return result
    }

    /// One test case: counted by its result, its distinct messages listed when it failed, and
    /// kept as flaky when it passed after a failed run; `testCase` (its suite, name and time) is
    /// completed and kept in ``cases``.
    private mutating func record(
        test: String, identifier: String, outcome: String, children: [[String: Any]], testCase: TestCaseResult
    ) {
        var testCase = testCase
        defer { cases.append(testCase) }
        counts[outcome, default: 0] += 1
        if identifiers[identifier] != "Failed" { identifiers[identifier] = outcome }
        var messages: [(arguments: String?, text: String)] = []
        var runs: [String] = []
        func collect(_ nodes: [[String: Any]], arguments: String?) {
            for node in nodes {
                let name = node["name"] as? String ?? ""
                switch node["nodeType"] as? String {
                case "Failure Message":
                    let text = Self.clean(name)
                    if !messages.contains(where: { $0.arguments == arguments && $0.text == text }) {
                        messages.append((arguments, text))
                    }
                    continue
                case "Repetition":
                    runs.append(node["result"] as? String ?? "")
                case "Arguments":
                    collect(node["children"] as? [[String: Any]] ?? [], arguments: Self.clean(name))
                    continue
                default: break
                }
                collect(node["children"] as? [[String: Any]] ?? [], arguments: arguments)
            }
        }
        collect(children, arguments: nil)
        let failedRuns = runs.filter { $0 == "Failed" }.count
        switch outcome {
        case "Failed":
            if messages.isEmpty { messages = [(nil, "failed")] }
            // With -test-iterations a test can fail in some runs only; say so.
            let note =
                failedRuns > 0 && failedRuns < runs.count ? " (failed in \(failedRuns) of \(runs.count) runs)" : ""
            testCase.status = .failed
            for (arguments, message) in messages {
                let (file, line, text) = Self.location(of: message)
                failures.append(
                    Failure(test: test, file: file, line: line, message: text + note, arguments: arguments))
                testCase.failures.append(TestIssue(message: text + note, file: file, line: line, arguments: arguments))
            }
        case "Passed" where failedRuns > 0:
            flaky.append(
                Flaky(
                    test: test, identifier: identifier, failedRuns: failedRuns, runs: runs.count,
                    message: messages.first.map { Self.location(of: $0.text).2 }))
            let note = " (failed in \(failedRuns) of \(runs.count) runs, then passed)"
            testCase.flakyFailures = messages.map { arguments, message in
                let (file, line, text) = Self.location(of: message)
                return TestIssue(message: text + note, file: file, line: line, arguments: arguments)
            }
            if testCase.flakyFailures.isEmpty { testCase.flakyFailures = [TestIssue(message: "failed" + note)] }
        case "Skipped":
            testCase.status = .skipped
        default: break
        }
    }

    /// `text` without control bytes but tab and line feed; CR LF and lone CRs become line feeds.
    static func clean(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar.value {
            case 0x0D: result.append("\n")
            case 0x0A where previous == "\r": break
            case 0x09, 0x0A: result.append(scalar)
            case 0x00...0x1F, 0x7F, 0x80...0x9F: break
            default: result.append(scalar)
            }
        }
        return String(result).trimmingCharacters(in: .newlines)
    }

    /// `File.swift:42: message` → (`File.swift`, 42, `message`); otherwise no location.
    static func location(of message: String) -> (String?, Int?, String) {
        var searchStart = message.startIndex
        while let colon = message[searchStart...].firstIndex(of: ":") {
            let afterColon = message.index(after: colon)
            let digits = message[afterColon...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, message[digits.endIndex...].hasPrefix(": "), let line = Int(digits) {
                let file = String(message[..<colon])
                if file.contains("."), !file.contains("\n") {
                    let text = message[message.index(digits.endIndex, offsetBy: 2)...]
                    return (file, line, String(text))
                }
            }
            searchStart = afterColon
        }
        return (nil, nil, message)
    }

    /// The failures as compiler-style lines (`Path/File.swift:42: error: Suite/test(): message`),
    /// with each file's name made a path relative to the project root when `files` (the project's
    /// files, relative) holds exactly one file of that name.
    func diagnostics(files: [String]) -> [Diagnostic] {
        var byName: [String: [String]] = [:]
        for file in files { byName[(file as NSString).lastPathComponent, default: []].append(file) }
        return failures.compactMap { failure in
            guard let file = failure.file, let line = failure.line else { return nil }
            let candidates = file.contains("/") ? [] : byName[file] ?? []
            let path = candidates.count == 1 ? candidates[0] : file
            return Diagnostic(
                location: SourceLocation(path: path, line: line, column: 1), severity: .error,
                message: "\(failure.subject): \(failure.message)", ruleID: "test-failure")
        }
    }

    /// Failures without a file and line (a crash, a timeout): `error: Suite/test(): message`.
    var unlocated: [Failure] {
        failures.filter { $0.file == nil || $0.line == nil }
    }

    /// `prefix` and the message's first line on one line, its further lines indented below it, so
    /// each `file:line: error:` line stays whole for editors and problem matchers.
    static func textLines(_ prefix: String, _ message: String) -> String {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        return ([prefix + (lines.first.map(String.init) ?? "")] + lines.dropFirst().map { "    " + $0 })
            .joined(separator: "\n") + "\n"
    }

    /// The project's files, relative to `root`, that a failure's file name may stand for: source
    /// files outside hidden folders, `build` and `DerivedData`.
    static func projectFiles(in root: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let entry = enumerator.nextObject() as? String {
            let name = (entry as NSString).lastPathComponent
            if name.hasPrefix(".") || name == "DerivedData" || name == "build" || name.hasSuffix(".xcodeproj")
                || name.hasSuffix(".xcworkspace") || name.hasSuffix(".xcresult")
            {
                enumerator.skipDescendants()
                continue
            }
            if ["swift", "m", "mm", "c", "cpp"].contains((name as NSString).pathExtension) { files.append(entry) }
        }
        return files
    }
}
