import Foundation
import PreflightCore

/// The failing tests of a result bundle, read from `xcrun xcresulttool get test-results tests
/// --path BUNDLE --format json` (Xcode 16 and later).
///
/// The JSON is `{testNodes: [{name, nodeType, result?, nodeIdentifier?, children?}]}`, a tree of
/// `Test Plan` › `Unit test bundle`/`UI test bundle` › `Test Suite` › `Test Case`, under which
/// `Failure Message` nodes (possibly inside `Repetition` or `Arguments` nodes) carry
/// `File.swift:LINE: message` as their name. A `Test Case` whose result is `Failed` is a failure;
/// `Expected Failure` and `Skipped` are not.
package struct XcodeTestFailures: Sendable, Equatable {
    package struct Failure: Sendable, Equatable {
        /// `LoginTests/testWrongPassword()`: the node identifier, else suite and name.
        package var test: String
        /// The file as xcresulttool names it (usually only its name: `LoginTests.swift`).
        package var file: String?
        package var line: Int?
        package var message: String
    }

    /// In the order of the tree; a test with several messages has one entry for each.
    package var failures: [Failure]

    /// How many distinct tests failed.
    package var testCount: Int { Set(failures.map(\.test)).count }

    package static func parse(_ data: Data) throws(XcodeBackendError) -> XcodeTestFailures {
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .malformedOutput(command: "xcresulttool get test-results tests", detail: error.localizedDescription)
        }
        guard let root = document as? [String: Any], let nodes = root["testNodes"] as? [[String: Any]] else {
            throw .malformedOutput(
                command: "xcresulttool get test-results tests", detail: "no \"testNodes\" array at the top level")
        }
        var failures: [Failure] = []
        func visit(_ node: [String: Any], suite: String?) {
            let type = node["nodeType"] as? String
            let name = node["name"] as? String ?? ""
            let children = node["children"] as? [[String: Any]] ?? []
            if type == "Test Case" {
                guard node["result"] as? String == "Failed" else { return }
                let test = node["nodeIdentifier"] as? String ?? (suite.map { "\($0)/\(name)" } ?? name)
                let messages = messages(under: children)
                if messages.isEmpty {
                    failures.append(Failure(test: test, file: nil, line: nil, message: "failed"))
                }
                for message in messages {
                    let (file, line, text) = location(of: message)
                    failures.append(Failure(test: test, file: file, line: line, message: text))
                }
                return
            }
            let nextSuite = type == "Test Suite" ? name : suite
            for child in children { visit(child, suite: nextSuite) }
        }
        for node in nodes { visit(node, suite: nil) }
        return XcodeTestFailures(failures: failures)
    }

    /// Every `Failure Message` name under `nodes`, depth first.
    private static func messages(under nodes: [[String: Any]]) -> [String] {
        nodes.flatMap { node -> [String] in
            if node["nodeType"] as? String == "Failure Message" { return [node["name"] as? String ?? ""] }
            return messages(under: node["children"] as? [[String: Any]] ?? [])
        }
    }

    /// `File.swift:42: message` → (`File.swift`, 42, `message`); otherwise no location.
    static func location(of message: String) -> (String?, Int?, String) {
        var searchStart = message.startIndex
        while let colon = message[searchStart...].firstIndex(of: ":") {
            let afterColon = message.index(after: colon)
            let digits = message[afterColon...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, message[digits.endIndex...].hasPrefix(": "), let line = Int(digits) {
                let file = String(message[..<colon])
                if file.contains(".") {
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
    package func diagnostics(files: [String]) -> [Diagnostic] {
        var byName: [String: [String]] = [:]
        for file in files { byName[(file as NSString).lastPathComponent, default: []].append(file) }
        return failures.compactMap { failure in
            guard let file = failure.file, let line = failure.line else { return nil }
            let candidates = file.contains("/") ? [] : byName[file] ?? []
            let path = candidates.count == 1 ? candidates[0] : file
            return Diagnostic(
                location: SourceLocation(path: path, line: line, column: 1), severity: .error,
                message: "\(failure.test): \(failure.message)", ruleID: "test-failure")
        }
    }

    /// Failures without a file and line (a crash, a timeout): `error: Suite/test(): message`.
    package var unlocated: [Failure] {
        failures.filter { $0.file == nil || $0.line == nil }
    }

    /// The project's files, relative to `root`, that a failure's file name may stand for: source
    /// files outside hidden folders, `build` and `DerivedData`.
    package static func projectFiles(in root: String) -> [String] {
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
