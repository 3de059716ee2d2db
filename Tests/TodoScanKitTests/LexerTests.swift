import Testing

@testable import TodoScanKit

/// One lexer case: source text and the tags expected in it, as `line:column: message`.
struct LexerCase: CustomTestStringConvertible, Sendable {
    let name: String
    let source: String
    let expected: [String]

    init(_ name: String, _ source: String, _ expected: [String]) {
        self.name = name
        self.source = source
        self.expected = expected
    }

    var testDescription: String { name }
}

private func found(_ source: String, _ language: SourceLanguage, syntax: TagSyntax = TagSyntax()) -> [String] {
    TodoScanner(syntax: syntax).occurrences(in: source, language: language).map {
        "\($0.line):\($0.column): \($0.message)"
    }
}

@Suite("Comment lexers")
struct LexerTests {
    static let swiftCases: [LexerCase] = [
        LexerCase("line comment", "let a = 1 // TODO: a", ["1:14: TODO: a"]),
        LexerCase("doc comment with owner", "/// FIXME(bob): b", ["1:5: FIXME(bob): b"]),
        LexerCase("issue reference", "// TODO(#123): c", ["1:4: TODO(#123): c"]),
        LexerCase("ERROR in a comment", "  // ERROR: stop", ["1:6: ERROR: stop"]),
        LexerCase("string literal", #"let s = "TODO: not a comment""#, []),
        LexerCase("ERROR in print", #"print("ERROR: \(error)")"#, []),
        LexerCase("string in interpolation", #"let s = "a \("b // TODO: no")" // TODO: yes"#, ["1:35: TODO: yes"]),
        LexerCase("comment in interpolation", #"let s = "\(x /* TODO: inside */)""#, ["1:17: TODO: inside"]),
        LexerCase(
            "nested interpolation", #"let s = "\(f("\(g("// TODO: no"))"))" // FIXME: yes"#, ["1:42: FIXME: yes"]),
        LexerCase(
            "multiline string", "let s = \"\"\"\n  TODO: no\n  // TODO: no\n  \"\"\"\n// TODO: yes", ["5:4: TODO: yes"]),
        LexerCase(
            "quotes inside multiline", "let s = \"\"\"\n \"a\" \"\" // TODO: no\n\"\"\" // TODO: yes",
            ["3:8: TODO: yes"]),
        LexerCase("raw string", ##"let r = #"a " // TODO: no"# // TODO: yes"##, ["1:32: TODO: yes"]),
        LexerCase("raw string, two hashes", ###"let r = ##"x"# // TODO: no"## + 1"###, []),
        LexerCase("raw interpolation", ##"let r = #"\#(a /* TODO: yes */) \(b // TODO: no"#"##, ["1:19: TODO: yes"]),
        LexerCase("escaped quote", #"let s = "\" // TODO: no""#, []),
        LexerCase("escaped backslash", #"let s = "\\" // TODO: yes"#, ["1:17: TODO: yes"]),
        LexerCase("raw multiline", "let s = #\"\"\"\n\"\"\" // TODO: no\n\"\"\"# // TODO: yes", ["3:9: TODO: yes"]),
        LexerCase("one-line raw string of a quote", "let quote = #\"\"\"#\n// TODO: found", ["2:4: TODO: found"]),
        LexerCase(
            "one-line raw string with quotes", "let s = #\"\"\" quoted \"#\n// TODO: found", ["2:4: TODO: found"]),
        LexerCase(
            "tag after a non-ASCII space or dash", "// see above\u{00A0}TODO: a\n// x—FIXME: b",
            ["1:15: TODO: a", "2:8: FIXME: b"]),
        LexerCase("tag inside a Unicode word", "// éTODO: no", []),
        LexerCase("nested block comments", "/* outer /* inner */ TODO: still */ let x = 1", ["1:22: TODO: still"]),
        LexerCase("block comment text stops at */", "/** TODO: doc */", ["1:5: TODO: doc"]),
        LexerCase("a line comment's text keeps */", "// TODO: a*/b", ["1:4: TODO: a*/b"]),
        LexerCase("bare regex", #"let r = /\/\/ TODO: no/"#, []),
        LexerCase("regex after keyword", #"return /a\/\/ TODO: no/"#, []),
        LexerCase("extended regex", "let r = #/ // TODO: no /#", []),
        LexerCase("multiline extended regex", "let r = #/\n  // TODO: no\n/#\n// TODO: yes", ["4:4: TODO: yes"]),
        LexerCase("division is not a regex", "let x = a / b // TODO: yes", ["1:18: TODO: yes"]),
        LexerCase("divisions in a row", "let y = a/b/c // TODO: yes", ["1:18: TODO: yes"]),
        LexerCase("division after call", "let y = f(a) / g(b) / 2 // TODO: yes", ["1:28: TODO: yes"]),
        LexerCase("unterminated block comment", "let a = 1\n/* TODO: open", ["2:4: TODO: open"]),
        LexerCase("unterminated string recovers at line end", "let s = \"abc\n// TODO: yes", ["2:4: TODO: yes"]),
        LexerCase("no colon", "// TODO fix later", []),
        LexerCase("longer word", "// TODOS: x\n// MyTODO: y\n// TODO_LATER: z", []),
        LexerCase("lowercase is not a tag by default", "// todo: x", []),
        LexerCase("two tags on a line", "// TODO: a; FIXME: b", ["1:4: TODO: a; FIXME: b", "1:13: FIXME: b"]),
        LexerCase("inactive #if code", "#if false\n// TODO: x\n#endif", ["2:4: TODO: x"]),
        LexerCase("backtick identifier", "let `default` = 1 // TODO: yes", ["1:22: TODO: yes"]),
        LexerCase("tag without text", "// TODO:", ["1:4: TODO"]),
        LexerCase("tag quoted in a code span", "/// Write `TODO(name): text` to name an owner.", []),
        LexerCase("unicode before tag counts bytes", "let é = 1 // TODO: ü", ["1:15: TODO: ü"]),
        LexerCase("shebang line", "#!/usr/bin/env swift\n// TODO: yes", ["2:4: TODO: yes"]),
        LexerCase("CRLF line ends", "// TODO: a\r\nlet x = 1 // FIXME: b\r\n", ["1:4: TODO: a", "2:14: FIXME: b"]),
    ]

    @Test("Swift", arguments: swiftCases)
    func swift(_ testCase: LexerCase) {
        #expect(found(testCase.source, .swift) == testCase.expected)
    }

    static let cCases: [LexerCase] = [
        LexerCase("line comment", "int a; // TODO: a", ["1:11: TODO: a"]),
        LexerCase("string", #"puts("// TODO: no"); // FIXME: yes"#, ["1:25: FIXME: yes"]),
        LexerCase("Objective-C string", #"NSLog(@"ERROR: %@", e); // TODO: yes"#, ["1:28: TODO: yes"]),
        LexerCase("character literal with quote", #"char q = '"'; // TODO: yes"#, ["1:18: TODO: yes"]),
        LexerCase("raw string", #"auto s = R"x(// TODO: no)" )x"; // TODO: yes"#, ["1:36: TODO: yes"]),
        LexerCase("digit separator", "int n = 1'000'000; // TODO: yes", ["1:23: TODO: yes"]),
        LexerCase("block comment", "/* FIXME(ann): block */", ["1:4: FIXME(ann): block"]),
        LexerCase("blocks do not nest", "/* /* */ int x; /* TODO: yes */", ["1:20: TODO: yes"]),
        LexerCase("continued line comment", "// first \\\n TODO: continued", ["2:2: TODO: continued"]),
        LexerCase("unterminated block", "/* TODO: open", ["1:4: TODO: open"]),
    ]

    @Test("C, C++ and Objective-C", arguments: cCases)
    func cFamily(_ testCase: LexerCase) {
        #expect(found(testCase.source, .cFamily) == testCase.expected)
    }

    static let pythonCases: [LexerCase] = [
        LexerCase("comment", "x = 1  # TODO: a", ["1:10: TODO: a"]),
        LexerCase("string", ##"s = "# TODO: no"  # FIXME: yes"##, ["1:21: FIXME: yes"]),
        LexerCase("triple-quoted", "s = '''\n# TODO: no\n'''\n# TODO: yes", ["4:3: TODO: yes"]),
    ]

    @Test("Python", arguments: pythonCases)
    func python(_ testCase: LexerCase) {
        #expect(found(testCase.source, .python) == testCase.expected)
    }

    static let shellCases: [LexerCase] = [
        LexerCase("comment", "echo hi # TODO: a", ["1:11: TODO: a"]),
        LexerCase("$# is not a comment", "echo $# # TODO: yes", ["1:11: TODO: yes"]),
        LexerCase("quoted", #"x="a # TODO: no" # FIXME: yes"#, ["1:20: FIXME: yes"]),
        LexerCase("apostrophe inside a word (YAML)", "key: don't # TODO: yes", ["1:14: TODO: yes"]),
    ]

    @Test("Shell, Ruby, YAML", arguments: shellCases)
    func shell(_ testCase: LexerCase) {
        #expect(found(testCase.source, .hashComments) == testCase.expected)
    }

    @Test("Options: missing colon, ignoring case, custom tags")
    func options() {
        let relaxed = TagSyntax(allowsMissingColon: true)
        #expect(
            found("// TODO fix later\n// TODO(ann) soon\n// TODOS no", .swift, syntax: relaxed) == [
                "1:4: TODO: fix later", "2:4: TODO(ann): soon",
            ])
        let caseless = TagSyntax(isCaseSensitive: false)
        #expect(
            found("// todo: lower\n// Fixme: mixed", .swift, syntax: caseless) == [
                "1:4: TODO: lower", "2:4: FIXME: mixed",
            ])
        let custom = TagSyntax(rules: [TagRule("HACK", severity: .warning), TagRule("XXX", severity: .error)])
        let occurrences = TodoScanner(syntax: custom).occurrences(
            in: "// HACK: a\n// XXX: b\n// TODO: c", language: .swift)
        #expect(occurrences.map(\.message) == ["HACK: a", "XXX: b"])
        #expect(occurrences.map(\.rule.severity) == [.warning, .error])
    }

    @Test("Tags are found by their rarest byte wherever it is: repeated letters, shared letters, edges")
    func rareBytePrefilter() {
        // `TODO` has its rarest byte twice, `ERROR` shares an `O` with it, `XXX` is all one byte;
        // tags at the very start and end of the text, and back to back.
        let syntax = TagSyntax(rules: TagSyntax().rules + [TagRule("XXX", severity: .warning)])
        #expect(
            found("//TODO: a\n// XXXX: no\n// XXX: b ERROR: c\n/*FIXME:*/ // TODO:", .swift, syntax: syntax) == [
                "1:3: TODO: a", "3:4: XXX: b ERROR: c", "3:11: ERROR: c", "4:3: FIXME", "4:15: TODO",
            ])
    }

    @Test("Invalid UTF-8 is scanned and printed with replacement characters")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("// TODO: a".utf8) + [0xFF, 0xFE] + Array(" b\n".utf8)
        let occurrences = bytes.withUnsafeBufferPointer { TodoScanner().occurrences(in: $0, language: .swift) }
        #expect(occurrences.map(\.message) == ["TODO: a\u{FFFD}\u{FFFD} b"])
    }

    @Test("Language by extension")
    func languages() {
        #expect(SourceLanguage(path: "a/b.swift") == .swift)
        #expect(SourceLanguage(path: "x.mm") == .cFamily)
        #expect(SourceLanguage(path: "x.H") == .cFamily)
        #expect(SourceLanguage(path: "ci.yml") == .hashComments)
        #expect(SourceLanguage(path: "tool.py") == .python)
        #expect(SourceLanguage(path: "README.md") == nil)
        #expect(SourceLanguage(path: ".swift") == nil)
    }
}
