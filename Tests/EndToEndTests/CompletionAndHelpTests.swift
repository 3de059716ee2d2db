import Foundation
import ProcessKit
import Testing

/// Shell completions generate for every tool, and each tool's `--help` lists every option README
/// shows for it (scripts/generate-completions.sh writes the same scripts to files).
@Suite("Completions and help")
struct CompletionAndHelpTests {
    private static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    /// Options of other programs that README's tool sections show on their own (`--only-targets`).
    private static let foreignOptions: Set<String> = ["--no-verify", "--only-targets", "--with-errorlint", "--filter"]

    @Test(
        "Completion scripts generate for bash, zsh and fish",
        arguments: ["prepush", "todoscan", "errorlint"],
        [("bash", "complete -o filenames -F"), ("zsh", "#compdef"), ("fish", "complete -c")])
    func completion(tool: String, shell: (String, String)) async throws {
        let (name, marker) = shell
        let result = try await Command(
            ToolCommandTests.productsDirectory + "/" + tool, ["--generate-completion-script", name]
        ).run()
        #expect(result.termination == .exited(0), "\(result.errorText)")
        #expect(result.outputText.contains(marker))
        #expect(result.outputText.contains(tool))
    }

    @Test(
        "docs/configuration.md has a row for every key a tool's --print-config shows",
        arguments: ["prepush", "todoscan", "errorlint"])
    func configurationKeysAreDocumented(tool: String) async throws {
        let page = try String(
            contentsOf: Self.readme.deletingLastPathComponent().appendingPathComponent("docs/configuration.md"),
            encoding: .utf8)
        // Run in a folder of its own: no .preflight.json above it to read.
        let folder = NSTemporaryDirectory() + "config-keys-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let printed = try await Command(
            ToolCommandTests.productsDirectory + "/" + tool,
            tool == "prepush" ? ["--print-config", "--json"] : ["--print-config"], workingDirectory: folder
        ).run()
        #expect(printed.termination == .exited(0), "\(printed.errorText)")
        let object = try JSONSerialization.jsonObject(with: Data(printed.outputText.utf8)) as? [String: Any]
        let settings = try #require(object?[tool] as? [String: Any], "\(printed.outputText)")
        #expect(!settings.isEmpty)
        for key in settings.keys.sorted() {
            #expect(page.contains("| `\(key)` |"), "\(tool)'s key \(key) has no row in docs/configuration.md")
        }
    }

    @Test("The --help pages list every option README shows for the tool", arguments: ["prepush", "todoscan"])
    func helpMatchesReadme(tool: String) async throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let section = try #require(Self.section(named: tool, in: text), "README has no '## \(tool)' section")
        // The tool's section and its row of the status table.
        let row = text.split(separator: "\n").filter { $0.hasPrefix("| `\(tool)` |") }.joined(separator: "\n")
        let options = Self.documentedOptions(of: tool, in: section + "\n" + row).subtracting(Self.foreignOptions)
        #expect(!options.isEmpty)
        let executable = ToolCommandTests.productsDirectory + "/" + tool
        let help = try await Command(executable, ["--help"]).run()
        #expect(help.termination == .exited(0))
        // The root's help and each subcommand's (a default subcommand's options are listed there).
        var pages = help.outputText
        for subcommand in Self.subcommands(in: help.outputText) {
            let page = try await Command(executable, [subcommand, "--help"]).run()
            #expect(page.termination == .exited(0), "\(tool) \(subcommand) --help")
            pages += page.outputText
        }
        for option in options.sorted() {
            #expect(pages.contains(option), "README shows \(option) for \(tool); its --help pages do not list it")
        }
    }

    /// The names listed under `SUBCOMMANDS:` in a help page.
    static func subcommands(in help: String) -> [String] {
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        var names: [String] = []
        for line in help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { break }
            // Entries start two spaces in; wrapped descriptions start further in.
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first else {
                continue
            }
            names.append(String(name))
        }
        return names
    }

    /// The text of `## name` up to the next `## ` heading.
    static func section(named name: String, in text: String) -> Substring? {
        guard let start = text.range(of: "\n## \(name)\n") else { return nil }
        let rest = text[start.upperBound...]
        return rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    }

    /// The options README shows for `tool`: in code-block lines and inline code that run the tool
    /// (`tool …`, `swift run tool …`, `path/to/tool …`), and inline code that is an option alone.
    static func documentedOptions(of tool: String, in text: Substring) -> Set<String> {
        var snippets: [Substring] = []
        func runsTool(_ code: Substring) -> Bool {
            var words = code.split(separator: " ")
            if words.starts(with: ["swift", "run"]) { words.removeFirst(2) }
            guard let first = words.first else { return false }
            return first == tool || first.hasSuffix("/" + tool)
        }
        var prose: [Substring] = []
        for (index, block) in text.components(separatedBy: "```").enumerated() {
            if index % 2 == 0 {
                prose.append(Substring(block))
                continue
            }
            for line in block.split(separator: "\n") {
                let command = line.split(separator: " #", maxSplits: 1).first ?? line
                if runsTool(command) { snippets.append(command) }
            }
        }
        for part in prose {
            for (index, code) in part.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            where index % 2 == 1 && (code.hasPrefix("--") || runsTool(code)) {
                snippets.append(code)
            }
        }
        return snippets.reduce(into: []) { $0.formUnion(options(in: $1)) }
    }

    /// Every `--option` word in `text`.
    static func options(in text: Substring) -> Set<String> {
        var found: Set<String> = []
        var index = text.startIndex
        while let range = text[index...].range(of: "--") {
            var end = range.upperBound
            while end < text.endIndex, text[end].isLetter || text[end].isNumber || text[end] == "-" {
                end = text.index(after: end)
            }
            let before = range.lowerBound == text.startIndex ? " " : text[text.index(before: range.lowerBound)]
            // Not part of a word, and not quoted (a JSON example's argv for another program).
            if end > range.upperBound, !(before.isLetter || before.isNumber || before == "-" || before == "\"") {
                found.insert(String(text[range.lowerBound..<end]))
            }
            index = end
        }
        return found
    }
}

