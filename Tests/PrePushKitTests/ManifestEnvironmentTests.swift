import Foundation
import Testing

@testable import PrePushKit

@Suite("The environment in the verified-tree key")
struct ManifestEnvironmentTests {
    @Test func namesReadLiterallyByAManifest() {
        let text = """
            let strict = ProcessInfo.processInfo.environment["FIX_STRICT"] != nil
            let local = Context.environment[ "SWIFTCI_USE_LOCAL_DEPS" ] == "1"
            let c = getenv("MY_FLAG")
            let dynamic = ProcessInfo.processInfo.environment[name]
            """
        #expect(ManifestEnvironment.names(inManifest: text) == ["FIX_STRICT", "SWIFTCI_USE_LOCAL_DEPS", "MY_FLAG"])
    }

    /// The reading by hand finds what the regular expression it replaced finds.
    @Test func sameNamesAsTheRegularExpression() throws {
        let pattern = #"(?:environment\s*\[\s*|getenv\s*\(\s*)"([A-Za-z_][A-Za-z0-9_]*)""#
        let expression = try NSRegularExpression(pattern: pattern)
        let texts = [
            #"environment["A"] environment [ "B" ] getenv( "C_1" ) getenv ("_D")"#,
            "environment\t[\n\"E\"]\r\ngetenv(\u{0C}\"F\")\u{00A0}environment\u{2028}[\u{3000}\"G\"]",
            #"environment["1X"] environment["X-Y"] environment["Z"  environment[""] getenv("H" environment["I"]"#,
            #"myenvironment["J"] getenvx("K") environment["environment"] getenv("getenv") environment[["L"]"#,
            "environment\u{0B}[\"M\"] environment\u{85}[\"N\"] environment[\"é\"] environment[\"O\u{301}\"]",
            "getenv(\"P\")", "environment[\"Q\"", "environment", "", "🙂environment[\"R\"]🙂getenv(\"S\")",
        ]
        for text in texts {
            var expected: Set<String> = []
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let name = Range(match.range(at: 1), in: text) { expected.insert(String(text[name])) }
            }
            #expect(ManifestEnvironment.names(inManifest: text) == expected, "\(text.debugDescription)")
        }
    }

    @Test func unsetDiffersFromEmptyAndValuesCount() {
        let unset = ManifestEnvironment.fingerprint(names: ["A"], environment: [:])
        let empty = ManifestEnvironment.fingerprint(names: ["A"], environment: ["A": ""])
        let one = ManifestEnvironment.fingerprint(names: ["A", "A"], environment: ["A": "1"])
        #expect(Set([unset, empty, one]).count == 3)
        #expect(one == "A=1")
    }
}
