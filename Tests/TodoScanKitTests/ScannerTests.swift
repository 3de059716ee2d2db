import Foundation
import TestSupport
import Testing

@testable import PreflightCore
@testable import TodoScanKit

/// A fresh directory with files in it.
struct Scratch {
    /// Removed with its files when the last copy of the scratch is released.
    private let folder = TemporaryFolder("todoscan-tests")
    var path: String { folder.path }

    init() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ relative: String, _ text: String) throws {
        try write(relative, Data(text.utf8))
    }

    func write(_ relative: String, _ data: Data) throws {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: full))
    }
}

@Suite("Scanning files and trees")
struct ScannerTests {
    private func run(_ options: TodoScanOptions) -> (status: ToolExitStatus, output: String, errors: String) {
        nonisolated(unsafe) var output = ""
        nonisolated(unsafe) var errors = ""
        let status = TodoScanRun.run(
            options, in: FileManager.default.currentDirectoryPath, output: { output += $0 },
            errorOutput: { errors += $0 })
        return (status, output, errors)
    }

    @Test("Binary files are skipped; invalid UTF-8 text is scanned")
    func binaryAndInvalidUTF8() throws {
        let scratch = try Scratch()
        try scratch.write("binary.swift", Data([0x00, 0x01] + Array("// TODO: hidden\n".utf8)))
        try scratch.write("latin1.swift", Data(Array("// TODO: caf".utf8) + [0xE9] + Array("\n".utf8)))
        var options = TodoScanOptions()
        options.paths = [scratch.path]
        options.usesAbsolutePaths = true
        let result = run(options)
        #expect(result.status == .clean)
        #expect(!result.output.contains("hidden"))
        #expect(result.output.contains("latin1.swift:1:4: warning: TODO: caf\u{FFFD}"))
    }

