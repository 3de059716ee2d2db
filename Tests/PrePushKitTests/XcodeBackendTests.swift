import Foundation
import TestSupport
import Testing

@testable import PrePushKit

/// The xcodebuild backend's commands and its reading of xccov's report. xcodebuild exists only on
/// macOS, so the argv is checked as data and the report is read from fixtures written from xccov's
/// documented JSON shape (`Fixtures/xccov-report-*.json`).
@Suite("xcodebuild backend")
struct XcodeBackendTests {
    /// The test's folders, removed at its end.
    private let scratch = TemporaryFolder("prepush-xcode")

    /// Whether this machine's PATH has an xcodebuild (a Mac with Xcode): decided at run time.
    static let hasXcodebuild = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: $0 + "/xcodebuild") }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Fixtures"

    @Test(
        "The argv of build-for-testing and test-without-building, as the classic hook builds them",
        arguments: [
            (
                XcodeBuildPlan(
                    container: .workspace("Notes.xcworkspace"), scheme: "Notes", destination: "platform=macOS"),
                [
                    "xcodebuild", "build-for-testing", "-workspace", "Notes.xcworkspace", "-scheme", "Notes",
                    "-destination", "platform=macOS", "-configuration", "Debug", "-enableCodeCoverage", "YES",
                ],
                [
                    "xcodebuild", "test-without-building", "-workspace", "Notes.xcworkspace", "-scheme", "Notes",
                    "-destination", "platform=macOS", "-configuration", "Debug", "-enableCodeCoverage", "YES",
                    "-resultBundlePath", "/tmp/x/PrePush.xcresult",
                ]
            ),
            (
                XcodeBuildPlan(
                    container: .project("App/App.xcodeproj"), scheme: "App iOS",
                    destination: "platform=iOS Simulator,name=iPhone 16", configuration: "Release",
                    tests: XcodeTestSelection(
                        testPlan: "Smoke", onlyTesting: ["AppTests/LoginTests", "AppTests/CartTests"],
                        skipTesting: ["AppUITests"]),
                    testArguments: ["-parallel-testing-enabled", "NO"]),
                [
                    "xcodebuild", "build-for-testing", "-project", "App/App.xcodeproj", "-scheme", "App iOS",
                    "-destination", "platform=iOS Simulator,name=iPhone 16", "-configuration", "Release",
                    "-enableCodeCoverage", "YES", "-testPlan", "Smoke",
                ],
                [
                    "xcodebuild", "test-without-building", "-project", "App/App.xcodeproj", "-scheme", "App iOS",
                    "-destination", "platform=iOS Simulator,name=iPhone 16", "-configuration", "Release",
                    "-enableCodeCoverage", "YES", "-testPlan", "Smoke", "-resultBundlePath", "/tmp/x/PrePush.xcresult",
                    "-only-testing:AppTests/LoginTests", "-only-testing:AppTests/CartTests", "-skip-testing:AppUITests",
                    "-parallel-testing-enabled", "NO",
                ]
            ),
        ])
    func argv(plan: XcodeBuildPlan, build: [String], test: [String]) throws {
        let destination = try #require(plan.destination)
        #expect(plan.buildForTesting(destination: destination) == build)
        #expect(plan.testWithoutBuilding(destination: destination, resultBundle: "/tmp/x/PrePush.xcresult") == test)
    }

    @Test("The coverage report: xccov view --report --json, every target with its files")
    func coverageArgv() {
        #expect(
            XcodeBuildPlan.coverageReport(resultBundle: "/tmp/x/PrePush.xcresult") == [
                "xcrun", "xccov", "view", "--report", "--json", "/tmp/x/PrePush.xcresult",
            ])
    }

    @Test(
        "SwiftPM configuration names map to Xcode's; others are kept",
        arguments: [("debug", "Debug"), ("release", "Release"), ("Beta", "Beta"), ("Debug", "Debug")])
    func configurationNames(swiftPM: String, xcode: String) {
        #expect(XcodeBuildPlan.xcodeConfiguration(swiftPM) == xcode)
    }

    @Test(
        "A container's default scheme is its name",
        arguments: [
            (XcodeContainer.workspace("Notes.xcworkspace"), "Notes"),
            (.project("Apps/My App.xcodeproj"), "My App"),
            (.project("Plain"), "Plain"),
        ])
    func containerName(container: XcodeContainer, name: String) {
        #expect(container.name == name)
    }

    /// A repository root holding `entries` (folders ending in .xcodeproj/.xcworkspace, files otherwise).
    private func root(with entries: [String]) throws -> String {
        let root = scratch.path + "/" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for entry in entries {
            if entry.hasSuffix(".xcodeproj") || entry.hasSuffix(".xcworkspace") {
                try FileManager.default.createDirectory(atPath: root + "/" + entry, withIntermediateDirectories: true)
            } else {
                try Data().write(to: URL(fileURLWithPath: root + "/" + entry))
            }
        }
        return root
    }

    /// A PATH directory where xcodebuild and xcrun exist as executable files, so that resolution gets
    /// past its tool check on Linux. They are only found, never run.
    private func searchPathWithXcodeTools() throws -> String {
        let directory = try root(with: ["xcodebuild", "xcrun"])
        for tool in ["xcodebuild", "xcrun"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory + "/" + tool)
        }
        return directory
    }

    @Test(
        "Which backend and container a root gets",
        arguments: [
            // auto: Package.swift wins; else the one workspace, else the one project; else SwiftPM.
            (["Package.swift", "Notes.xcodeproj"], BuildBackend(), nil as XcodeContainer?),
            (["Notes.xcodeproj"], BuildBackend(), .project("Notes.xcodeproj")),
            (["Notes.xcodeproj", "Notes.xcworkspace", "Podfile"], BuildBackend(), .workspace("Notes.xcworkspace")),
            (["README.md"], BuildBackend(), nil),
            // explicit choices
            (["Notes.xcodeproj"], BuildBackend(kind: .swiftpm), nil),
            (["Package.swift", "Notes.xcodeproj"], BuildBackend(kind: .xcodebuild), .project("Notes.xcodeproj")),
            (
                ["Package.swift", "A.xcodeproj", "B.xcodeproj"],
                BuildBackend(kind: .automatic, container: .project("B.xcodeproj")), .project("B.xcodeproj")
            ),
        ])
    func resolution(entries: [String], backend: BuildBackend, container: XcodeContainer?) throws {
        let root = try root(with: entries)
        let plan = try XcodeBuildPlan.resolve(backend, root: root, searchPath: try searchPathWithXcodeTools())
        #expect(plan?.container == container)
        if let plan {
            #expect(plan.scheme == plan.container.name)
            #expect(plan.destination == nil)  // inferred from the scheme when the check runs
            #expect(plan.configuration == "Debug")
        }
    }

    @Test("Scheme, destination, configuration, test selection and test arguments reach the plan")
    func resolutionOptions() throws {
        let root = try root(with: ["Notes.xcodeproj"])
        let backend = BuildBackend(
            kind: .xcodebuild, scheme: "Notes (Mac)", destination: "platform=macOS,arch=arm64",
            tests: XcodeTestSelection(testPlan: "Fast", skipTesting: ["NotesUITests"]))
        let plan = try XcodeBuildPlan.resolve(
            backend, root: root, configuration: "release", testArguments: ["-only-testing:NotesTests"],
            searchPath: try searchPathWithXcodeTools())
        #expect(
            plan
                == XcodeBuildPlan(
                    container: .project("Notes.xcodeproj"), scheme: "Notes (Mac)",
                    destination: "platform=macOS,arch=arm64", configuration: "Release",
                    tests: XcodeTestSelection(testPlan: "Fast", skipTesting: ["NotesUITests"]),
                    testArguments: ["-only-testing:NotesTests"]))
    }

    @Test("Two projects and no workspace: ask which one")
    func ambiguous() throws {
        let root = try root(with: ["A.xcodeproj", "B.xcodeproj"])
        #expect(throws: XcodeBackendError.ambiguousProject(["A.xcodeproj", "B.xcodeproj"])) {
            try XcodeBuildPlan.resolve(BuildBackend(), root: root, searchPath: try searchPathWithXcodeTools())
        }
    }

    @Test("xcodebuild asked for in a folder without a project")
    func noProject() throws {
        let root = try root(with: ["Package.swift"])
        #expect(throws: XcodeBackendError.noProject(root: root)) {
            try XcodeBuildPlan.resolve(
                BuildBackend(kind: .xcodebuild), root: root, searchPath: try searchPathWithXcodeTools())
        }
    }

    @Test("Without xcodebuild on PATH (as on Linux): a clear error naming it, before any project lookup")
    func xcodebuildMissing() throws {
        let root = try root(with: ["Notes.xcodeproj"])
        let emptyPath = try self.root(with: [])
        for backend in [BuildBackend(kind: .xcodebuild), BuildBackend()] {
            #expect(throws: XcodeBackendError.toolNotFound("xcodebuild", searchedDirectories: [emptyPath])) {
                try XcodeBuildPlan.resolve(backend, root: root, searchPath: emptyPath)
            }
        }
        let error = XcodeBackendError.toolNotFound("xcodebuild", searchedDirectories: [emptyPath])
        #expect(error.errorDescription?.contains("xcodebuild was not found") == true)
        #expect(error.recoverySuggestion?.contains("--backend swiftpm") == true)
    }

    @Test("With this machine's PATH: without xcodebuild (Linux) the tool is missing; with it (a Mac) the project is")
    func thisMachinesPath() throws {
        let root = try root(with: [])
        let error = #expect(throws: XcodeBackendError.self) {
            try XcodeBuildPlan.resolve(BuildBackend(kind: .xcodebuild), root: root)
        }
        if Self.hasXcodebuild {
            #expect(error == .noProject(root: root))
        } else {
            guard case .toolNotFound = error else {
                Issue.record("expected toolNotFound, got \(String(describing: error))")
                return
            }
        }
    }

    @Test("xccov's report becomes the coverage table: test bundles, dependencies and hidden folders left out")
    func parsesReport() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/xccov-report-notes.json"))
        let summary = try XccovReport.parse(reportJSON: data, projectRoot: "/Users/dev/src/Notes")

        #expect(summary.targets.map(\.name) == ["Notes.app", "NotesKit.framework"])
        #expect(
            summary.targets.map(\.lines) == [
                CoverageCount(count: 36, covered: 25), CoverageCount(count: 36, covered: 20),
            ])
        #expect(summary.total == CoverageCount(count: 72, covered: 45))
        #expect(
            summary.files.map(\.path) == [
                "Notes/NotesApp.swift", "Notes/Views/EditorView.swift", "NotesKit/Note.swift",
                "NotesKit/NoteStore.swift",
            ])
        let store = try #require(summary.files.first { $0.path == "NotesKit/NoteStore.swift" })
        #expect(store.target == "NotesKit.framework")
        #expect(store.lines == CoverageCount(count: 26, covered: 11))
        #expect(store.functions == CoverageCount(count: 3, covered: 2))

        let table = summary.table(includingFiles: true)
        #expect(table.contains("Notes.app"))
        #expect(table.contains("  NotesKit/NoteStore.swift"))
        #expect(table.contains("62.50%"))
        #expect(!table.contains("Tests"))
        #expect(!table.contains("Markdown"))
    }

    @Test("The same report read from a project root with a trailing slash or '..' in it")
    func projectRootSpelling() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/xccov-report-notes.json"))
        let plain = try XccovReport.parse(reportJSON: data, projectRoot: "/Users/dev/src/Notes")
        for spelling in ["/Users/dev/src/Notes/", "/Users/dev/src/other/../Notes"] {
            #expect(try XccovReport.parse(reportJSON: data, projectRoot: spelling) == plain)
        }
    }

    @Test("A report whose only target has no files: nothing to cover")
    func emptyTarget() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/xccov-report-empty-target.json"))
        let summary = try XccovReport.parse(reportJSON: data, projectRoot: "/Users/dev/src/Notes")
        #expect(summary.files.isEmpty)
        #expect(summary.total == CoverageCount(count: 0, covered: 0))
    }

    @Test(
        "Not xccov's report",
        arguments: ["", "[]", #"{"coveredLines": 1}"#, #"{"targets": [{"files": []}]}"#, "xccov: error: no such file"])
    func malformed(text: String) {
        #expect(throws: XcodeBackendError.self) {
            try XccovReport.parse(reportJSON: Data(text.utf8), projectRoot: "/p")
        }
    }
}
