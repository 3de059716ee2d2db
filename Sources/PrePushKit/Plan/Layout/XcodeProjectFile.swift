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
        /// Repository-relative paths of every file its build phases name (sources, resources,
        /// headers, copied files) and of its synchronized folders.
        var files: [String] = []
        /// The identifiers of the targets it depends on (`PBXTargetDependency`).
        var dependencies: [String] = []
        /// The package products it links (`packageProductDependencies`): each product's name and,
        /// for a local package reference (`XCLocalSwiftPackageReference`), its repository folder;
        /// `nil` for a remote package's, `""` for a product naming no package (a local package
        /// the project holds as a folder).
        var packageProducts: [PackageProduct] = []
        /// The target hosting its tests (`TestTargetID`, else the app `TEST_HOST` names).
        var host: String?
        /// Its `productName` (what a `TEST_HOST` path names).
        var productName = ""

        init(identifier: String, name: String, productType: String, sources: [String]) {
            self.identifier = identifier
            self.name = name
            self.productType = productType
            self.sources = sources
        }

        /// A test bundle: unit or UI tests.
        var isTestBundle: Bool {
            productType.hasPrefix("com.apple.product-type.bundle.") && productType.contains("test")
        }

        /// An application (of any kind: watch app, App Clip) or a framework (static or dynamic).
        var buildsAppOrFramework: Bool {
            buildsApplication || productType.hasPrefix("com.apple.product-type.framework")
        }

        /// An application: `com.apple.product-type.application` and its kinds (`.watchapp2`,
        /// `.on-demand-install-capable` for an App Clip).
        var buildsApplication: Bool { productType.hasPrefix("com.apple.product-type.application") }
    }

    var targets: [Target]
    /// Repository folders the project names as folders (folder references, synchronized folders,
    /// local package references): where its local packages without a reference of their own lie.
    var folders: [String] = []

    /// A package product a target links.
    struct PackageProduct: Sendable, Equatable {
        var name: String
        /// The local package's repository folder; `""`: a product naming no package (older projects
        /// and those holding their packages as folders); `nil`: a remote package's.
        var localPackage: String?
    }

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
        let attributes =
            (project["attributes"] as? [String: Any])?["TargetAttributes"] as? [String: [String: Any]] ?? [:]
        var folders: [String] = []
        for (identifier, object) in objects {
            let isa = object["isa"] as? String ?? ""
            let type = object["lastKnownFileType"] as? String ?? ""
            if isa == "PBXFileSystemSynchronizedRootGroup"
                || (isa == "PBXFileReference" && (type == "wrapper" || type == "folder")),
                let found = path(of: identifier)
            {
                folders.append(found)
            }
            if isa == "XCLocalSwiftPackageReference", let relative = object["relativePath"] as? String {
                folders.append(RepositoryLayout.normalized(Self.joined(projectDirectory, relative)))
            }
        }
        self.folders = folders.sorted()
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
            var files: [String] = []
            for phase in target["buildPhases"] as? [String] ?? [] {
                for file in objects[phase]?["files"] as? [String] ?? [] {
                    if let reference = objects[file]?["fileRef"] as? String, let found = path(of: reference) {
                        files.append(found)
                    }
                }
            }
            for group in target["fileSystemSynchronizedGroups"] as? [String] ?? [] {
                if let found = path(of: group) {
                    sources.append(found)
                    files.append(found)
                }
            }
            var found = Target(
                identifier: identifier, name: target["name"] as? String ?? identifier,
                productType: target["productType"] as? String ?? "", sources: sources)
            found.files = files
            found.productName = target["productName"] as? String ?? ""
            found.dependencies = (target["dependencies"] as? [String] ?? []).compactMap { dependency in
                guard let object = objects[dependency] else { return nil }
                if let target = object["target"] as? String { return target }
                let proxy = (object["targetProxy"] as? String).flatMap { objects[$0] }
                return proxy?["remoteGlobalIDString"] as? String
            }
            found.packageProducts = (target["packageProductDependencies"] as? [String] ?? []).compactMap { product in
                guard let object = objects[product] else { return nil }
                let name = object["productName"] as? String ?? product
                guard let package = (object["package"] as? String).flatMap({ objects[$0] }) else {
                    return PackageProduct(name: name, localPackage: "")
                }
                guard package["isa"] as? String == "XCLocalSwiftPackageReference",
                    let relative = package["relativePath"] as? String
                else { return PackageProduct(name: name, localPackage: nil) }
                return PackageProduct(
                    name: name, localPackage: RepositoryLayout.normalized(Self.joined(projectDirectory, relative)))
            }
            found.host = attributes[identifier]?["TestTargetID"] as? String
            if found.host == nil {
                found.host = Self.testHost(of: target, objects: objects)
            }
            targets.append(found)
        }
        // A TEST_HOST names the host's product (`$(BUILT_PRODUCTS_DIR)/App.app/App`): its target.
        for index in targets.indices {
            guard let host = targets[index].host, objects[host] == nil else { continue }
            targets[index].host = targets.first { $0.name == host || $0.productName == host }?.identifier
        }
        self.targets = targets.sorted { $0.name < $1.name }
    }

    /// The product name a target's `TEST_HOST` build setting names (`$(BUILT_PRODUCTS_DIR)/App.app/…`),
    /// in any of its configurations.
    static func testHost(of target: [String: Any], objects: [String: [String: Any]]) -> String? {
        let list = (target["buildConfigurationList"] as? String).flatMap { objects[$0] }
        for configuration in list?["buildConfigurations"] as? [String] ?? [] {
            let settings = objects[configuration]?["buildSettings"] as? [String: Any]
            guard let host = settings?["TEST_HOST"] as? String, let app = host.range(of: ".app/") else { continue }
            let product = host[..<app.lowerBound]
            return String(product.split(separator: "/").last ?? product)
        }
        return nil
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
    /// The test action's testables not marked `skipped = "YES"`.
    var testables: [Reference] = []
    /// The test action's test plans (`container:UnitTests/UnitTests.xctestplan`, without
    /// `container:`), the default one first.
    var testPlans: [String] = []

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
        guard let test = text.range(of: "<TestAction") else { return }
        var action = text[test.lowerBound...]
        action = action.range(of: "</TestAction>").map { action[..<$0.lowerBound] } ?? action
        var plans: [(reference: String, isDefault: Bool)] = []
        var rest = action
        while let open = rest.range(of: "<TestPlanReference") {
            let element = rest[open.upperBound...]
            let end = element.firstIndex(of: ">") ?? element.endIndex
            let attributes = Self.attributes(element[..<end])
            if let reference = attributes["reference"] {
                plans.append(
                    (reference.replacingOccurrences(of: "container:", with: ""), attributes["default"] == "YES"))
            }
            rest = element[end...]
        }
        testPlans = plans.filter(\.isDefault).map(\.reference) + plans.filter { !$0.isDefault }.map(\.reference)
        rest = action
        while let open = rest.range(of: "<TestableReference") {
            let element = rest[open.upperBound...]
            let close = element.range(of: "</TestableReference>")?.lowerBound ?? element.endIndex
            let end = element.firstIndex(of: ">") ?? element.endIndex
            let skipped = Self.attributes(element[..<end])["skipped"] == "YES"
            if !skipped, let reference = element[..<close].range(of: "<BuildableReference") {
                let inner = element[reference.upperBound..<close]
                let attributes = Self.attributes(inner[..<(inner.firstIndex(of: ">") ?? inner.endIndex)])
                if let blueprint = attributes["BlueprintIdentifier"] {
                    testables.append(
                        Reference(
                            blueprint: blueprint, name: attributes["BlueprintName"] ?? blueprint,
                            container: (attributes["ReferencedContainer"] ?? "").replacingOccurrences(
                                of: "container:", with: "")))
                }
            }
            rest = element[close...]
        }
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
