import Foundation

/// The commands of the xcodebuild backend, the classic pre-push script's job: build for testing,
/// test without building into a fresh result bundle with code coverage, then read the bundle's
/// coverage with `xccov`.
package struct XcodeBuildPlan: Sendable, Hashable {
    package var container: XcodeContainer
    package var scheme: String
    package var destination: String
    /// Xcode's build configuration (`Debug`, `Release`).
    package var configuration: String
    /// Passed to `test-without-building` only (`-only-testing:AppTests/LoginTests`, `-parallel-testing-enabled NO`).
    package var testArguments: [String]

    package init(
        container: XcodeContainer, scheme: String, destination: String = "platform=macOS",
        configuration: String = "Debug", testArguments: [String] = []
    ) {
        self.container = container
        self.scheme = scheme
        self.destination = destination
        self.configuration = configuration
        self.testArguments = testArguments
    }

    /// The options both xcodebuild calls share; they must agree, or the tests run against
    /// products that were not built.
    private var commonArguments: [String] {
        container.arguments + [
            "-scheme", scheme, "-destination", destination, "-configuration", configuration,
            "-enableCodeCoverage", "YES",
        ]
    }

    /// `xcodebuild build-for-testing …`
    package var buildForTesting: [String] {
        ["xcodebuild", "build-for-testing"] + commonArguments
    }

    /// `xcodebuild test-without-building … -resultBundlePath BUNDLE`; the bundle must not exist yet.
    package func testWithoutBuilding(resultBundle: String) -> [String] {
        ["xcodebuild", "test-without-building"] + commonArguments + ["-resultBundlePath", resultBundle] + testArguments
    }

    /// `xcrun xccov view --report --json BUNDLE`: every target with its files. Not `--only-targets`,
    /// which drops the files; test bundles are left out when the report is read instead.
    package static func coverageReport(resultBundle: String) -> [String] {
        ["xcrun", "xccov", "view", "--report", "--json", resultBundle]
    }

    /// Xcode's name for a SwiftPM-style configuration: `debug` → `Debug`, `release` → `Release`;
    /// any other name is kept (projects may define their own).
    package static func xcodeConfiguration(_ name: String) -> String {
        switch name {
        case "debug": "Debug"
        case "release": "Release"
        default: name
        }
    }

    /// The plan for `backend` in the repository at `root`, or `nil` when SwiftPM checks it.
    ///
    /// Asking for xcodebuild explicitly first checks that xcodebuild and xcrun exist, so on Linux
    /// the answer is ``XcodeBackendError/toolNotFound(_:searchedDirectories:)``, not a failed step.
    package static func resolve(
        _ backend: BuildBackend, root: String, configuration: String = "debug", testArguments: [String] = [],
        searchPath: String? = ProcessInfo.processInfo.environment["PATH"]
    ) throws(XcodeBackendError) -> XcodeBuildPlan? {
        let container: XcodeContainer
        switch backend.kind {
        case .swiftpm:
            return nil
        case .xcodebuild:
            try XcodeTools.require(["xcodebuild", "xcrun"], searchPath: searchPath)
            if let given = backend.container {
                container = given
            } else if let found = try findContainer(in: root) {
                container = found
            } else {
                throw .noProject(root: root)
            }
        case .automatic:
            if let given = backend.container {
                container = given
            } else {
                if FileManager.default.fileExists(atPath: root + "/Package.swift") { return nil }
                guard let found = try findContainer(in: root) else { return nil }
                container = found
            }
            try XcodeTools.require(["xcodebuild", "xcrun"], searchPath: searchPath)
        }
        return XcodeBuildPlan(
            container: container, scheme: backend.scheme ?? container.name,
            destination: backend.destination ?? "platform=macOS", configuration: xcodeConfiguration(configuration),
            testArguments: testArguments)
    }

    /// The one workspace at `root`, else the one project; `nil` when there is neither. A workspace
    /// wins over a project (CocoaPods and multi-project setups build through the workspace).
    static func findContainer(in root: String) throws(XcodeBackendError) -> XcodeContainer? {
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
        let workspaces = entries.filter { $0.hasSuffix(".xcworkspace") }
        let projects = entries.filter { $0.hasSuffix(".xcodeproj") }
        if workspaces.count > 1 { throw .ambiguousProject(workspaces) }
        if let workspace = workspaces.first { return .workspace(workspace) }
        if projects.count > 1 { throw .ambiguousProject(projects) }
        return projects.first.map { .project($0) }
    }
}
