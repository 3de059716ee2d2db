import Testing

@testable import StringCatalogKit

@Suite("Format specifiers")
struct FormatSpecifierTests {
    /// (format, the argument classes by position, as `position:class` joined by spaces)
    @Test(
        "Arguments by position and class",
        arguments: [
            ("%@ %d %i %u %ld %lld %lu", "1:object 2:integer 3:integer 4:integer 5:integer 6:integer 7:integer"),
            ("%f %.2f %s %c %x %p", "1:floating-point 2:floating-point 3:C string 4:character 5:integer 6:pointer"),
            (
                "100%% done: %-5d|%+.3e|%05.1f|%'d|%#x",
                "1:integer 2:floating-point 3:floating-point 4:integer 5:integer"
            ),
            ("%2$@ before %1$@", "1:object 2:object"),
            ("%1$@ and %2$lld and %@", "1:object 2:integer"),
            ("%*d", "1:integer 2:integer"),
            (
                "%hhd %hd %qd %zd %td %jd %Lf",
                "1:integer 2:integer 3:integer 4:integer 5:integer 6:integer 7:floating-point"
            ),
            ("100% sure, 50% off, 100%", ""),
            ("plain text", ""),
        ])
    func arguments(format: String, expected: String) {
        let signature = FormatSignature(format: format)
        let described = signature.positions.map { "\($0):\(signature.arguments[$0]!.argumentClass.rawValue)" }
        #expect(described.joined(separator: " ") == expected)
        #expect(signature.problems.isEmpty)
    }

    @Test("Directives keep their text, explicit position and offset")
    func directives() {
        let parsed = FormatSpecifier.parse("a %2$lld b %#@files@ %1$#@n@ %arg %%")
        #expect(parsed.map(\.text) == ["%2$lld", "%#@files@", "%1$#@n@", "%arg"])
        #expect(parsed.map(\.position) == [2, nil, 1, nil])
        #expect(parsed.map(\.offset) == [2, 11, 21, 29])
        #expect(parsed[1].kind == .substitution(name: "files"))
        #expect(parsed[3].kind == .substitutionArgument)
    }

    @Test(
        "Invalid directives are problems",
        arguments: [
            ("%0$@", "%0$@ is invalid: argument positions start at 1"),
            ("%0$lld items", "%0$lld is invalid"),
            ("%1$ oops", "no conversion character"),
            ("%#@open", "without a closing '@'"),
            ("%1$@ %1$d", "argument 1 is read as %1$@ (object) and as %1$d (integer)"),
            ("%#@missing@", "%#@missing@ has no substitution named 'missing'"),
        ])
    func invalid(format: String, message: String) {
        let signature = FormatSignature(format: format)
        #expect(signature.problems.contains { $0.message.contains(message) }, "\(signature.problems)")
    }

    @Test("Length modifiers do not change the class; %c and %s differ from %d")
    func classes() {
        #expect(FormatArgumentClass(conversion: "lld") == .integer)
        #expect(FormatArgumentClass(conversion: "d") == .integer)
        #expect(FormatArgumentClass(conversion: "@") == .object)
        #expect(FormatArgumentClass(conversion: ".2f") == .floatingPoint)
        #expect(FormatArgumentClass(conversion: "c") == .character)
        #expect(FormatArgumentClass(conversion: "s") == .cString)
        #expect(FormatArgumentClass(conversion: "") == nil)
        #expect(FormatArgumentClass(conversion: "k") == nil)
    }
}
