import Foundation
import ProcessKit
import Testing

/// `prepush --help` fits a screen with the rest in `prepush help TOPIC` (issue 38, item 5), and
/// `prepush --print-config` is a table of the settings in effect with where each came from, its
/// JSON behind `--json` (item 4): the built `prepush`, real git.
@Suite("prepush help topics and the settings table")
struct HelpAndSettingsEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush

    @Test("prepush --help is at most 60 lines of at most 80 columns: usage, common options, the topics")
    func helpFitsAScreen() async throws {
        let help = try await Command(Self.prepush, ["--help"]).run()
        #expect(help.termination == .exited(0), "\(help.errorText)")
        let lines = help.outputText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 60, "\(lines.count) lines:\n\(help.outputText)")
        for line in lines { #expect(line.count <= 80, "'\(line)'") }
        for part in ["USAGE: prepush", "COMMON OPTIONS", "--dry-run", "MORE: prepush help TOPIC", "docs/prepush.md"] {
            #expect(help.outputText.contains(part), "\(part)")
        }
    }

    @Test(
        "prepush help TOPIC prints each topic within 80 columns; a subcommand's help is ArgumentParser's; an unknown topic is a usage error",
        arguments: ["steps", "config", "coverage", "ci", "xcode", "hooks", "shared-verification", "output"])
    func topics(topic: String) async throws {
        let result = try await Command(Self.prepush, ["help", topic]).run()
        #expect(result.termination == .exited(0), "\(result.errorText)")
        #expect(result.outputText.contains("(prepush help \(topic))"), "\(result.outputText)")
        #expect(result.outputText.contains("docs/") || topic == "output", "\(result.outputText)")
        for line in result.outputText.split(separator: "\n") { #expect(line.count <= 80, "'\(line)'") }
        let check = try await Command(Self.prepush, ["help", "check"]).run()
        #expect(check.outputText.contains("--publish-verification <remote>"), "\(check.outputText)")
        let unknown = try await Command(Self.prepush, ["help", "no-such-topic"]).run()
        #expect(unknown.termination == .exited(2), "\(unknown.outputText)")
    }

    @Test(
        "--print-config: each setting's value and source (default, .preflight.json, flag, environment, git config), errorlint resolved; --json is the document"
    )
    func settingsTable() async throws {
        let repository = try await Repository.make(files: [
            "Package.swift":
                "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"P\")\n",
            ".preflight.json": "{ \"prepush\": { \"minCoverage\": 80, \"keepGoing\": true } }\n",
        ])
        try await repository.run("git", ["config", "preflight.trustAnchor", "refs/remotes/origin/release"]).checked()
        let table = try await repository.run(
            Self.prepush, ["--print-config", "-c", "release"], environment: ["PREPUSH_SKIP": "todoscan"])
        #expect(table.termination == .exited(0), "\(table.errorText)")
        let text = table.outputText
        func row(_ key: String) -> String {
            text.split(separator: "\n").first { $0.hasPrefix("  \(key) ") }.map(String.init) ?? ""
        }
        #expect(text.contains("(defaults, then .preflight.json, then flags)"), "\(text)")
        #expect(row("minCoverage").hasSuffix(".preflight.json"), "\(row("minCoverage"))")
        #expect(row("keepGoing").contains("true"), "\(row("keepGoing"))")
        #expect(row("keepGoing").hasSuffix(".preflight.json"), "\(row("keepGoing"))")
        #expect(row("configuration").contains("release"), "\(row("configuration"))")
        #expect(row("configuration").hasSuffix("flag"), "\(row("configuration"))")
        #expect(row("retryFailedTests").hasSuffix("default"), "\(row("retryFailedTests"))")
        // The runner sets PREPUSH_WARM_WORKTREE=0 (PrePushEndToEndTests.Repository.run).
        #expect(row("warmWorktree").contains("environment: PREPUSH_WARM_WORKTREE=0"), "\(row("warmWorktree"))")
        #expect(row("skip").contains("environment: PREPUSH_SKIP=todoscan"), "\(row("skip"))")
        #expect(row("trustAnchor").contains("refs/remotes/origin/release"), "\(row("trustAnchor"))")
        #expect(row("trustAnchor").hasSuffix("git config preflight.trustAnchor"), "\(row("trustAnchor"))")
        // errorlint is built beside this prepush: the table says it will run, not null.
        let errorlint = text.split(separator: "\n").drop { !$0.hasPrefix("  errorlint ") }.prefix(2)
            .joined(separator: "\n")
        #expect(errorlint.contains("on: ") && errorlint.contains("/errorlint"), "\(errorlint)")
        #expect(text.contains("checked here (as committed at HEAD):"), "\(text)")

        let json = try await repository.run(Self.prepush, ["--print-config", "--json", "-c", "release"])
        #expect(json.termination == .exited(0), "\(json.errorText)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.outputText.utf8)) as? [String: Any], "\(json.outputText)")
        let settings = try #require(object["prepush"] as? [String: Any])
        #expect(settings["configuration"] as? String == "release")
        #expect(settings["minCoverage"] as? Double == 80)
        #expect(settings["errorlint"] is NSNull)

        let alone = try await repository.run(Self.prepush, ["--json"])
        #expect(alone.termination == .exited(2), "\(alone.errorText)")
    }
}
