import Foundation
import Testing

@testable import PreflightCore
@testable import TodoScanKit

@Suite("Configuration file")
struct ConfigurationTests {
    private func file(_ json: String) throws(ConfigurationError) -> ConfigurationFile {
        try ConfigurationFile(data: Data(json.utf8), path: "/repo/.preflight.json")
    }

    @Test("Settings apply: tags, globs, policies, format; a relative baseline is taken from the file's folder")
    func apply() throws {
        let config = try file(
            """
            {"todoscan": {"tags": {"HACK": "error", "TODO": "note"}, "exclude": ["Generated"], "requireOwner": true,
             "expiring": true, "expiryWarningDays": 3, "format": "sarif", "baseline": "todo-baseline.json",
             "ignoreCase": true}}
            """)
        var options = TodoScanOptions()
        try options.apply(config.section("todoscan"))
        #expect(options.syntax.rules.map(\.tag) == ["TODO", "FIXME", "ERROR", "HACK"])
        #expect(options.syntax.rules.map(\.severity) == [.note, .warning, .error, .error])
        #expect(!options.syntax.isCaseSensitive)
        #expect(options.excludes == ["Generated"])
        #expect(options.policies.requiresOwner && options.policies.checksExpiry)
        #expect(options.policies.expiryWarningDays == 3)
        #expect(options.format == .sarif)
        #expect(options.adoption.baselinePath == "/repo/todo-baseline.json")
    }

    @Test("Unknown keys and sections are errors naming the key and the file")
    func unknownKeys() throws {
        var options = TodoScanOptions()
        let typo = try file(#"{"todoscan": {"exclude": [], "strcit": true}}"#)
        #expect(
            throws: ConfigurationError.unknownKey(key: "strcit", section: "todoscan", path: "/repo/.preflight.json")
        ) {
            try options.apply(typo.section("todoscan"))
        }
        let error = #expect(throws: ConfigurationError.self) { try file(#"{"todoscann": {}}"#) }
        #expect(error?.errorDescription == "Unknown key 'todoscann' in '/repo/.preflight.json'.")
        #expect(error?.failureReason?.contains("errorlint, prepush, todoscan") == true)
    }

    @Test("Wrong types and invalid values say what is expected")
    func wrongTypes() throws {
        var options = TodoScanOptions()
        #expect(
            throws: ConfigurationError.wrongType(
                key: "strict", section: "todoscan", expected: "true or false", path: "/repo/.preflight.json")
        ) {
            try options.apply(try file(#"{"todoscan": {"strict": 1}}"#).section("todoscan"))
        }
        #expect(
            throws: ConfigurationError.wrongType(
                key: "expiryWarningDays", section: "todoscan", expected: "a whole number", path: "/repo/.preflight.json"
            )
        ) {
            try options.apply(try file(#"{"todoscan": {"expiryWarningDays": true}}"#).section("todoscan"))
        }
        let invalid = #expect(throws: ConfigurationError.self) {
            try options.apply(try file(#"{"todoscan": {"tags": {"HACK": "fatal"}}}"#).section("todoscan"))
        }
        #expect(invalid?.failureReason == "A tag's severity is warning, error or note.")
    }

    @Test("Malformed JSON names the line")
    func malformed() {
        let error = #expect(throws: ConfigurationError.self) {
            try file("{\n  \"todoscan\": {\n    \"strict\": tru\n  }\n}")
        }
        guard case .malformed(_, _, _, let detail) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(detail.hasPrefix("line 3"))
    }

    @Test("The nearest .preflight.json is found from a subfolder; --print-config round-trips")
    func findAndPrint() throws {
        let root = NSTemporaryDirectory() + "preflight-config-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/a/b", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try #"{"todoscan": {"strict": true}}"#.write(
            toFile: root + "/.preflight.json", atomically: true, encoding: .utf8)
        let found = try #require(ConfigurationFile.find(from: root + "/a/b"))
        #expect(found.hasSuffix("/.preflight.json"))
        var options = TodoScanOptions()
        try options.apply(ConfigurationFile(contentsOf: found).section("todoscan"))
        #expect(options.isStrict)
        var again = TodoScanOptions()
        try again.apply(file(options.effectiveConfiguration).section("todoscan"))
        #expect(again.isStrict && again.policies == options.policies)
        #expect(Set(again.syntax.rules) == Set(options.syntax.rules))
    }
}
