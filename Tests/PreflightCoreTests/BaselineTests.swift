import Foundation
import Testing

@testable import PreflightCore

@Suite("Baseline")
struct BaselineTests {
    /// A fresh folder under the temporary directory, symbolic links resolved.
    final class Folder {
        let path: String
        init() throws {
            let raw = NSTemporaryDirectory() + "preflight-baseline-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: raw, withIntermediateDirectories: true)
            path = StandardPath.resolved(StandardPath.absolute(raw)) ?? raw
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func file(_ relative: String) -> String { path + "/" + relative }
        func write(_ relative: String, _ text: String) throws {
            let url = URL(fileURLWithPath: file(relative))
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        func read(_ relative: String) throws -> String {
            try String(decoding: Data(contentsOf: URL(fileURLWithPath: file(relative))), as: UTF8.self)
        }
    }

    static func todo(_ path: String, line: Int, _ message: String = "TODO: retry", column: Int = 4) -> Diagnostic {
        Diagnostic(
            location: SourceLocation(path: path, line: line, column: column), severity: .warning, message: message,
            ruleID: "todo")
    }

    @Test("Written as sorted, pretty JSON with a version and a final newline; loads back equal")
    func roundTrip() throws {
        let folder = try Folder()
        let diagnostics = [
            Self.todo(folder.file("Sources/B.swift"), line: 9),
            Self.todo(folder.file("Sources/A.swift"), line: 3, "FIXME: leak"),
            Self.todo(folder.file("Sources/A.swift"), line: 1),
            Self.todo(folder.file("Sources/A.swift"), line: 7),
            Diagnostic(
                location: SourceLocation(path: folder.file("Localizable.xcstrings"), line: 2, column: 1),
                severity: .error, message: "missing key", ruleID: "missing-key", fingerprint: "missing-key:greeting"),
        ]
        let baseline = Baseline(diagnostics: diagnostics, relativeTo: folder.path)
        #expect(baseline.version == 1)
        #expect(baseline.count == 5)
        let file = folder.file("baseline.json")
        try baseline.write(to: file)
        let expected = """
            {
              "findings" : [
                {
                  "count" : 1,
                  "fingerprint" : "missing-key:greeting",
                  "path" : "Localizable.xcstrings",
                  "ruleId" : "missing-key"
                },
                {
                  "count" : 1,
                  "fingerprint" : "todo:FIXME: leak",
                  "path" : "Sources/A.swift",
                  "ruleId" : "todo"
                },
                {
                  "count" : 2,
                  "fingerprint" : "todo:TODO: retry",
                  "path" : "Sources/A.swift",
                  "ruleId" : "todo"
                },
                {
                  "count" : 1,
                  "fingerprint" : "todo:TODO: retry",
                  "path" : "Sources/B.swift",
                  "ruleId" : "todo"
                }
              ],
              "version" : 1
            }

            """
        #expect(try folder.read("baseline.json") == expected)
        #expect(try Baseline.load(from: file) == baseline)

        // The order of the findings does not change a byte.
        try Baseline(diagnostics: diagnostics.reversed(), relativeTo: folder.path).write(to: file)
        #expect(try folder.read("baseline.json") == expected)
        // Everything written is suppressed again.
        let result = try Baseline.load(from: file).filter(diagnostics, relativeTo: folder.path)
        #expect(result.reported.isEmpty)
        #expect(result.suppressed == 5)
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["baseline.json"])
    }

    @Test("Duplicates are counted: one accepted TODO of two identical ones leaves the later one reported")
    func duplicates() throws {
        let folder = try Folder()
        let a = folder.file("A.swift")
        let baseline = Baseline(diagnostics: [Self.todo(a, line: 10)], relativeTo: folder.path)
        let now = [Self.todo(a, line: 30), Self.todo(a, line: 12), Self.todo(a, line: 20, "TODO: other")]
        let result = baseline.filter(now, relativeTo: folder.path)
        #expect(result.reported == [Self.todo(a, line: 30), Self.todo(a, line: 20, "TODO: other")])
        #expect(result.suppressed == 1)

        let two = Baseline(diagnostics: [Self.todo(a, line: 1), Self.todo(a, line: 2)], relativeTo: folder.path)
        #expect(two.findings == [.init(path: "A.swift", ruleID: "todo", fingerprint: "todo:TODO: retry", count: 2)])
        let three = [Self.todo(a, line: 5), Self.todo(a, line: 6), Self.todo(a, line: 7)]
        #expect(two.filter(three, relativeTo: folder.path) == ([Self.todo(a, line: 7)], 2))
    }

