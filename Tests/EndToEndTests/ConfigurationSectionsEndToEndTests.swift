import Foundation
import ProcessKit
import Testing

/// A bad `todoscan` or `errorlint` section of `.preflight.json` stops every prepush entry point
/// before anything is built: `--print-config`, `--dry-run`, `install`, and the hook itself (real
/// git, the built prepush).
@Suite("configuration sections end to end", .serialized)
struct ConfigurationSectionsEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush

    @Test("A bad todoscan section: --print-config, --dry-run and install refuse; the hook stops before building")
    func badTodoscanSection() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        try await repository.run(Self.prepush, ["install"]).checked()
        try repository.write(".preflight.json", #"{"todoscan": {"tags": {"HACK": "fatal"}}}"# + "\n")
        try await repository.commit("a bad section")
        let file = repository.work + "/.preflight.json"

        for arguments in [["--print-config", "--json"], ["--dry-run"], ["install"]] {
            let refused = try await repository.run(Self.prepush, arguments)
            #expect(refused.termination == .exited(2), "\(arguments): \(refused.errorText)")
            #expect(refused.errorText.contains("Invalid value 'fatal' for 'todoscan.tags'"), "\(refused.errorText)")
            #expect(refused.errorText.contains(file), "\(refused.errorText)")
        }

        let push = try await repository.run("git", ["push", "origin", "main"])
        #expect(!push.succeeded)
        #expect(push.errorText.contains("Invalid value 'fatal' for 'todoscan.tags'"), "\(push.errorText)")
        #expect(!push.errorText.contains("==> build"), "\(push.errorText)")
        // Nothing was built: the package has no .build folder.
        #expect(!FileManager.default.fileExists(atPath: repository.work + "/.build"))
    }

    @Test("A package's own bad errorlint section is found before any package is built")
    func badErrorlintSectionOfAPackage() async throws {
        let manifest = { (name: String) in
            "// swift-tools-version: 6.0\nimport PackageDescription\n"
                + "let package = Package(name: \"\(name)\", targets: [.target(name: \"\(name)\")])\n"
        }
        let repository = try await Repository.make(files: [
            "Packages/Alpha/Package.swift": manifest("Alpha"),
            "Packages/Alpha/Sources/Alpha/Alpha.swift": "public let alpha = 1\n",
            "Packages/Beta/Package.swift": manifest("Beta"),
            "Packages/Beta/Sources/Beta/Beta.swift": "public let beta = 2\n",
            "Packages/Beta/.preflight.json": #"{"errorlint": {"rules": {"no-such-rule": "error"}}}"# + "\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        let file = repository.work + "/Packages/Beta/.preflight.json"

        let dryRun = try await repository.run(Self.prepush, ["--dry-run"])
        #expect(dryRun.termination == .exited(2), "\(dryRun.errorText)")
        #expect(dryRun.errorText.contains("'no-such-rule' for 'errorlint.rules'"), "\(dryRun.errorText)")
        #expect(dryRun.errorText.contains(file), "\(dryRun.errorText)")

        let printConfig = try await repository.run(Self.prepush, ["--print-config", "--json"])
        #expect(printConfig.termination == .exited(2), "\(printConfig.errorText)")

        try await repository.run(Self.prepush, ["install"]).checked()
        let push = try await repository.run("git", ["push", "origin", "main"])
        #expect(!push.succeeded)
        #expect(push.errorText.contains("'no-such-rule' for 'errorlint.rules'"), "\(push.errorText)")
        for package in ["Alpha", "Beta"] {
            #expect(!FileManager.default.fileExists(atPath: repository.work + "/Packages/\(package)/.build"))
        }
    }

    @Test("Malformed JSON names the file, line and column")
    func malformedNamesThePlace() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        try repository.write(
            ".preflight.json", "{\n  \"todoscan\": {\n    \"tags\": { \"HACK\" \"warning\" }\n  }\n}\n")
        let result = try await repository.run(Self.prepush, ["--print-config", "--json"])
        #expect(result.termination == .exited(2))
        #expect(
            result.errorText.contains("Fix the JSON in '\(repository.work)/.preflight.json' at line 3, column "),
            "\(result.errorText)")
    }

    @Test("prepush --help lists the options of a check")
    func rootHelpListsCheckOptions() async throws {
        let help = try await Command(Self.prepush, ["--help"]).run()
        #expect(help.succeeded)
        for option in ["--dry-run", "--print-config", "--min-coverage", "--package", "SUBCOMMANDS:"] {
            #expect(help.outputText.contains(option), "\(option)")
        }
    }
}
