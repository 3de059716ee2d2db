import Foundation
import PreflightCore

/// Which test targets of an Xcode scheme's tests a change can break, read from the project itself
/// (no Xcode): the scheme's test plan (or its test action's testables) names the test targets; each
/// one reaches its own files (build phases and synchronized folders), the targets it depends on,
/// its host app, the local packages any of those link (a local package reference, or a package the
/// project holds as a folder) and what those packages depend on by path. A package test target a
/// plan names by `container:` reaches its package and that package's local dependencies.
///
/// A change to the project (anything in the `.xcodeproj` or the workspace: targets, schemes,
/// `Package.resolved`), to the test plan or to an `.xcconfig` (build settings) selects every test
/// target; any other changed file selects the test targets whose reach holds it.
struct XcodeAffectedTests: Sendable, Equatable {
    /// A test target of the plan and the repository paths (files and folders) a change to which
    /// can break it.
    struct PlannedTarget: Sendable, Equatable {
        var name: String
        var reach: [String]
        /// The local package whose test target it is, when the plan names it by `container:`: that
        /// package's own check runs it.
        var package: String? = nil
    }

    /// The plan's test targets, in its order.
    var targets: [PlannedTarget]
    /// Paths whose change selects every test target: the project or workspace folder, the plan.
    var everything: [String]

    /// What a change selects.
    enum Selection: Sendable, Equatable {
        /// Every test target, and why.
        case all(String)
        /// These test targets (none when empty), each with the changed path that reaches it.
        case some([String], why: [String: String])

        /// The selected names, given the plan's.
        func names(of plan: [String]) -> [String] {
            switch self {
            case .all: plan
            case .some(let names, _): names
            }
        }
    }

    /// The plan of `scheme` in the project at `projectPath` (`App.xcodeproj`, relative to the
    /// repository's root): its default test plan read with `readPlan` (a repository path's text,
    /// `nil` when absent), else its testables. `packages` are the repository's package folders and
    /// `packageDependencies` their local dependencies (``ManifestDependencies``).
    static func make(
        projectPath: String, project: XcodeProjectFile, scheme: XcodeScheme, packages: Set<String>,
        packageDependencies: [String: [String]], readPlan: (String) -> Data?
    ) -> XcodeAffectedTests {
        let projectFolder = RepositoryLayout.parent(of: projectPath)
        var everything = [projectPath]
        var named: [(name: String, container: String, identifier: String?)] = []
        if let planReference = scheme.testPlans.first {
            let planPath = RepositoryPath.normalized(XcodeProjectFile.joined(projectFolder, planReference))
            everything.append(planPath)
            let plan = readPlan(planPath).flatMap(XcodeTestPlan.init(data:))
            named = (plan?.targets ?? []).map { ($0.name, $0.container, $0.identifier) }
        } else {
            named = scheme.testables.map { ($0.name, $0.container, $0.blueprint) }
        }
        let graph = Graph(
            project: project, projectFolder: projectFolder, packages: packages, dependencies: packageDependencies)
        let projectName = (projectPath as NSString).lastPathComponent
        var targets: [PlannedTarget] = []
        for entry in named where !targets.contains(where: { $0.name == entry.name }) {
            let container = entry.container
            if container.isEmpty || container == projectName || container.hasSuffix("/" + projectName) {
                let target =
                    project.targets.first { $0.identifier == entry.identifier }
                    ?? project.targets.first { $0.name == entry.name }
                targets.append(
                    PlannedTarget(name: entry.name, reach: target.map(graph.reach(of:)) ?? [projectFolder]))
            } else {
                let folder = RepositoryPath.normalized(XcodeProjectFile.joined(projectFolder, container))
                let isPackage = packages.contains(folder)
                let reach = isPackage ? graph.packageClosure([folder]) : [folder]
                targets.append(PlannedTarget(name: entry.name, reach: reach, package: isPackage ? folder : nil))
            }
        }
        return XcodeAffectedTests(targets: targets, everything: everything)
    }

    /// The test targets `changed` (repository paths) can break.
    func select(_ changed: [String]) -> Selection {
        func holds(_ path: String, _ place: String) -> Bool {
            place.isEmpty || path == place || path.hasPrefix(place + "/")
        }
        for path in changed {
            if let place = everything.first(where: { holds(path, $0) }) {
                return .all(place.hasSuffix(".xctestplan") ? "the test plan \(place) changed" : "\(place) changed")
            }
            if path.hasSuffix(".xcconfig") { return .all("build settings changed (\(path))") }
        }
        var names: [String] = []
        var why: [String: String] = [:]
        for target in targets {
            guard let path = changed.first(where: { path in target.reach.contains { holds(path, $0) } }) else {
                continue
            }
            names.append(target.name)
            why[target.name] = path
        }
        return .some(names, why: why)
    }

    /// The `-only-testing:` arguments that run `names`.
    static func onlyTesting(_ names: [String]) -> [String] {
        names.map { "-only-testing:" + $0 }
    }

    /// The project's targets and packages, for reaches.
    struct Graph {
        let project: XcodeProjectFile
        let projectFolder: String
        let packages: Set<String>
        let dependencies: [String: [String]]

        /// The paths `target` reaches: its files, its dependencies' and host's (transitively), and
        /// the folders of the local packages any of them link, with their local dependencies.
        func reach(of target: XcodeProjectFile.Target) -> [String] {
            var seen: Set<String> = []
            var queue = [target.identifier]
            var paths: [String] = []
            var linked: [String] = []
            while let identifier = queue.popLast() {
                guard seen.insert(identifier).inserted,
                    let found = project.targets.first(where: { $0.identifier == identifier })
                else { continue }
                paths += found.files
                queue += found.dependencies + (found.host.map { [$0] } ?? [])
                for product in found.packageProducts {
                    guard let folder = product.localPackage else { continue }
                    linked += folder.isEmpty ? heldPackages(named: product.name) : [folder]
                }
            }
            return Array(Set(paths + packageClosure(linked))).sorted()
        }

        /// The packages the project holds as folders (a folder reference or a synchronized folder
        /// holding them): the one named `product`, else every one (which of them ships the
        /// product is not read here).
        func heldPackages(named product: String) -> [String] {
            let held = packages.filter { package in
                project.folders.contains { folder in package == folder || package.hasPrefix(folder + "/") }
            }
            let named = held.filter { ($0 as NSString).lastPathComponent == product }
            return named.isEmpty ? held.sorted() : named.sorted()
        }

        /// `folders` and the local packages they depend on, transitively.
        func packageClosure(_ folders: [String]) -> [String] {
            var seen: Set<String> = []
            var queue = folders
            while let folder = queue.popLast() {
                guard seen.insert(folder).inserted else { continue }
                queue += dependencies[folder] ?? []
            }
            return seen.sorted()
        }
    }
}