    @Test("Moved lines are still suppressed; another rule, fingerprint or file is not")
    func matching() throws {
        let folder = try Folder()
        let a = folder.file("A.swift")
        let baseline = Baseline(diagnostics: [Self.todo(a, line: 5, column: 4)], relativeTo: folder.path)
        #expect(baseline.filter([Self.todo(a, line: 42, column: 17)], relativeTo: folder.path).suppressed == 1)

        var otherRule = Self.todo(a, line: 5)
        otherRule.ruleID = "fixme"
        var otherFingerprint = Self.todo(a, line: 5)
        otherFingerprint.fingerprint = "todo:TODO: retry later"
        let otherFile = Self.todo(folder.file("B.swift"), line: 5)
        let result = baseline.filter([otherRule, otherFingerprint, otherFile], relativeTo: folder.path)
        #expect(result.reported == [otherRule, otherFingerprint, otherFile])
        #expect(result.suppressed == 0)
    }

    @Test("Paths are relative to the baseline's folder, whatever the current directory")
    func pathsRelativeToBaselineFolder() throws {
        let folder = try Folder()
        let baselineFolder = folder.file("config")
        // Written from the repository root with paths relative to it …
        let written = Baseline(
            diagnostics: [Self.todo("Sources/A.swift", line: 3), Self.todo("./Sources/../README.md", line: 1)],
            relativeTo: "config", currentDirectory: folder.path)
        #expect(written.findings.map(\.path) == ["../README.md", "../Sources/A.swift"])
        try FileManager.default.createDirectory(atPath: baselineFolder, withIntermediateDirectories: true)
        try written.write(to: baselineFolder + "/baseline.json")

        // … and read from Sources/, with paths relative to that …
        let loaded = try Baseline.load(from: baselineFolder + "/baseline.json")
        let fromSources = loaded.filter(
            [Self.todo("A.swift", line: 8), Self.todo("../README.md", line: 2), Self.todo("B.swift", line: 1)],
            relativeTo: "../config", currentDirectory: folder.file("Sources"))
        #expect(fromSources.reported == [Self.todo("B.swift", line: 1)])
        #expect(fromSources.suppressed == 2)

        // … or with absolute paths from anywhere.
        let absolute = loaded.filter(
            [Self.todo(folder.file("Sources/A.swift"), line: 8)], relativeTo: baselineFolder, currentDirectory: "/")
        #expect(absolute.suppressed == 1)

        // The real current directory: a path relative to it reaches the same entry.
        let relativeToHere = StandardPath.relative(
            folder.file("Sources/A.swift"), to: StandardPath.resolved(StandardPath.currentDirectory)!)
        #expect(loaded.filter([Self.todo(relativeToHere, line: 1)], relativeTo: baselineFolder).suppressed == 1)
        #expect(
            Baseline(diagnostics: [Self.todo(relativeToHere, line: 1)], relativeTo: baselineFolder).findings.map(\.path)
                == ["../Sources/A.swift"])
    }

