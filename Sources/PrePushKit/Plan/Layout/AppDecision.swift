import Foundation
import PreflightCore

/// Whether a folder's Xcode workspace or project is an app prepush checks with xcodebuild, decided
/// from the tracked files alone (no Xcode): it is when one of its schemes builds an application
/// or framework target whose sources no package of the repository already holds.
///
/// A scheme is a shared one (`xcshareddata/xcschemes/*.xcscheme`), or, for a project that shares
/// none, one per target (the schemes Xcode makes itself). A target's sources are covered by a
/// package when every one lies in a package's folder and not in the project's own folder (an
/// example app inside a package's folder is an app; a framework target compiled from the package's
/// `Sources/` is the package again). A workspace is an app when a project it opens is.
/// So swift-collections' `Utils/swift-collections.xcworkspace` (schemes of the package only) and
/// `Xcode/Collections.xcodeproj` (a framework of the package's own sources) are not apps.
///
/// A project in a package's own folder (element-x-ios: `ElementX.xcodeproj` beside the root
/// `Package.swift` of its tools) is an app when it builds an application target: that package does
/// not cover its sources, only packages inside the folder do. Without one (a project generated from
/// the package, frameworks only) it is the package's.
struct AppDecision: Sendable, Equatable {
    /// The workspace or project xcodebuild would build, relative to the repository's root.
    var container: String
    /// `nil`: an app. Otherwise why it is not checked.
    var notAnApp: String?
    /// The schemes that build an application or framework of its own (an app's).
    var schemes: [String]

    /// Decides the folder `folder` (whose containers are listed in `listing`), reading files with
    /// `read` (a blob's content by object name); `packages` are the repository's package folders.
    static func decide(
        folder: String, listing: TreeListing, packages: Set<String>,
        read: @Sendable (String) async throws -> Data
    ) async throws -> AppDecision {
        let besidePackage = packages.contains(folder)
        // Beside a package, that package covers nothing of the project's: only the packages inside.
        let packages = besidePackage ? packages.subtracting([folder]) : packages
        let containers = listing.objects.keys.filter { RepositoryLayout.xcodeContainerFolder($0) == folder }.sorted()
        let workspaces = containers.filter { $0.hasSuffix(".xcworkspace") }
        let projects = containers.filter { $0.hasSuffix(".xcodeproj") }
        // The one xcodebuild picks (a workspace wins over a project), as XcodeBuildPlan.findContainer.
        let chosen = workspaces.first ?? projects.first ?? folder
        var reasons: [String] = []
        for container in workspaces + projects {
            let found = try await schemesBuildingApps(
                container, listing: listing, packages: packages, applicationsOnly: besidePackage, read: read)
            if !found.schemes.isEmpty {
                return AppDecision(container: container, notAnApp: nil, schemes: found.schemes)
            }
            reasons.append("\(name(container)): \(found.why)")
        }
        return AppDecision(container: chosen, notAnApp: reasons.joined(separator: "; "), schemes: [])
    }

    static func name(_ path: String) -> String { (path as NSString).lastPathComponent }