@Suite("Usage lines and help layout")
struct UsageAndHelpLayoutTests {
    private func help(_ tool: String, _ arguments: [String]) async throws -> String {
        let result = try await Command(ToolCommandTests.productsDirectory + "/" + tool, arguments).run()
        #expect(result.termination == .exited(0), "\(result.errorText)")
        return result.outputText
    }

    @Test("Usage lines show options as optional and the default subcommand as optional")
    func usageLines() async throws {
        #expect(try await help("prepush", ["help", "check"]).contains("USAGE: prepush [check] [<options>]\n"))
        let prepush = try await help("prepush", ["--help"])
        #expect(prepush.contains("USAGE: prepush [check] [<options>]\n"))
        #expect(prepush.contains("       prepush hook <remote> <url> [<options>]\n"))
        #expect(
            try await help("errorlint", ["--help"]).contains("USAGE: errorlint [check] [<options>] [<paths> ...]\n"))
        for (tool, arguments) in [
            ("prepush", ["help", "check"]), ("prepush", ["help", "hook"]), ("todoscan", ["--help"]),
        ] {
            let usage = try await help(tool, arguments).split(separator: "\n").first { $0.hasPrefix("USAGE:") }
            #expect(usage?.contains(" <options>") == false, "\(usage ?? "")")
        }
    }

    @Test("errorlint's rule list stays indented: no line of it wraps back to the margin")
    func ruleListIndented() async throws {
        let text = try await help("errorlint", ["--help"])
        let start = try #require(text.range(of: "Rules (configurable with --rule"))
        let end = try #require(text.range(of: "\n\n", range: start.upperBound..<text.endIndex))
        let lines = text[start.upperBound..<end.lowerBound].split(separator: "\n").dropFirst()
        #expect(lines.count >= 20)
        for line in lines {
            #expect(line.hasPrefix("  "), "a rule line at the margin: '\(line)'")
            #expect(line.count <= 80, "'\(line)'")
        }
    }

    @Test("--since is prepush's name for the base, as todoscan's and errorlint's; --diff-base is a hidden alias")
    func sinceEverywhere() async throws {
        let prepush = try await help("prepush", ["help", "check"])
        #expect(prepush.contains("--since <revision>"))
        #expect(!prepush.contains("--diff-base"))
        #expect(try await help("todoscan", ["--help"]).contains("--since <revision>"))
        #expect(try await help("errorlint", ["help", "check"]).contains("--since <revision>"))
        let folder = NSTemporaryDirectory() + "since-alias-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for arguments in [["--since", "origin/main"], ["--diff-base", "origin/main"]] {
            let printed = try await Command(
                ToolCommandTests.productsDirectory + "/prepush", arguments + ["--print-config", "--json"],
                workingDirectory: folder
            ).run()
            #expect(printed.termination == .exited(0), "\(printed.errorText)")
            #expect(printed.outputText.contains("\"since\" : \"origin/main\""), "\(printed.outputText)")
        }
        let both = try await Command(
            ToolCommandTests.productsDirectory + "/prepush",
            ["--since", "a", "--diff-base", "b", "--print-config", "--json"],
            workingDirectory: folder
        ).run()
        #expect(both.termination == .exited(2))
    }
}
