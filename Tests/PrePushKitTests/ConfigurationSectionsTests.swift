import Foundation
import PreflightCore
import Testing

@testable import PrePushKit

/// prepush reads the sections of its steps whenever it reads its own, and shows the worktree's
/// paths as the repository's.
@Suite("configuration sections and worktree paths")
struct ConfigurationSectionsTests {
    private func folder(with json: String) throws -> String {
        let folder = NSTemporaryDirectory() + "prepush-sections-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try json.write(toFile: folder + "/.preflight.json", atomically: true, encoding: .utf8)
        return folder
    }

    @Test("A bad todoscan or errorlint section is an error of prepush's own settings")
    func stepSectionsAreChecked() throws {
        let cases: [(String, ConfigurationError)] = [
            (
                #"{"todoscan": {"tags": {"HACK": "fatal"}}}"#,
                .invalidValue(
                    key: "tags", section: "todoscan", value: "fatal",
                    detail: "A tag's severity is warning, error or note.",
                    path: "")
            ),
            (
                #"{"errorlint": {"require": ["failureReason"]}}"#,
                .unknownKey(key: "require", section: "errorlint", path: "")
            ),
        ]
        for (json, expected) in cases {
            let folder = try folder(with: json)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            #expect {
                _ = try PrePushFlags().options(in: folder)
            } throws: { error in
                guard let error = error as? ConfigurationError else { return false }
                return error.errorDescription == Self.describe(expected, path: folder + "/.preflight.json")
            }
        }
        let good = try folder(
            with: #"{"errorlint": {"requiredMembers": ["failureReason"]}, "todoscan": {"tags": {"HACK": "error"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: good) }
        _ = try PrePushFlags().options(in: good)
    }

    private static func describe(_ error: ConfigurationError, path: String) -> String? {
        switch error {
        case .invalidValue(let key, let section, let value, let detail, _):
            ConfigurationError.invalidValue(key: key, section: section, value: value, detail: detail, path: path)
                .errorDescription
        case .unknownKey(let key, let section, _):
            ConfigurationError.unknownKey(key: key, section: section, path: path).errorDescription
        default: error.errorDescription
        }
    }

    @Test("Malformed JSON: the file, line and column")
    func malformedPlace() {
        #expect {
            _ = try ConfigurationFile(data: Data("{\n  \"a\": {\n    \"b\" 1 }\n}\n".utf8), path: "/r/.preflight.json")
        } throws: { error in
            let suggestion = (error as? ConfigurationError)?.recoverySuggestion ?? ""
            return suggestion.hasPrefix("Fix the JSON in '/r/.preflight.json' at line 3, column ")
        }
    }

    @Test("The nearest configuration file of a folder in a tree")
    func nearestFile() {
        let listing = TreeListing(
            objects: ["": "t", ".preflight.json": "a", "Packages/B/.preflight.json": "b"],
            files: [".preflight.json", "Packages/B/.preflight.json"])
        #expect(TreeConfiguration.nearestFile(from: "Packages/B", in: listing) == "Packages/B/.preflight.json")
        #expect(TreeConfiguration.nearestFile(from: "Packages/A", in: listing) == ".preflight.json")
        #expect(TreeConfiguration.nearestFile(from: "", in: listing) == ".preflight.json")
        let bare = TreeListing(objects: ["": "t"], files: [])
        #expect(TreeConfiguration.nearestFile(from: "Packages/A", in: bare) == nil)
    }

    @Test("Paths in the worktree are printed as the repository's")
    func worktreePaths() {
        let worktree = "/repo/.build/prepush-worktree"
        #expect(
            RunOutput.mapping(
                "\(worktree)/Sources/A/A.swift:3:5: error: x\nin \(worktree)\n", from: worktree, to: "/repo")
                == "/repo/Sources/A/A.swift:3:5: error: x\nin /repo\n")
        #expect(RunOutput.mapping("Sources/A.swift:1: ok\n", from: worktree, to: "/repo") == "Sources/A.swift:1: ok\n")
    }
}
