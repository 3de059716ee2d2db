import Foundation

/// Swift Testing's per-test results, read from its event stream: the JSON lines it writes with
/// `--event-stream-output-path FILE --event-stream-version 0` (`swift test` passes them on, and the
/// test executable takes them itself; Swift 6.0 and later).
///
/// Each line is `{"kind": "test" | "event", "payload": …, "version": 0}`. A `test` record names a
/// test (`id` like `LibTests.Doubling/passes()/STests.swift:4:6`, `kind` `suite` or `function`,
/// `name`); an `event` is `testStarted`, `testEnded`, `testSkipped` (its message and comments),
/// `issueRecorded` (`issue.isKnown`, `issue.sourceLocation`, the messages; for a parameterized test
/// `_testCase.displayName`, the arguments) with the `testID` it belongs to and an `instant`. A
/// function test with an issue that is not a known issue (`withKnownIssue`) nor a warning failed;
/// one skipped never ran.
enum SwiftTestingEvents {
    /// The functions' results in the order they were declared. Unreadable lines are passed over (a
    /// run cut short leaves a partial last line).
    static func parse(_ data: Data, relative: (String) -> String = { $0 }) -> [TestCaseResult] {
        struct Test {
            var id: String
            var name: String
            var started: Double?
            var ended: Double?
            var skip: String?
            var skipped = false
            var issues: [TestIssue] = []
        }
        var tests: [Test] = []
        var index: [String: Int] = [:]
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let payload = object["payload"] as? [String: Any]
            else { continue }
            switch object["kind"] as? String {
            case "test":
                guard payload["kind"] as? String == "function", let id = payload["id"] as? String,
                    index[id] == nil
                else { continue }
                index[id] = tests.count
                tests.append(Test(id: id, name: payload["name"] as? String ?? id))
            case "event":
                guard let id = payload["testID"] as? String, let position = index[id] else { continue }
                let instant = (payload["instant"] as? [String: Any])?["absolute"] as? Double
                switch payload["kind"] as? String {
                case "testStarted": tests[position].started = instant
                case "testEnded": tests[position].ended = instant
                case "testSkipped":
                    tests[position].skipped = true
                    tests[position].skip =
                        (payload["_comments"] as? [String])?.first
                        ?? (payload["messages"] as? [[String: Any]])?.first?["text"] as? String
                case "issueRecorded":
                    guard let issue = payload["issue"] as? [String: Any], issue["isKnown"] as? Bool != true,
                        (issue["severity"] as? String).map({ $0 == "error" }) ?? true
                    else { continue }
                    let location = issue["sourceLocation"] as? [String: Any]
                    let texts = (payload["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
                    tests[position].issues.append(
                        TestIssue(
                            message: texts.isEmpty ? "issue recorded" : texts.joined(separator: "\n"),
                            file: (location?["_filePath"] as? String).map(relative),
                            line: location?["line"] as? Int,
                            arguments: (payload["_testCase"] as? [String: Any])?["displayName"] as? String))
                default: continue
                }
            default: continue
            }
        }
        return tests.compactMap { test in
            // A test neither started nor skipped did not run (a filter left it out).
            guard test.started != nil || test.skipped else { return nil }
            let status: TestCaseResult.Status = test.skipped ? .skipped : test.issues.isEmpty ? .passed : .failed
            var result = TestCaseResult(
                suite: suite(of: test.id, name: test.name), name: test.name, status: status,
                seconds: test.started.flatMap { start in test.ended.map { max(0, $0 - start) } })
            result.failures = status == .failed ? test.issues : []
            result.skipMessage = test.skip
            result.filterName = filterName(of: test.id)
            return result
        }
    }

    /// Whether the stream records a run that started and never ended (cut short by a crash).
    static func isCutShort(_ data: Data) -> Bool {
        let text = String(decoding: data, as: UTF8.self)
        return text.contains(#""kind":"runStarted""#) && !text.contains(#""kind":"runEnded""#)
    }

    /// The test's ID without its source location: what `--filter` and `--skip` match
    /// (`LibTests.Doubling/passes()`).
    static func filterName(of id: String) -> String {
        var parts = id.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count > 1, let last = parts.last, last.contains(":"), !last.hasSuffix(")") { parts.removeLast() }
        return parts.joined(separator: "/")
    }

    /// `LibTests.Doubling/passes()/STests.swift:4:6` → `LibTests.Doubling`;
    /// `LibTests.topLevel()/STests.swift:9:2` → `LibTests`; nested suites joined with dots.
    static func suite(of id: String, name: String) -> String {
        var parts = id.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // The last part is the source location of a function (`File.swift:4:6`).
        if parts.count > 1, let last = parts.last, last.contains(":"), !last.hasSuffix(")") { parts.removeLast() }
        if parts.last == name {
            parts.removeLast()
            return parts.joined(separator: ".")
        }
        let whole = parts.joined(separator: ".")
        return whole.hasSuffix("." + name) ? String(whole.dropLast(name.count + 1)) : whole
    }
}
