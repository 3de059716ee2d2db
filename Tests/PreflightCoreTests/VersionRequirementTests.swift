import Foundation
import Testing

@testable import PreflightCore

@Suite("requiredVersion")
struct VersionRequirementTests {
    private func satisfied(_ requirement: String, _ version: String) throws -> Bool {
        try VersionRequirement(requirement).isSatisfied(by: #require(ReleaseVersion(version)))
    }

    @Test("Comparisons >=, >, <=, <, ==, a bare version, ranges joined by commas; missing parts are 0")
    func comparisons() throws {
        #expect(try satisfied(">= 0.3.0", "0.3.0"))
        #expect(try satisfied(">= 0.3.0", "1.0.0"))
        #expect(try !satisfied(">= 0.3.0", "0.2.9"))
        #expect(try satisfied(">0.3", "0.3.1"))
        #expect(try !satisfied("> 0.3", "0.3.0"))
        #expect(try satisfied("<= 0.3.0", "0.3.0"))
        #expect(try !satisfied("< 0.3.0", "0.3.0"))
        #expect(try satisfied("== 0.3.1", "0.3.1"))
        #expect(try satisfied("0.3.1", "0.3.1"))
        #expect(try !satisfied("0.3.1", "0.3.2"))
        #expect(try satisfied(">= 0.2.0, < 0.4.0", "0.3.9"))
        #expect(try !satisfied(">= 0.2.0, < 0.4.0", "0.4.0"))
        #expect(try satisfied(">= 10.0", "10.0.0"))
        #expect(try !satisfied(">= 10.0", "9.99.99"))
        #expect(ReleaseVersion("v1.2.3")?.description == "1.2.3")
    }

    @Test(
        "Not a requirement: says why", arguments: ["", ">= ", "~> 0.3", ">= 0.3.0,", "1.2.3.4", ">= 0.3-beta", "=> 1"])
    func invalid(_ text: String) {
        #expect(throws: VersionRequirement.Invalid.self) { try VersionRequirement(text) }
    }

    @Test("The configuration file refuses a Preflight its requiredVersion does not accept, naming both versions")
    func configurationFile() throws {
        let accepted = try ConfigurationFile(
            data: Data(#"{"requiredVersion": ">= 0.2.0, < 1.0", "todoscan": {}}"#.utf8), path: "/repo/.preflight.json",
            installedVersion: "0.2.0")
        #expect(accepted.requiredVersion?.description == ">= 0.2.0, < 1.0")
        let error = #expect(throws: ConfigurationError.self) {
            try ConfigurationFile(
                data: Data(#"{"requiredVersion": ">= 0.3.0"}"#.utf8), path: "/repo/.preflight.json",
                installedVersion: "0.2.0")
        }
        #expect(
            error == .unsatisfiedVersion(required: ">= 0.3.0", installed: "0.2.0", path: "/repo/.preflight.json"))
        #expect(
            error?.errorDescription
                == "This repository requires Preflight >= 0.3.0 (requiredVersion in '/repo/.preflight.json'); "
                + "the installed Preflight is 0.2.0.")
        #expect(error?.recoverySuggestion?.contains("git checkout v") == true)
        #expect(throws: ConfigurationError.self) {
            try ConfigurationFile(data: Data(#"{"requiredVersion": 3}"#.utf8), path: "/repo/.preflight.json")
        }
        #expect(throws: ConfigurationError.self) {
            try ConfigurationFile(data: Data(#"{"requiredVersion": "~> 1"}"#.utf8), path: "/repo/.preflight.json")
        }
    }

    @Test("The one version constant is a release version and satisfies itself")
    func currentVersion() throws {
        let current = try #require(ReleaseVersion(PreflightVersion.current))
        #expect(try VersionRequirement("== \(PreflightVersion.current)").isSatisfied(by: current))
    }
}
