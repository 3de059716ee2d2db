import Foundation

/// What one xcodebuild test run of the fixture app leaves in its result bundle, made from the
/// fixtures of real shapes (Tests/PrePushKitTests/Fixtures, each with its `.source`): the coverage
/// of a run that executed some of `App/Cart.swift`'s lines, and the tests of a run again of some
/// of the flaky-fixture bundle's tests.
package enum XcodeRunFixtures {
    package static let folder =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
        + "/PrePushKitTests/Fixtures"

    /// `xccov view --report --json` and `xccov view --archive --json` of a run that executed
    /// `App/Cart.swift`'s lines `covered` once each and its other executable lines not
    /// (xccov-report-app.json, xccov-archive-app.json, with `@ROOT@` for `root`).
    package static func coverage(covering covered: Set<Int>, root: String) throws -> (report: String, archive: String) {
        let cart = root + "/App/Cart.swift"
        var archive = try object("xccov-archive-app.json", root: root) as? [String: Any] ?? [:]
        let lines = (archive[cart] as? [[String: Any]] ?? []).map { line -> [String: Any] in
            guard line["isExecutable"] as? Bool == true, let number = line["line"] as? Int else { return line }
            var line = line
            line["executionCount"] = covered.contains(number) ? 1 : 0
            return line
        }
        archive[cart] = lines
        let executable = Set(lines.filter { $0["isExecutable"] as? Bool == true }.compactMap { $0["line"] as? Int })
        var report = try object("xccov-report-app.json", root: root) as? [String: Any] ?? [:]
        report["targets"] = (report["targets"] as? [[String: Any]] ?? []).map { target -> [String: Any] in
            var target = target
            target["files"] = (target["files"] as? [[String: Any]] ?? []).map { file -> [String: Any] in
                guard file["path"] as? String == cart else { return file }
                var file = file
                file["coveredLines"] = executable.intersection(covered).count
                file["functions"] = (file["functions"] as? [[String: Any]] ?? []).map { function -> [String: Any] in
                    var function = function
                    let executed = covered.contains(function["lineNumber"] as? Int ?? 0)
                    function["executionCount"] = executed ? 1 : 0
                    if !executed { function["coveredLines"] = 0 }
                    return function
                }
                return file
            }
            return target
        }
        return (try text(report), try text(archive))
    }

    /// `xcresulttool get test-results tests` of a run, without retries, of the tests of
    /// xcresulttool-tests-retry-flaky.json named in `results` (`testFlaky()`, `testStablePass()`),
    /// each with that result: a failed one keeps the failure message of the capture's failed run.
    package static func tests(_ results: [String: String]) throws -> String {
        var document = try object("xcresulttool-tests-retry-flaky.json", root: "") as? [String: Any] ?? [:]
        func rewrite(_ node: [String: Any]) -> [String: Any]? {
            var node = node
            let children = node["children"] as? [[String: Any]] ?? []
            guard node["nodeType"] as? String == "Test Case" else {
                node["children"] = children.compactMap(rewrite)
                return node
            }
            guard let result = results[node["name"] as? String ?? ""] else { return nil }
            let messages = children.flatMap { $0["children"] as? [[String: Any]] ?? [] }
                .filter { $0["nodeType"] as? String == "Failure Message" }
            node["result"] = result
            node["details"] = nil
            node["children"] = result == "Failed" ? messages : nil
            return node
        }
        document["testNodes"] = (document["testNodes"] as? [[String: Any]] ?? []).compactMap(rewrite)
        return try text(document)
    }

    private static func object(_ name: String, root: String) throws -> Any {
        let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        return try JSONSerialization.jsonObject(with: Data(text.replacingOccurrences(of: "@ROOT@", with: root).utf8))
    }

    private static func text(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
}
