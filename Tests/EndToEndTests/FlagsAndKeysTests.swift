import Foundation
import ProcessKit
import Testing

/// Every flag of every tool, as ArgumentParser describes it (`--experimental-dump-help`), has a
/// `.preflight.json` key documented in docs/configuration.md (the flag named in the key's row, the
/// key printed by `--print-config`), or is listed there as a flag with no key, with the reason.
@Suite("Flags and configuration keys")
struct FlagsAndKeysTests {
    private static let configurationPage = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/configuration.md")

    /// What ArgumentParser prints for every command: `--help`, `-h` and `--version` are its own.
    private static let parserFlags: Set<String> = ["--help", "--version", "--experimental-dump-help"]

    /// The long names of every displayed option and flag of `tool` and its subcommands.
    static func flags(of tool: String) async throws -> Set<String> {
        let result = try await Command(
            ToolCommandTests.productsDirectory + "/" + tool, ["--experimental-dump-help"]
        ).run()
        #expect(result.termination == .exited(0), "\(result.errorText)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.outputText.utf8)) as? [String: Any])
        var flags: Set<String> = []
        func collect(_ command: [String: Any]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                guard argument["shouldDisplay"] as? Bool != false, argument["kind"] as? String != "positional" else {
                    continue
                }
                for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                    if let text = name["name"] as? String { flags.insert("--" + text) }
                }
            }
            for subcommand in command["subcommands"] as? [[String: Any]] ?? [] {
                collect(subcommand)
            }
        }
        collect(try #require(document["command"] as? [String: Any]))
        return flags.subtracting(parserFlags)
    }

    /// docs/configuration.md's section for `tool`: each key's flags, and the flags it lists as
    /// having no key.
    static func documented(_ tool: String) throws -> (keys: [String: Set<String>], flagOnly: Set<String>) {
        let page = try String(contentsOf: configurationPage, encoding: .utf8)
        let start = try #require(page.range(of: "## `\(tool)`\n"), "docs/configuration.md has no ## `\(tool)`")
        let rest = page[start.upperBound...]
        let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        var keys: [String: Set<String>] = [:]
        var flagOnly: Set<String> = []
        var inFlagOnlyParagraph = false
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("| `") {
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                guard cells.count >= 5 else { continue }
                keys[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = options(in: cells[3])
                inFlagOnlyParagraph = false
            } else if line.hasPrefix("Flags with no key") {
                inFlagOnlyParagraph = true
                flagOnly.formUnion(options(in: line))
            } else if inFlagOnlyParagraph, !line.isEmpty {
                flagOnly.formUnion(options(in: line))
            } else {
                inFlagOnlyParagraph = false
            }
        }
        return (keys, flagOnly)
    }

    /// The `--long-options` written in `text`.
    static func options(in text: some StringProtocol) -> Set<String> {
        var found: Set<String> = []
        let scalars = Array(String(text).unicodeScalars)
        var index = 0
        while index + 2 < scalars.count {
            if scalars[index] == "-", scalars[index + 1] == "-", index == 0 || !isOptionCharacter(scalars[index - 1]) {
                var end = index + 2
                while end < scalars.count, isOptionCharacter(scalars[end]) { end += 1 }
                if end > index + 2 { found.insert(String(String.UnicodeScalarView(scalars[index..<end]))) }
                index = end
            } else {
                index += 1
            }
        }
        return found
    }

    private static func isOptionCharacter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.properties.isAlphabetic && scalar.isASCII) || ("0"..."9").contains(scalar) || scalar == "-"
    }

    @Test(
        "Every flag has a key with a row in docs/configuration.md, or is listed there as flag-only",
        arguments: [
            "prepush", "todoscan", "errorlint",
        ])
    func everyFlagHasAKey(tool: String) async throws {
        let flags = try await Self.flags(of: tool)
        #expect(flags.count > 5, "\(flags)")
        let (keys, flagOnly) = try Self.documented(tool)
        let flagsWithKeys = keys.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        for flag in flags.sorted() {
            #expect(
                flagsWithKeys.contains(flag) || flagOnly.contains(flag),
                "\(tool) \(flag): no .preflight.json key names it in docs/configuration.md, and it is not listed there as a flag with no key"
            )
        }
        // What the page says of the flags is true of the tool: no stale flag names.
        for flag in flagsWithKeys.union(flagOnly).sorted() where !flags.contains(flag) {
            // --diff-base: prepush's hidden old name of --since, which the page mentions as such.
            #expect(
                flag == "--diff-base", "docs/configuration.md names \(flag) for \(tool), which \(tool) does not have")
        }

        // Every key the page gives a flag is a key the tool reads: --print-config prints it.
        let folder = NSTemporaryDirectory() + "flags-keys-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let printed = try await Command(
            ToolCommandTests.productsDirectory + "/" + tool,
            tool == "prepush" ? ["--print-config", "--json"] : ["--print-config"], workingDirectory: folder
        ).run()
        let object = try JSONSerialization.jsonObject(with: Data(printed.outputText.utf8)) as? [String: Any]
        let settings = try #require(object?[tool] as? [String: Any], "\(printed.outputText)")
        for (key, keyFlags) in keys where !keyFlags.isEmpty {
            #expect(
                settings[key] != nil, "\(tool): docs/configuration.md's key \(key) is not printed by --print-config")
        }
    }
}
