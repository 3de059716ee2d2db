import Foundation

/// What prepush (layout discovery, test selection) and errorlint (which code is a developer's)
/// need of a `project.pbxproj`: each native target's name, product
/// type and the repository paths of its sources, read from the file itself (an OpenStep property
/// list, which Foundation reads on every platform), so no Xcode is needed.
package struct XcodeProjectFile: Sendable, Equatable {
    package struct Target: Sendable, Equatable {
        /// The target's object identifier (what a scheme's `BlueprintIdentifier` names).
        package var identifier: String
        package var name: String
        /// `com.apple.product-type.application`, `.framework`, `.bundle.unit-test`, ….
        package var productType: String
        /// Repository-relative paths of its source files and of its synchronized folders (Xcode 16);
        /// a path outside the repository starts with `..`.
        package var sources: [String]
        /// Repository-relative paths of every file its build phases name (sources, resources,
        /// headers, copied files) and of its synchronized folders.
        package var files: [String] = []
        /// The identifiers of the targets it depends on (`PBXTargetDependency`).
        package var dependencies: [String] = []
        /// The package products it links (`packageProductDependencies`): each product's name and,
        /// for a local package reference (`XCLocalSwiftPackageReference`), its repository folder;
        /// `nil` for a remote package's, `""` for a product naming no package (a local package
        /// the project holds as a folder).
        package var packageProducts: [PackageProduct] = []
        /// The target hosting its tests (`TestTargetID`, else the app `TEST_HOST` names).
        package var host: String?
        /// Its `productName` (what a `TEST_HOST` path names).
        package var productName = ""

        package init(identifier: String, name: String, productType: String, sources: [String]) {
            self.identifier = identifier
            self.name = name
            self.productType = productType
            self.sources = sources
        }

        /// A test bundle: unit or UI tests.
        package var isTestBundle: Bool {
            productType.hasPrefix("com.apple.product-type.bundle.") && productType.contains("test")
        }

        /// An application (of any kind: watch app, App Clip) or a framework (static or dynamic).
        package var buildsAppOrFramework: Bool {
            buildsApplication || productType.hasPrefix("com.apple.product-type.framework")
        }

        /// An application: `com.apple.product-type.application` and its kinds (`.watchapp2`,
        /// `.on-demand-install-capable` for an App Clip).
        package var buildsApplication: Bool { productType.hasPrefix("com.apple.product-type.application") }
    }

    package var targets: [Target]
    /// Repository folders the project names as folders (folder references, synchronized folders,
    /// local package references): where its local packages without a reference of their own lie.
    package var folders: [String] = []

    /// A package product a target links.
    package struct PackageProduct: Sendable, Equatable {
        package var name: String
        /// The local package's repository folder; `""`: a product naming no package (older projects
        /// and those holding their packages as folders); `nil`: a remote package's.
        package var localPackage: String?

        package init(name: String, localPackage: String?) {
            self.name = name
            self.localPackage = localPackage
        }
    }

    /// Reads `data`, the `project.pbxproj` of the project whose folder (the folder holding the
    /// `.xcodeproj`) is `projectFolder`, relative to the repository's root; `nil` when it is not a
    /// property list of a project.
    package init?(data: Data, projectFolder: String) {
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
        let projectDirectory = RepositoryPath.normalized(
            Self.joined(projectFolder, project["projectDirPath"] as? String ?? ""))
        var resolved: [String: String?] = [:]
        // The repository path of a file, group or synchronized folder; `nil` for one relative to
        // the SDK, the build products or an absolute path (nothing of the repository).
        func path(of identifier: String, depth: Int = 0) -> String? {
            if let known = resolved[identifier] { return known }
            // A cycle of groups (a damaged or hostile file) is no path.
            guard depth < 64, let object = objects[identifier] else { return nil }
            let own = object["path"] as? String ?? ""
            var result: String?
            switch object["sourceTree"] as? String ?? "<group>" {
            case "<group>":
                if let parent = parents[identifier] {
                    result = path(of: parent, depth: depth + 1).map { Self.joined($0, own) }
                } else {
                    result = Self.joined(projectDirectory, own)
                }
            case "SOURCE_ROOT": result = Self.joined(projectDirectory, own)
            default: result = nil
            }
            result = result.map(RepositoryPath.normalized)
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
                folders.append(RepositoryPath.normalized(Self.joined(projectDirectory, relative)))
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
                    name: name, localPackage: RepositoryPath.normalized(Self.joined(projectDirectory, relative)))
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

    package static func joined(_ folder: String, _ path: String) -> String {
        // An absolute path is nothing of the repository: kept outside it.
        if path.hasPrefix("/") { return ".." + path }
        return folder.isEmpty ? path : path.isEmpty ? folder : folder + "/" + path
    }
}
