import Foundation

/// The native targets of an Xcode project (`project.pbxproj`, an OpenStep property list Foundation
/// reads on every platform): each one's product type and the files and synchronized folders
/// (Xcode 16) it compiles, as absolute paths.
struct XcodeTargets: Sendable {
    struct Target: Sendable {
        var name: String
        var productType: String
        /// Source files and synchronized folders, absolute.
        var sources: [String]

        /// Unit and UI tests, and command-line tools: code no user of the app sees.
        var isDeveloperCode: Bool {
            productType == "com.apple.product-type.bundle.unit-test"
                || productType == "com.apple.product-type.bundle.ui-testing"
                || productType == "com.apple.product-type.tool"
        }

        var kindName: String {
            switch productType {
            case "com.apple.product-type.bundle.unit-test": "unit-test target"
            case "com.apple.product-type.bundle.ui-testing": "UI-test target"
            case "com.apple.product-type.tool": "command-line tool target"
            default: "target"
            }
        }
    }

    var targets: [Target]

    /// Reads the `project.pbxproj` at `path` (inside `<folder>/<name>.xcodeproj`); `nil` when it is
    /// not a project's property list.
    init?(data: Data, path: String) {
        guard
            let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                as? [String: Any],
            let objects = plist["objects"] as? [String: [String: Any]],
            let rootIdentifier = plist["rootObject"] as? String,
            let project = objects[rootIdentifier]
        else { return nil }
        let projectFolder = ((path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let projectDirectory = Self.joined(projectFolder, project["projectDirPath"] as? String ?? "")
        var parents: [String: String] = [:]
        for (identifier, object) in objects {
            for child in object["children"] as? [String] ?? [] { parents[child] = identifier }
        }
        var resolved: [String: String?] = [:]
        func location(of identifier: String, depth: Int = 0) -> String? {
            if let known = resolved[identifier] { return known }
            guard depth < 64, let object = objects[identifier] else { return nil }
            let own = object["path"] as? String ?? ""
            var result: String?
            switch object["sourceTree"] as? String ?? "<group>" {
            case "<group>":
                result =
                    parents[identifier].map { location(of: $0, depth: depth + 1).map { Self.joined($0, own) } }
                    ?? Self.joined(projectDirectory, own)
            case "SOURCE_ROOT": result = Self.joined(projectDirectory, own)
            default: result = nil
            }
            resolved[identifier] = result
            return result
        }
        var targets: [Target] = []
        for identifier in project["targets"] as? [String] ?? [] {
            guard let target = objects[identifier], target["isa"] as? String == "PBXNativeTarget" else { continue }
            var sources: [String] = []
            for phase in target["buildPhases"] as? [String] ?? [] {
                guard objects[phase]?["isa"] as? String == "PBXSourcesBuildPhase" else { continue }
                for file in objects[phase]?["files"] as? [String] ?? [] {
                    if let reference = objects[file]?["fileRef"] as? String, let path = location(of: reference) {
                        sources.append(path)
                    }
                }
            }
            for group in target["fileSystemSynchronizedGroups"] as? [String] ?? [] {
                if let path = location(of: group) { sources.append(path) }
            }
            targets.append(
                Target(
                    name: target["name"] as? String ?? "", productType: target["productType"] as? String ?? "",
                    sources: sources))
        }
        self.targets = targets
    }

    private static func joined(_ folder: String, _ path: String) -> String {
        if path.isEmpty { return folder }
        if path.hasPrefix("/") { return path }
        return (folder + "/" + path as NSString).standardizingPath
    }
}