    /// The schemes of `container` that build an application or framework of its own, or why none;
    /// with `applicationsOnly`, an application (a framework beside a package is the package's).
    static func schemesBuildingApps(
        _ container: String, listing: TreeListing, packages: Set<String>, applicationsOnly: Bool = false,
        read: @Sendable (String) async throws -> Data
    ) async throws -> (schemes: [String], why: String) {
        let folder = RepositoryLayout.parent(of: container)
        let sharedSchemes = try await schemes(of: container, listing: listing, read: read)
        var projects: [String]
        if container.hasSuffix(".xcworkspace") {
            guard let object = listing.objects[container + "/contents.xcworkspacedata"] else {
                return ([], "no contents.xcworkspacedata")
            }
            let text = String(decoding: try await read(object), as: UTF8.self)
            let references = XcodeWorkspaceFile.references(text: text, workspaceFolder: folder)
            projects = references.filter { $0.hasSuffix(".xcodeproj") && listing.objects[$0] != nil }
            if projects.isEmpty {
                let opened = references.filter { packages.contains($0) }.map { $0.isEmpty ? "." : $0 }
                return (
                    [],
                    "it opens no Xcode project of the repository"
                        + (opened.isEmpty ? "" : ", only the package \(opened.joined(separator: ", "))")
                        + (sharedSchemes.isEmpty
                            ? ""
                            : " (its schemes build the package's targets: "
                                + CheckPlan.listPaths(sharedSchemes.map(\.name)) + ")")
                )
            }
        } else {
            projects = [container]
        }
        var found: [String] = []
        var covered: [String] = []
        for project in projects {
            guard let object = listing.objects[project + "/project.pbxproj"] else { continue }
            guard
                let file = XcodeProjectFile(
                    data: try await read(object), projectFolder: RepositoryLayout.parent(of: project))
            else {
                // Unreadable here: taken for an app, as before this was read at all.
                return (["\(name(project)) (its project.pbxproj could not be read)"], "")
            }
            let projectFolder = RepositoryLayout.parent(of: project)
            let ownSchemes = try await schemes(of: project, listing: listing, read: read)
            // Schemes that name this project's targets: its own and the workspace's.
            var schemes = ownSchemes + (project == container ? [] : sharedSchemes)
            if ownSchemes.isEmpty {
                schemes += file.targets.map {
                    XcodeScheme(
                        name: $0.name,
                        builds: [.init(blueprint: $0.identifier, name: $0.name, container: name(project))])
                }
            }
            for scheme in schemes {
                let targets = scheme.builds.compactMap { reference in
                    file.targets.first { $0.identifier == reference.blueprint }
                }
                for target in targets where applicationsOnly ? target.buildsApplication : target.buildsAppOrFramework {
                    if isCovered(target, projectFolder: projectFolder, packages: packages) {
                        covered.append(target.name)
                    } else if !found.contains(scheme.name) {
                        found.append(scheme.name)
                    }
                }
            }
        }
        if !found.isEmpty { return (found, "") }
        if !covered.isEmpty {
            return (
                [],
                "its schemes build only code of the packages (\(CheckPlan.listPaths(Array(Set(covered)).sorted())) "
                    + "compiled from a package's sources)"
            )
        }
        return (
            [],
            applicationsOnly
                ? "no scheme builds an application target"
                : "no scheme builds an application or framework target"
        )
    }

    /// The shared schemes of a project or workspace.
    static func schemes(
        of container: String, listing: TreeListing, read: @Sendable (String) async throws -> Data
    ) async throws -> [XcodeScheme] {
        let prefix = container + "/xcshareddata/xcschemes/"
        var schemes: [XcodeScheme] = []
        for file in listing.files where file.hasPrefix(prefix) && file.hasSuffix(".xcscheme") {
            guard let object = listing.objects[file] else { continue }
            let name = String(name(file).dropLast(".xcscheme".count))
            schemes.append(XcodeScheme(name: name, text: String(decoding: try await read(object), as: UTF8.self)))
        }
        return schemes
    }

    /// Whether every source of `target` lies in a package's folder and outside the project's own.
    static func isCovered(_ target: XcodeProjectFile.Target, projectFolder: String, packages: Set<String>) -> Bool {
        func inFolder(_ folder: String, _ path: String) -> Bool {
            folder.isEmpty ? !path.hasPrefix("..") : path == folder || path.hasPrefix(folder + "/")
        }
        guard !target.sources.isEmpty else { return false }
        return target.sources.allSatisfy { source in
            if !projectFolder.isEmpty, inFolder(projectFolder, source) {
                // In the project's own folder: covered only by a package inside that folder.
                return packages.contains { !$0.isEmpty && inFolder(projectFolder, $0) && inFolder($0, source) }
            }
            return packages.contains { inFolder($0, source) }
        }
    }
}