    @Test("Symbolic links in the folder or the paths do not change the match")
    func symbolicLinks() throws {
        let folder = try Folder()
        try folder.write("real/Sources/A.swift", "// TODO: retry\n")
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("link"), withDestinationPath: folder.file("real"))
        let baseline = Baseline(
            diagnostics: [Self.todo(folder.file("real/Sources/A.swift"), line: 1)], relativeTo: folder.file("real"))
        let result = baseline.filter(
            [Self.todo(folder.file("link/Sources/A.swift"), line: 1)], relativeTo: folder.file("link"))
        #expect(result.suppressed == 1)
    }

    @Test("Malformed JSON, a wrong version and bad entries are BaselineError.malformed with the reason")
    func malformed() throws {
        let folder = try Folder()
        let cases: [(String, String)] = [
            ("{ \"version\": 1, \"findings\": [", "not valid JSON"),
            ("[]", "top level"),
            ("{ \"findings\": [] }", "\"version\" is missing"),
            ("{ \"version\": 2, \"findings\": [] }", "\"version\" is 2; this Preflight reads only version 1"),
            ("{ \"version\": \"1\", \"findings\": [] }", "At version: expected Int"),
            ("{ \"version\": 1 }", "\"findings\" is missing"),
            (
                "{ \"version\": 1, \"findings\": [{ \"path\": \"A.swift\", \"ruleId\": \"todo\", \"count\": 1 }] }",
                "\"fingerprint\" is missing at findings[0]"
            ),
            (
                "{ \"version\": 1, \"findings\": [{ \"path\": \"A.swift\", \"ruleId\": \"todo\", \"fingerprint\": \"f\","
                    + " \"count\": 0 }] }",
                "At findings[0]: \"count\" is 0, but it must be at least 1"
            ),
        ]
        for (index, (text, expected)) in cases.enumerated() {
            let name = "bad\(index).json"
            try folder.write(name, text)
            let error = #expect(throws: BaselineError.self) { try Baseline.load(from: folder.file(name)) }
            guard case .malformed(let path, let detail) = error else {
                Issue.record("expected malformed for \(text), got \(String(describing: error))")
                continue
            }
            #expect(path == folder.file(name))
            #expect(detail.contains(expected), "\(detail) should contain \(expected)")
        }
    }

    @Test("A missing file is unreadable; a missing folder is unwritable; each with the system's reason")
    func unreadableAndUnwritable() throws {
        let folder = try Folder()
        let missing = folder.file("nope.json")
        let readError = #expect(throws: BaselineError.self) { try Baseline.load(from: missing) }
        #expect(readError == .unreadable(path: missing, reason: String(cString: strerror(ENOENT))))

        let directoryError = #expect(throws: BaselineError.self) { try Baseline.load(from: folder.path) }
        guard case .unreadable = directoryError else {
            Issue.record("expected unreadable, got \(String(describing: directoryError))")
            return
        }

        let target = folder.file("no/such/folder/baseline.json")
        let writeError = #expect(throws: BaselineError.self) {
            try Baseline(diagnostics: [], relativeTo: folder.path).write(to: target)
        }
        #expect(writeError == .unwritable(path: target, reason: String(cString: strerror(ENOENT))))
    }

    @Test("An empty baseline is valid and suppresses nothing")
    func empty() throws {
        let folder = try Folder()
        let baseline = Baseline(diagnostics: [], relativeTo: folder.path)
        try baseline.write(to: folder.file("b.json"))
        #expect(try folder.read("b.json") == "{\n  \"findings\" : [\n\n  ],\n  \"version\" : 1\n}\n")
        let loaded = try Baseline.load(from: folder.file("b.json"))
        #expect(loaded == baseline)
        let diagnostic = Self.todo(folder.file("A.swift"), line: 1)
        #expect(loaded.filter([diagnostic], relativeTo: folder.path) == ([diagnostic], 0))
    }

    @Test("Every BaselineError has a description, a reason and a suggestion")
    func errorTexts() {
        let errors: [BaselineError] = [
            .unreadable(path: "b.json", reason: "No such file or directory"),
            .malformed(path: "b.json", detail: "It is not valid JSON."),
            .unwritable(path: "b.json", reason: "Permission denied"),
        ]
        for error in errors {
            #expect(error.errorDescription?.contains("b.json") == true)
            #expect(error.failureReason?.isEmpty == false)
            #expect(error.recoverySuggestion?.isEmpty == false)
        }
        #expect(
            BaselineError.unreadable(path: "b.json", reason: "x").recoverySuggestion?.contains(
                "--write-baseline b.json") == true)
    }
}
