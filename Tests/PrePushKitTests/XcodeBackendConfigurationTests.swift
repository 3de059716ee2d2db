import Foundation
import Testing

@testable import PrePushKit
@testable import PreflightCore

@Suite("prepush configuration: the xcodebuild backend's keys")
struct XcodeBackendConfigurationTests {
    private func options(_ json: String) throws(ConfigurationError) -> PrePushOptions {
        let file = try ConfigurationFile(data: Data(json.utf8), path: "/repo/.preflight.json")
        var options = PrePushOptions()
        try options.apply(file.section("prepush"))
        return options
    }

    @Test("backend, project, scheme, destination, testPlan, onlyTesting and skipTesting are read and printed")
    func keys() throws {
        let options = try options(
            """
            { "prepush": {
                "backend": "xcodebuild", "project": "App/App.xcodeproj", "scheme": "App iOS",
                "destination": "platform=iOS Simulator,name=iPhone 16", "testPlan": "Smoke",
                "onlyTesting": ["AppTests/CartTests"], "skipTesting": ["AppUITests"]
            } }
            """)
        #expect(
            options.backend
                == BuildBackend(
                    kind: .xcodebuild, container: .project("App/App.xcodeproj"), scheme: "App iOS",
                    destination: "platform=iOS Simulator,name=iPhone 16",
                    tests: XcodeTestSelection(
                        testPlan: "Smoke", onlyTesting: ["AppTests/CartTests"], skipTesting: ["AppUITests"])))
        let printed = options.effectiveConfiguration
        for line in [
            #""backend" : "xcodebuild""#, #""project" : "App/App.xcodeproj""#, #""workspace" : null"#,
            #""scheme" : "App iOS""#, #""testPlan" : "Smoke""#, #""AppTests/CartTests""#, #""AppUITests""#,
        ] {
            #expect(printed.contains(line), "\(line) in \(printed)")
        }
    }

    @Test("A workspace and a project together, or an unknown backend, are errors naming the key")
    func errors() {
        #expect(throws: ConfigurationError.self) {
            try options(#"{"prepush": {"workspace": "A.xcworkspace", "project": "B.xcodeproj"}}"#)
        }
        #expect(throws: ConfigurationError.self) { try options(#"{"prepush": {"backend": "bazel"}}"#) }
    }

    @Test("Flags override the file's keys one by one")
    func flagsOverride() throws {
        var options = try options(
            #"{"prepush": {"backend": "xcodebuild", "workspace": "App.xcworkspace", "scheme": "App", "testPlan": "All"}}"#
        )
        var flags = PrePushFlags()
        flags.set(\.backend.tests.testPlan, "Smoke")
        flags.set(\.backend.tests.onlyTesting, ["AppTests"])
        flags.set(\.backend.scheme, nil as String?)
        flags.apply(to: &options)
        #expect(options.backend.kind == .xcodebuild)
        #expect(options.backend.container == .workspace("App.xcworkspace"))
        #expect(options.backend.scheme == "App")
        #expect(options.backend.tests == XcodeTestSelection(testPlan: "Smoke", onlyTesting: ["AppTests"]))
    }

    @Test("The test selection and destination are part of the cache fingerprint")
    func fingerprint() {
        let plain = PrePushOptions()
        var planned = plain
        planned.backend.tests.testPlan = "Smoke"
        var skipping = plain
        skipping.backend.tests.skipTesting = ["AppUITests"]
        var destined = plain
        destined.backend.destination = "platform=macOS"
        let prints = [plain, planned, skipping, destined].map { $0.cacheFingerprint(errorlintExecutable: nil) }
        #expect(Set(prints).count == 4)
    }
}
