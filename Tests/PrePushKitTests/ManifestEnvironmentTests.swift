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

    @Test func unsetDiffersFromEmptyAndValuesCount() {
        let unset = ManifestEnvironment.fingerprint(names: ["A"], environment: [:])
        let empty = ManifestEnvironment.fingerprint(names: ["A"], environment: ["A": ""])
        let one = ManifestEnvironment.fingerprint(names: ["A", "A"], environment: ["A": "1"])
        #expect(Set([unset, empty, one]).count == 3)
        #expect(one == "A=1")
    }
}