    @Test("SARIF and GitHub columns count UTF-16 code units; text keeps the byte column")
    func nonASCIIColumns() throws {
        let scratch = try Scratch()
        // Line 1 is the issue's example; line 2 has combining marks, CJK and an emoji family.
        try scratch.write(
            "a.swift", #"let s = "héllo😀"; // TODO: x"# + "\n" + "let t = \"e\u{301}日本👩‍👩‍👧\" /* FIXME: y */\n")
        var options = TodoScanOptions()
        options.paths = [scratch.path + "/a.swift"]
        options.usesAbsolutePaths = true
        let path = scratch.path + "/a.swift"

        let text = run(options).output
        #expect(text.contains("a.swift:1:26: warning: TODO: x"))
        #expect(text.contains("a.swift:2:42: warning: FIXME: y"))

        options.format = .github
        let github = run(options).output
        #expect(github.contains("::warning file=\(GitHubDiagnosticRenderer.escapeProperty(path)),line=1,col=23,"))
        #expect(github.contains(",line=2,col=27,"))

        options.format = .sarif
        let sarif = try #require(
            try JSONSerialization.jsonObject(with: Data(run(options).output.utf8)) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
        let regions = (run["results"] as? [[String: Any]] ?? []).compactMap { result in
            ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
                as? [String: Any]
        }
        #expect(regions.map { $0["startLine"] as? Int } == [1, 2])
        #expect(regions.map { $0["startColumn"] as? Int } == [23, 27])
    }

    @Test("Too large a file is reported and skipped; the rest is scanned")
    func tooLarge() throws {
        let scratch = try Scratch()
        try scratch.write("big.swift", String(repeating: "// TODO: x\n", count: 1000))
        try scratch.write("small.swift", "// FIXME: y\n")
        var options = TodoScanOptions()
        options.paths = [scratch.path]
        options.maximumFileSize = 1000
        let result = run(options)
        #expect(result.status == .clean)
        #expect(result.errors.contains("big.swift"))
        #expect(result.errors.contains("over the 1000-byte limit"))
        #expect(result.output.contains("small.swift:1:4: warning: FIXME: y"))
    }

    @Test("A CR alone ends a line, as swiftc counts; CR LF is one line end")
    func loneCarriageReturns() throws {
        let scratch = try Scratch()
        try scratch.write("cr.swift", "let a = 1\r\r// TODO: third\r\n// FIXME: fourth\n")
        var options = TodoScanOptions()
        options.paths = [scratch.path + "/cr.swift"]
        let result = run(options)
        #expect(result.output.contains("cr.swift:3:4: warning: TODO: third"), "\(result.output)")
        #expect(result.output.contains("cr.swift:4:4: warning: FIXME: fourth"), "\(result.output)")
    }

    @Test("An unreadable file makes the status 2 even when error findings are found too")
    func inputErrorWins() throws {
        let scratch = try Scratch()
        try scratch.write("bad.swift", "// ERROR: found\n")
        symlink(scratch.path + "/nowhere.swift", scratch.path + "/dangling.swift")
        var options = TodoScanOptions()
        options.paths = [scratch.path + "/bad.swift", scratch.path + "/dangling.swift"]
        let result = run(options)
        #expect(result.output.contains("ERROR: found"))
        #expect(result.status == .usageOrInputError, "\(result.errors)")
    }

    @Test("maxFileSize 0 or below is refused, naming the key")
    func invalidMaximumFileSize() throws {
        for value in [0, -1] {
            let file = try ConfigurationFile(
                data: Data(#"{"todoscan": {"maxFileSize": \#(value)}}"#.utf8), path: "/x/.preflight.json")
            var options = TodoScanOptions()
            #expect(throws: ConfigurationError.self) { try options.apply(file.section("todoscan")) }
        }
    }

    @Test("A 100 MB file is reported, not read into memory, with the default limit")
    func hundredMegabytes() throws {
        let scratch = try Scratch()
        try scratch.write("small.swift", "// TODO: small\n")
        let big = scratch.path + "/huge.swift"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        truncate(big, 100 << 20)  // sparse: instant, no disk used
        var options = TodoScanOptions()
        options.paths = [scratch.path]
        let result = run(options)
        #expect(result.status == .clean)
        #expect(result.errors.contains("todoscan: warning: skipped 1 file over the 67108864-byte limit"))
        #expect(result.errors.contains("huge.swift (104857600 bytes)\n"))
        #expect(result.output.contains("small.swift:1:4: warning: TODO: small"))
    }

    @Test("An unreadable file is reported, exit 2, and the rest is still scanned")
    func unreadable() throws {
        let scratch = try Scratch()
        try scratch.write("locked.swift", "// TODO: secret\n")
        try scratch.write("open.swift", "// TODO: visible\n")
        chmod(scratch.path + "/locked.swift", 0)
        defer { chmod(scratch.path + "/locked.swift", 0o644) }
        // root reads anything: make the file a dangling link instead, which cannot be opened.
        if access(scratch.path + "/locked.swift", R_OK) == 0 {
            unlink(scratch.path + "/locked.swift")
            symlink(scratch.path + "/nowhere.swift", scratch.path + "/locked.swift")
        }
        var options = TodoScanOptions()
        options.paths = [scratch.path, scratch.path + "/missing-dir"]
        let result = run(options)
        #expect(result.status == .usageOrInputError)
        #expect(result.errors.contains("missing-dir"))
        #expect(result.output.contains("open.swift:1:4: warning: TODO: visible"))
    }

    @Test("A symlink loop is not followed; files behind links to files are read")
    func symlinkLoop() throws {
        let scratch = try Scratch()
        try scratch.write("a/one.swift", "// TODO: one\n")
        symlink(scratch.path + "/a", scratch.path + "/a/loop")
        symlink(scratch.path + "/a/one.swift", scratch.path + "/linked.swift")
        var options = TodoScanOptions()
        options.paths = [scratch.path]
        let result = run(options)
        #expect(result.status == .clean)
        #expect(result.output.components(separatedBy: "TODO: one").count - 1 == 2)
    }

    @Test("A tree walk skips build folders; include and exclude globs apply")
    func walkAndGlobs() throws {
        let scratch = try Scratch()
        try scratch.write("Sources/A.swift", "// TODO: a\n")
        try scratch.write("Sources/Generated/G.swift", "// TODO: generated\n")
        try scratch.write(".build/debug/X.swift", "// TODO: build\n")
        try scratch.write("Pods/P.swift", "// TODO: pods\n")
        try scratch.write("tool.py", "# TODO: python\n")
        var options = TodoScanOptions()
        options.paths = [scratch.path]
        options.excludes = ["Generated"]
        var result = run(options)
        #expect(result.output.contains("TODO: a"))
        #expect(result.output.contains("TODO: python"))
        #expect(
            !result.output.contains("generated") && !result.output.contains("build") && !result.output.contains("pods"))
        options.includes = ["**/*.swift"]
        result = run(options)
        #expect(!result.output.contains("python"))
    }

    @Test("Exit status: ERROR fails, warnings pass, --strict fails on any finding")
    func exitStatuses() throws {
        let scratch = try Scratch()
        try scratch.write("warn.swift", "// TODO: later\n")
        var options = TodoScanOptions()
        options.paths = [scratch.path]
        #expect(run(options).status == .clean)
        options.isStrict = true
        #expect(run(options).status == .findings)
        options.isStrict = false
        try scratch.write("err.c", "/* ERROR: stop */\n")
        #expect(run(options).status == .findings)
    }

    @Test("Summary line on stderr, silenced by quiet")
    func summary() throws {
        let scratch = try Scratch()
        try scratch.write("a.swift", "// TODO: a\n// ERROR: b\n")
        try scratch.write("b.swift", "let x = 1\n")
        var options = TodoScanOptions()
        options.paths = [scratch.path]
        #expect(run(options).errors == "1 warning, 1 error in 2 files\n")
        options.isQuiet = true
        #expect(run(options).errors.isEmpty)
    }

    @Test("--tag parsing: add, override severity, reject bad values")
    func tagArguments() throws {
        let rules = try TagArgument.rules(from: ["HACK", "TODO=error", "XXX=note"], keepingDefaults: true)
        #expect(rules.map(\.tag) == ["TODO", "FIXME", "ERROR", "HACK", "XXX"])
        #expect(rules.map(\.severity) == [.error, .warning, .error, .warning, .note])
        #expect(try TagArgument.rules(from: ["HACK"], keepingDefaults: false).map(\.tag) == ["HACK"])
        #expect(throws: TagArgumentError.invalidName("bad tag")) {
            try TagArgument.rules(from: ["bad tag"], keepingDefaults: true)
        }
        #expect(throws: TagArgumentError.invalidSeverity("A=fatal")) {
            try TagArgument.rules(from: ["A=fatal"], keepingDefaults: true)
        }
    }

