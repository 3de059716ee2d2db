import Foundation

extension XcodeBuildPlan {
    /// The plan of an app unit whose folder also holds a package's `Package.swift` (element-x-ios:
    /// `ElementX.xcodeproj` beside the root package of its tools), where the automatic backend would
    /// pick SwiftPM: xcodebuild with the unit's own workspace or project. `nil` for any other unit,
    /// when a backend or container is configured by name, or where xcodebuild does not exist.
    static func app(
        _ unit: CheckUnit, folder: String, backend: BuildBackend, configuration: String, testArguments: [String],
        searchPath: String?
    ) -> XcodeBuildPlan? {
        guard unit.kind == .app, backend.kind == .automatic, backend.container == nil,
            FileManager.default.fileExists(atPath: folder + "/Package.swift"),
            let container = appContainer(unit)
        else { return nil }
        guard (try? XcodeTools.require(["xcodebuild", "xcrun"], searchPath: searchPath)) != nil else { return nil }
        return XcodeBuildPlan(
            container: container, scheme: backend.scheme ?? container.name, destination: backend.destination,
            configuration: xcodeConfiguration(configuration), tests: backend.tests, testArguments: testArguments)
    }

    /// The unit's workspace or project as layout discovery decided it, relative to its folder.
    static func appContainer(_ unit: CheckUnit) -> XcodeContainer? {
        guard let path = unit.container else { return nil }
        let relative = unit.path.isEmpty ? path : String(path.dropFirst(unit.path.count + 1))
        return path.hasSuffix(".xcworkspace") ? .workspace(relative) : .project(relative)
    }
}
