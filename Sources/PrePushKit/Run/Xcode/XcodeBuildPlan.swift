import Foundation

/// The commands of the xcodebuild backend, the classic pre-push script's job: build for testing,
/// test without building into a fresh result bundle with code coverage, then read the bundle's
/// coverage with `xccov`.
struct XcodeBuildPlan: Sendable, Hashable {
    var container: XcodeContainer
    var scheme: String
    /// `-destination`; `nil` when it is inferred from the scheme at run time (``XcodeDestination``).
    var destination: String?
    /// Xcode's build configuration (`Debug`, `Release`).
    var configuration = "Debug"
    /// The test plan and the tests to run or skip.
    var tests = XcodeTestSelection()
    /// Passed to `test-without-building` only (`-parallel-testing-enabled NO`).
    var testArguments: [String] = []
    /// The platform when it is known without asking xcodebuild (a package's declared platforms):
    /// the destination is then inferred from it, not from `-showBuildSettings`.
    var platform: XcodePlatform.Reading?
    /// For a ``XcodeContainer/package``, the package's name: the scheme is chosen at run time from
    /// the schemes xcodebuild lists (``XcodePackageScheme``), `scheme` is then ignored.
    var packageName: String?

    /// The options both xcodebuild calls share; they must agree, or the tests run against
    /// products that were not built.
    private func commonArguments(destination: String) -> [String] {
        container.arguments + [
            "-scheme", scheme, "-destination", destination, "-configuration", configuration,
            "-enableCodeCoverage", "YES",
        ] + tests.planArguments
    }

    /// `xcodebuild build-for-testing …`
    func buildForTesting(destination: String) -> [String] {
        ["xcodebuild", "build-for-testing"] + commonArguments(destination: destination)
    }

    /// `xcodebuild test-without-building … -resultBundlePath BUNDLE`; the bundle must not exist yet.
    func testWithoutBuilding(destination: String, resultBundle: String) -> [String] {
        ["xcodebuild", "test-without-building"] + commonArguments(destination: destination)
            + ["-resultBundlePath", resultBundle] + tests.filterArguments + testArguments
    }

    /// `--retry-failed-tests N`: xcodebuild runs a failed test again, up to N times, and stops at
    /// its first pass (`-retry-tests-on-failure -test-iterations N+1`, Xcode 13 and later).
    static func retryArguments(_ retries: Int) -> [String] {
        retries > 0 ? ["-retry-tests-on-failure", "-test-iterations", "\(retries + 1)"] : []
    }

    /// `xcodebuild -showBuildSettings -json …`: the scheme's build settings, which name the platform
    /// it builds for when no destination is given.
    var showBuildSettings: [String] {
        ["xcodebuild", "-showBuildSettings", "-json"] + container.arguments + ["-scheme", scheme]
    }

    /// `xcodebuild -list -json`, in a package's folder: the schemes Xcode makes for it.
    static let listSchemes = ["xcodebuild", "-list", "-json"]

    /// The plan that builds and tests the Swift package in the folder it runs in, for `platform`,
    /// the way Xcode builds a package: its scheme (chosen at run time) and a simulator of its
    /// platform.
    static func package(
        named name: String, platform: XcodePlatform.Reading, configuration: String = "debug",
        tests: XcodeTestSelection = XcodeTestSelection(), testArguments: [String] = []
    ) -> XcodeBuildPlan {
        var plan = XcodeBuildPlan(
            container: .package, scheme: name, configuration: xcodeConfiguration(configuration), tests: tests,
            testArguments: testArguments)
        plan.platform = platform
        plan.packageName = name
        return plan
    }

    /// `xcrun simctl list --json`: the simulators a destination can name, with their device types'
    /// families and their runtimes' availability (``SimulatorList``).
    static let availableSimulators = ["xcrun", "simctl", "list", "--json"]

    /// `xcrun xccov view --report --json BUNDLE`: every target with its files. Not `--only-targets`,
    /// which drops the files; test bundles are left out when the report is read instead.
    static func coverageReport(resultBundle: String) -> [String] {
        ["xcrun", "xccov", "view", "--report", "--json", resultBundle]
    }

    /// `xcrun xccov view --archive --json BUNDLE`: every file's execution count per line (Xcode 13
    /// and later), in one process.
    static func lineCoverage(resultBundle: String) -> [String] {
        ["xcrun", "xccov", "view", "--archive", "--json", resultBundle]
    }

    /// `xcrun xcresulttool get test-results tests --path BUNDLE --format json` (Xcode 16 and later):
    /// the tree of tests with their results and failure messages.
    static func testResults(resultBundle: String) -> [String] {
        ["xcrun", "xcresulttool", "get", "test-results", "tests", "--path", resultBundle, "--format", "json"]
    }

    /// Xcode's name for a SwiftPM-style configuration: `debug` → `Debug`, `release` → `Release`;
    /// any other name is kept (projects may define their own).
    static func xcodeConfiguration(_ name: String) -> String {
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
    static func resolve(
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
            destination: backend.destination, configuration: xcodeConfiguration(configuration), tests: backend.tests,
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
