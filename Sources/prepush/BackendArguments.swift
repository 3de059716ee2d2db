import ArgumentParser
import PrePushKit

extension BuildBackend.Kind: ExpressibleByArgument {}

/// The build-system options of a check: SwiftPM or xcodebuild, and what xcodebuild builds.
struct BackendArguments: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "swiftpm, xcodebuild or auto: SwiftPM when Package.swift is at the root, else xcodebuild when a "
                + ".xcworkspace or .xcodeproj is there.", valueName: "backend"))
    var backend: BuildBackend.Kind?

    @Flag(help: "Same as --backend xcodebuild.")
    var xcode = false

    @Option(help: ArgumentHelp("xcodebuild: the workspace to build (default: the one at the root).", valueName: "path"))
    var workspace: String?

    @Option(
        help: ArgumentHelp("xcodebuild: the project to build, when there is no workspace.", valueName: "path"))
    var project: String?

    @Option(
        help: ArgumentHelp("xcodebuild: the scheme (default: the workspace's or project's name).", valueName: "name"))
    var scheme: String?

    @Option(
        help: ArgumentHelp(
            "xcodebuild: -destination, e.g. 'platform=iOS Simulator,name=iPhone 16' (default: inferred from the "
                + "scheme's platform: platform=macOS, or the newest simulator of iOS, tvOS, watchOS or visionOS).",
            valueName: "specifier"))
    var destination: String?

    @Option(help: ArgumentHelp("xcodebuild: the scheme's test plan to build and run (-testPlan).", valueName: "name"))
    var testPlan: String?

    @Option(
        help: ArgumentHelp(
            "xcodebuild: run only this test, class or target (-only-testing:ID, e.g. AppTests/LoginTests; repeatable).",
            valueName: "identifier"))
    var onlyTesting: [String] = []

    @Option(
        help: ArgumentHelp(
            "xcodebuild: skip this test, class or target (-skip-testing:ID; repeatable).", valueName: "identifier"))
    var skipTesting: [String] = []

    func validate() throws {
        if workspace != nil && project != nil {
            throw ValidationError("Pass --workspace or --project, not both.")
        }
        if xcode && backend == .swiftpm {
            throw ValidationError("--xcode asks for the xcodebuild backend; --backend swiftpm contradicts it.")
        }
    }

    /// The options given, as values.
    var arguments: BackendValues {
        BackendValues(
            backend: backend, xcode: xcode, workspace: workspace, project: project, scheme: scheme,
            destination: destination, testPlan: testPlan, onlyTesting: onlyTesting, skipTesting: skipTesting)
    }
}

/// ``BackendArguments`` as plain values; `BackendValues()` is none given.
struct BackendValues {
    var backend: BuildBackend.Kind?
    var xcode = false
    var workspace: String?
    var project: String?
    var scheme: String?
    var destination: String?
    var testPlan: String?
    var onlyTesting: [String] = []
    var skipTesting: [String] = []

    /// Lays the options given over `flags`; those not given leave the configuration file's.
    func apply(to flags: inout PrePushFlags) {
        flags.set(\.backend.kind, xcode ? .xcodebuild : backend)
        flags.set(\.backend.container, workspace.map(XcodeContainer.workspace) ?? project.map(XcodeContainer.project))
        flags.set(\.backend.scheme, scheme)
        flags.set(\.backend.destination, destination)
        flags.set(\.backend.tests.testPlan, testPlan)
        if !onlyTesting.isEmpty { flags.set(\.backend.tests.onlyTesting, onlyTesting) }
        if !skipTesting.isEmpty { flags.set(\.backend.tests.skipTesting, skipTesting) }
    }
}
