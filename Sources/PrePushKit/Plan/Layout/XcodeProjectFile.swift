import Foundation

/// What layout discovery needs of a tracked `project.pbxproj`: each native target's name, product
/// type and the repository paths of its sources, read from the file itself (an OpenStep property
/// list, which Foundation reads on every platform), so no Xcode is needed.
struct XcodeProjectFile: Sendable, Equatable {
    struct Target: Sendable, Equatable {
        /// The target's object identifier (what a scheme's `BlueprintIdentifier` names).
        var identifier: String
        var name: String
        /// `com.apple.product-type.application`, `.framework`, `.bundle.unit-test`, ….
        var productType: String
        /// Repository-relative paths of its source files and of its synchronized folders (Xcode 16);
        /// a path outside the repository starts with `..`.
        var sources: [String]

        /// An application (of any kind: watch app, App Clip) or a framework (static or dynamic).
        var buildsAppOrFramework: Bool {
            buildsApplication || productType.hasPrefix("com.apple.product-type.framework")
        }

        /// An application: `com.apple.product-type.application` and its kinds (`.watchapp2`,
        /// `.on-demand-install-capable` for an App Clip).
        var buildsApplication: Bool { productType.hasPrefix("com.apple.product-type.application") }
    }

    var targets: [Target]

    /// Reads `data`, the `project.pbxproj` of the project whose folder (the folder holding the
    /// `.xcodeproj`) is `projectFolder`, relative to the repository's root; `nil` when it is not a
    /// property list of a project.
    init?(data: Data, projectFolder: String) {
        guard
            let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                as? [String: Any],
            let objects = plist["objects"] as? [String: [String: Any]],
            let rootIdentifier = plist["rootObject"] as? String,
            let project = objects[rootIdentifier]
        else { return nil }
        var parents: [String: String] = [:]
        for (identifier, object) in objects {
            for child in object["children"] as? [String] ?? [] { parents[child] = identifier }
        }
        let projectDirectory = RepositoryLayout.normalized(
            Self.joined(projectFolder, project["projectDirPath"] as? String ?? ""))
        var resolved: [String: String?] = [:]
        // The repository path of a file, group or synchronized folder; `nil` for one relative to
        // the SDK, the build products or an absolute path (nothing of the repository).
        func path(of identifier: String) -> String? {
            if let known = resolved[identifier] { return known }
            guard let object = objects[identifier] else { return nil }
            let own = object["path"] as? String ?? ""
            var result: String?
            switch object["sourceTree"] as? String ?? "<group>" {
            case "<group>":
                if let parent = parents[identifier] {
                    result = path(of: parent).map { Self.joined($0, own) }
                } else {
                    result = Self.joined(projectDirectory, own)
                }
            case "SOURCE_ROOT": result = Self.joined(projectDirectory, own)
            default: result = nil
            }
            result = result.map(RepositoryLayout.normalized)
            resolved[identifier] = result
            return result
        }
        var targets: [Target] = []
        for identifier in project["targets"] as? [String] ?? [] {
            guard let target = objects[identifier], target["isa"] as? String == "PBXNativeTarget" else { continue }
            var sources: [String] = []
            for phase in target["buildPhases"] as? [String] ?? []
            where objects[phase]?["isa"] as? String == "PBXSourcesBuildPhase" {
                for file in objects[phase]?["files"] as? [String] ?? [] {
                    if let reference = objects[file]?["fileRef"] as? String, let found = path(of: reference) {
                        sources.append(found)
                    }
                }
            }
            for group in target["fileSystemSynchronizedGroups"] as? [String] ?? [] {
                if let found = path(of: group) { sources.append(found) }
            }
            targets.append(
                Target(
                    identifier: identifier, name: target["name"] as? String ?? identifier,
                    productType: target["productType"] as? String ?? "", sources: sources))
        }
        self.targets = targets.sorted { $0.name < $1.name }
    }

    static func joined(_ folder: String, _ path: String) -> String {
        // An absolute path is nothing of the repository: kept outside it.
        if path.hasPrefix("/") { return ".." + path }
        return folder.isEmpty ? path : path.isEmpty ? folder : folder + "/" + path
    }
}

/// The targets a shared scheme (`xcshareddata/xcschemes/*.xcscheme`) builds: its build action's
/// buildable references, each naming a target (`BlueprintIdentifier`) and its container
/// (`ReferencedContainer`, `container:App.xcodeproj` or, for a package, `container:..`).
struct XcodeScheme: Sendable, Equatable {
    struct Reference: Sendable, Equatable {
        var blueprint: String
        var name: String
        /// The container's path as the scheme gives it, without `container:`.
        var container: String
    }

    var name: String
    var builds: [Reference]

    init(name: String, builds: [Reference]) {
        self.name = name
        self.builds = builds
    }

    /// Reads a scheme's text; Xcode writes each element's attributes as `Name = "value"`. Only the
    /// `<BuildAction>` element's references count (a test action may list more).
    init(name: String, text: String) {
        self.name = name
        var builds: [Reference] = []
        var remaining: Substring = ""
        if let start = text.range(of: "<BuildAction") {
            let rest = text[start.lowerBound...]
            remaining = rest.range(of: "</BuildAction>").map { rest[..<$0.lowerBound] } ?? rest
        }
        while let open = remaining.range(of: "<BuildableReference") {
            let element = remaining[open.upperBound...]
            let end = element.firstIndex(of: ">") ?? element.endIndex
            let attributes = Self.attributes(element[..<end])
            if let blueprint = attributes["BlueprintIdentifier"] {
                builds.append(
                    Reference(
                        blueprint: blueprint, name: attributes["BlueprintName"] ?? blueprint,
                        container: (attributes["ReferencedContainer"] ?? "").replacingOccurrences(
                            of: "container:", with: "")))
            }
            remaining = element[end...]
        }
        self.builds = builds
    }

    /// `Name = "value"` pairs, with XML's entities for quotes, ampersands and angle brackets.
    static func attributes(_ text: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = text
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].trimmingCharacters(in: .whitespacesAndNewlines)
            let afterEquals = rest[rest.index(after: equals)...]
            guard let open = afterEquals.firstIndex(of: "\"") else { break }
            let valueStart = afterEquals.index(after: open)
            guard let close = afterEquals[valueStart...].firstIndex(of: "\"") else { break }
            result[name] = String(afterEquals[valueStart..<close])
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            rest = afterEquals[afterEquals.index(after: close)...]
        }
        return result
    }
}

/// The `FileRef` locations of a workspace's `contents.xcworkspacedata`, as repository paths
/// (`group:` and `container:` locations are relative to the folder holding the workspace; an
/// `absolute:` one is nothing of the repository).
enum XcodeWorkspaceFile {
    static func references(text: String, workspaceFolder: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "<FileRef") {
            let element = rest[open.upperBound...]
            let end = element.firstIndex(of: ">") ?? element.endIndex
            if let location = XcodeScheme.attributes(element[..<end])["location"] {
                for prefix in ["group:", "container:"] where location.hasPrefix(prefix) {
                    found.append(
                        RepositoryLayout.normalized(
                            XcodeProjectFile.joined(workspaceFolder, String(location.dropFirst(prefix.count)))))
                }
            }
            rest = element[end...]
        }
        return found
    }
}
