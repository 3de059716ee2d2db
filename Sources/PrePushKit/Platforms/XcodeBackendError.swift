import Foundation

/// Why the xcodebuild backend cannot run.
enum XcodeBackendError: LocalizedError, Sendable, Equatable {
    /// xcodebuild or xcrun is not on `PATH` (always the case on Linux).
    case toolNotFound(String, searchedDirectories: [String])
    /// xcodebuild was asked for, but the root holds no `.xcworkspace` or `.xcodeproj`.
    case noProject(root: String)
    /// Several workspaces (or, without a workspace, several projects) at the root.
    case ambiguousProject([String])
    /// `xccov view --report --json` printed something that is not its report.
    case malformedReport(detail: String)
    /// The temporary folder for the result bundle could not be made.
    case resultBundleUnavailable(path: String, detail: String)
    /// An Xcode tool printed something that is not the JSON of its documented shape.
    case malformedOutput(command: String, detail: String)
    /// The scheme's build settings name no platform a destination can be inferred for.
    case unknownPlatform(scheme: String, settings: String)
    /// No available simulator of the scheme's platform (of `family` when the scheme allows only
    /// that one, `iPad`).
    case noSimulator(platform: String, runtimes: [String], family: String? = nil)
    /// xcodebuild lists no scheme named after the package (`<name>-Package` or `<name>`).
    case noPackageScheme(package: String, schemes: [String])

    var errorDescription: String? {
        switch self {
        case .toolNotFound(let name, _): "\(name) was not found; the xcodebuild backend cannot run."
        case .noProject: "There is no Xcode workspace or project to build."
        case .ambiguousProject: "There are several Xcode workspaces or projects to choose from."
        case .malformedReport: "xccov's coverage report could not be read."
        case .resultBundleUnavailable(let path, _): "The result bundle's folder '\(path)' could not be made."
        case .malformedOutput(let command, _): "The output of '\(command)' could not be read."
        case .unknownPlatform(let scheme, _): "The platform of the scheme '\(scheme)' could not be told."
        case .noSimulator(let platform, _, let family):
            "There is no available \(platform) simulator\(family.map { " of an \($0)" } ?? "") to test on."
        case .noPackageScheme(let name, _): "xcodebuild lists no scheme that builds the package \(name)."
        }
    }

    var failureReason: String? {
        switch self {
        case .toolNotFound(let name, let directories):
            "The xcodebuild backend runs Xcode's tools, which exist only on macOS with Xcode installed; "
                + "no directory on PATH holds '\(name)' (searched: \(directories.joined(separator: ":")))."
        case .noProject(let root): "'\(root)' holds no .xcworkspace or .xcodeproj, and none was given."
        case .ambiguousProject(let names): "Found: \(names.joined(separator: ", "))."
        case .malformedReport(let detail): detail
        case .resultBundleUnavailable(_, let detail): detail
        case .malformedOutput(_, let detail): detail
        case .unknownPlatform(_, let settings):
            "Its build settings name no macOS, iOS, tvOS, watchOS or visionOS SDK (\(settings))."
        case .noSimulator(let platform, let runtimes, let family):
            runtimes.isEmpty
                ? "xcrun simctl lists no available simulator runtime."
                : "xcrun simctl lists no available \(platform) \(family.map { "\($0) " } ?? "")device (runtimes: "
                    + "\(runtimes.joined(separator: ", ")))"
                    + (family.map { "; the scheme's TARGETED_DEVICE_FAMILY allows only \($0)s" } ?? "") + "."
        case .noPackageScheme(let name, let schemes):
            "Xcode names a package's scheme \(name)-Package or \(name); xcodebuild -list lists "
                + (schemes.isEmpty ? "none" : schemes.joined(separator: ", ")) + "."
        }
    }

    var recoverySuggestion: String? {
        switch self {
        case .toolNotFound:
            "On macOS, install Xcode and select it with 'sudo xcode-select -s /Applications/Xcode.app'. "
                + "Elsewhere, check the Swift package with --backend swiftpm (the default when Package.swift is at the root)."
        case .noProject: "Pass --workspace or --project, or use --backend swiftpm for a Swift package."
        case .ambiguousProject: "Pass the one to build with --workspace or --project."
        case .malformedReport: "Check that xcrun runs the xccov of the Xcode that ran the tests (xcode-select -p)."
        case .resultBundleUnavailable: "Check that the temporary folder (TMPDIR) exists and is writable."
        case .malformedOutput: "Check that xcrun and xcodebuild belong to Xcode 16 or later (xcode-select -p)."
        case .unknownPlatform: "Pass the destination with --destination, e.g. 'platform=macOS'."
        case .noSimulator(_, _, .some(let family)):
            "Create an \(family) simulator ('xcrun simctl create \"\(family)\" <device type> <runtime>', or Xcode > "
                + "Window > Devices and Simulators), or pass --destination."
        case .noSimulator(let platform, _, nil):
            "Install a \(platform) simulator runtime (Xcode > Settings > Components, or 'xcodebuild -downloadPlatform "
                + "\(platform)'), or pass --destination."
        case .noPackageScheme:
            "Run 'xcodebuild -list' in the package's folder; a shared scheme in .swiftpm/xcode/xcshareddata/xcschemes "
                + "named after the package is used when there is one."
        }
    }
}