    @Test("Globs")
    func globs() {
        #expect(Glob("*.swift").matches("Sources/A.swift"))
        #expect(Glob("Sources/**/*.swift").matches("Sources/A.swift"))
        #expect(Glob("Sources/**/*.swift").matches("Sources/X/Y/A.swift"))
        #expect(!Glob("Sources/*.swift").matches("Sources/X/A.swift"))
        #expect(Glob("Generated").matches("a/Generated/b.swift"))
        #expect(Glob("file?.[ch]").matches("x/file1.c"))
        #expect(!Glob("file?.[!ch]").matches("x/file1.c"))
        #expect(Glob("./Tests/**").matches("Tests/Fixtures/a.swift"))
    }
}

@Suite("todoscan suppression comments")
struct TodoScanSuppressionTests {
    @Test("The lexer finds them in comments only, with the delimiter's line and column; Swift, C and # files")
    func directives() throws {
        let scanner = TodoScanner()
        func parse(_ text: String, _ language: SourceLanguage) -> SuppressionComments.Parsed? {
            var copy = text
            return copy.withUTF8 { scanner.directives(in: $0, language: language) }
        }
        let swift = try #require(
            parse(
                "let s = \"// todoscan:disable all\"\n  // todoscan:disable:next todo\n/* todoscan:enable fixme */\n",
                .swift))
        #expect(
            swift.directives == [
                SuppressionDirective(action: .disableNext, rules: ["todo"], line: 2, column: 3),
                SuppressionDirective(action: .enable, rules: ["fixme"], line: 3, column: 1),
            ])
        let shell = try #require(parse("echo '# todoscan:disable todo'\n# todoscan:disable todo\n", .hashComments))
        #expect(shell.directives == [SuppressionDirective(action: .disable, rules: ["todo"], line: 2, column: 1)])
        #expect(parse("// nothing here\n", .swift) == nil)
    }
}
