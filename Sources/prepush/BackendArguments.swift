import ArgumentParser
import PrePushKit

extension BuildBackend.Kind: ExpressibleByArgument {}

/// The build-system options of a check: SwiftPM or xcodebuild, and what xcodebuild builds.
struct BackendArguments: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "swiftpm, xcodebuild or auto: SwiftPM when Package.swift is at the root, else xcodebuild when a "
                + ".xcworkspace or .xcodeproj is there.", valueName: "backend"))
    var backend: BuildBackend.Kind = .automatic

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
            "xcodebuild: -destination, e.g. 'platform=iOS Simulator,name=iPhone 16' (default: platform=macOS).",
            valueName: "specifier"))
    var destination: String?

    func validate() throws {
        if workspace != nil && project != nil {
            throw ValidationError("Pass --workspace or --project, not both.")
        }
        if xcode && backend == .swiftpm {
            throw ValidationError("--xcode asks for the xcodebuild backend; --backend swiftpm contradicts it.")
        }
    }

    var selection: BuildBackend {
        BuildBackend(
            kind: xcode ? .xcodebuild : backend,
            container: workspace.map(XcodeContainer.workspace) ?? project.map(XcodeContainer.project),
            scheme: scheme, destination: destination)
    }
}
