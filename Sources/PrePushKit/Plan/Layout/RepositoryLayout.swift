import Foundation
import PreflightCore

/// The packages and apps of a repository at one commit, found from its tracked files alone (no
/// `swift` process): every tracked `Package.swift` is a package and every Xcode workspace or
/// project an app, except
///
/// - what lies under `.build`, `.swiftpm`, `Pods`, `Carthage` or `DerivedData` folders (build
///   output and vendored code),
/// - a package or project inside another package's `Tests/` folder (a test fixture, unless the
///   configuration lists it in `packages`),
/// - a project's own embedded workspace (`App.xcodeproj/project.xcworkspace`),
/// - folders matching `excludePackages`.
///
/// An Xcode project in a package's folder is a unit of its own when it builds an application
/// (``AppDecision``): a folder may hold a package and an app, and a change there affects both.
///
/// `packages` in the root `.preflight.json` replaces discovery with its list.
struct RepositoryLayout: Sendable, Equatable {
    /// The units, sorted by folder.
    var units: [CheckUnit]
    /// Package folders set aside as test fixtures, for `--print-config` and messages.
    var fixtures: [String]
    /// Folders found but not checked, with why: an Xcode project that is no app
    /// (``decidingApps(_:read:)``; keyed by the project's path when a package shares its folder),
    /// a package that cannot build from a clone.
    var notChecked: [String: String] = [:]

    init(units: [CheckUnit], fixtures: [String] = []) {
        self.units = units.sorted()
        self.fixtures = fixtures
    }

    /// The layout with each app decided from its tracked project files (``AppDecision``): an app
    /// is named after its workspace or project; a folder whose projects build nothing of their own
    /// is moved to ``notChecked``. `read` gives a blob's content by object name.
    func decidingApps(
        _ listing: TreeListing, read: @Sendable (String) async throws -> Data
    ) async throws -> RepositoryLayout {
        let packages = Set(units.filter { $0.kind == .package }.map(\.path))
        var decided = self
        var notApps = Set<String>()
        for (index, unit) in units.enumerated() where unit.kind == .app {
            let decision = try await AppDecision.decide(
                folder: unit.path, listing: listing, packages: packages, read: read)
            if let why = decision.notAnApp {
                notApps.insert(unit.path)
                if packages.contains(unit.path) {
                    // The package's own project: named by its path, the package is still checked.
                    let package = unit.path.isEmpty ? "." : unit.path
                    decided.notChecked[decision.container] = "the package \(package)'s own project (\(why))"
                } else {
                    decided.notChecked[unit.path] = "not an app: " + why
                }
            } else {
                decided.units[index].container = decision.container
            }
        }
        decided.units.removeAll { $0.kind == .app && notApps.contains($0.path) }
        return decided
    }

    /// The layout of `listing` under `settings`, with its apps decided (a configured list is taken
    /// as it is), reading the project files from `repository`.
    static func decided(
        _ listing: TreeListing, settings: LayoutSettings, repository: GitRepository
    ) async throws -> RepositoryLayout {
        let layout = try discover(listing, settings: settings)
        guard settings.packages == nil, layout.units.contains(where: { $0.kind == .app }) else { return layout }
        return try await layout.decidingApps(listing) { object in
            Data(try await repository.output(["cat-file", "blob", object]).utf8)
        }
    }

    /// The unit whose folder is the innermost one holding `file` (a package before an app sharing
    /// its folder); `nil` for a file outside every unit.
    func owner(of file: String) -> CheckUnit? {
        owners(of: file).first
    }

    /// The units whose folder is the innermost one holding `file`: a package and an app may share
    /// one (element-x-ios's root), and a change there is both's.
    func owners(of file: String) -> [CheckUnit] {
        let holding = units.filter { $0.contains(file) }
        guard let innermost = holding.map(\.path.count).max() else { return [] }
        return holding.filter { $0.path.count == innermost }.sorted { $0.kind == .package && $1.kind == .app }
    }

    /// The units of `listing` under `settings`.
    static func discover(
        _ listing: TreeListing, settings: LayoutSettings
    ) throws(LayoutError)
        -> RepositoryLayout
    {
        if let listed = settings.packages { return try listedLayout(listed, listing: listing, settings: settings) }
        let excluded = settings.excludedPackages.map(Glob.init)
        func isExcluded(_ folder: String) -> Bool {
            let components = folder.split(separator: "/")
            if components.contains(where: { ignoredFolders.contains(String($0)) || $0.hasPrefix(".build") }) {
                return true
            }
            return excluded.contains { $0.matches(folder) }
        }
        var packageFolders = Set<String>()
        for file in listing.files where (file as NSString).lastPathComponent == "Package.swift" {
            let folder = parent(of: file)
            if !isExcluded(folder) { packageFolders.insert(folder) }
        }
        // A package inside another package's Tests/ folder is that package's fixture.
        func isFixture(_ folder: String) -> Bool {
            packageFolders.contains { owner in
                owner != folder && folder.hasPrefix(owner.isEmpty ? "Tests/" : owner + "/Tests/")
            }
        }
        let fixtures = packageFolders.filter(isFixture).sorted()
        var units = packageFolders.subtracting(fixtures).map { CheckUnit(path: $0, kind: .package) }
        if settings.includesApps {
            var appFolders = Set<String>()
            for path in listing.objects.keys {
                guard let folder = xcodeContainerFolder(path) else { continue }
                if isExcluded(folder) || isFixture(folder) { continue }
                appFolders.insert(folder)
            }
            units += appFolders.map { CheckUnit(path: $0, kind: .app) }
        }
        return RepositoryLayout(units: units, fixtures: fixtures)
    }

    /// The layout the configuration lists: each folder must hold a `Package.swift` or an Xcode
    /// project or workspace.
    private static func listedLayout(
        _ listed: [String], listing: TreeListing, settings: LayoutSettings
    ) throws(LayoutError) -> RepositoryLayout {
        var units: [CheckUnit] = []
        for entry in listed {
            let folder = RepositoryPath.normalized(entry)
            let manifest = folder.isEmpty ? "Package.swift" : folder + "/Package.swift"
            if listing.objects[manifest] != nil {
                units.append(CheckUnit(path: folder, kind: .package))
            } else if settings.includesApps,
                listing.objects.keys.contains(where: { xcodeContainerFolder($0) == folder })
            {
                units.append(CheckUnit(path: folder, kind: .app))
            } else {
                throw .notAPackage(entry)
            }
        }
        return RepositoryLayout(units: Array(Set(units)))
    }

    /// Folders whose content is build output or vendored code, never a unit of the repository.
    static let ignoredFolders: Set<String> = [".swiftpm", "Pods", "Carthage", "DerivedData", "node_modules"]

    /// The folder holding the Xcode workspace or project `path` names (`App.xcodeproj`,
    /// `Apps/Mail.xcworkspace`), or `nil` for any other path, a project's embedded workspace
    /// included.
    static func xcodeContainerFolder(_ path: String) -> String? {
        guard path.hasSuffix(".xcodeproj") || path.hasSuffix(".xcworkspace") else { return nil }
        let folder = parent(of: path)
        if folder.hasSuffix(".xcodeproj") { return nil }
        return folder
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}

/// The layout keys of the root `.preflight.json`, and whether apps are units at all.
struct LayoutSettings: Sendable, Equatable {
    /// `packages`: the folders to check, instead of discovering them.
    var packages: [String]?
    /// `excludePackages`: globs of folders that are never checked.
    var excludedPackages: [String]
    /// Xcode projects are units unless the backend is SwiftPM's.
    var includesApps: Bool

    init(packages: [String]? = nil, excludedPackages: [String] = [], includesApps: Bool = true) {
        self.packages = packages
        self.excludedPackages = excludedPackages
        self.includesApps = includesApps
    }
}

/// What is wrong with the repository's layout settings.
enum LayoutError: LocalizedError, Sendable, Equatable {
    case notAPackage(String)
    case unknownPackage(String, known: [String])

    var errorDescription: String? {
        switch self {
        case .notAPackage(let folder):
            "'\(folder)', listed in \"packages\", holds no Package.swift and no Xcode project or workspace."
        case .unknownPackage(let folder, _): "'\(folder)' is not one of the repository's packages."
        }
    }

    var failureReason: String? {
        switch self {
        case .notAPackage:
            "prepush checks each listed folder as a Swift package or an Xcode app, and cannot check that one."
        case .unknownPackage(_, let known):
            known.isEmpty
                ? "The repository has no package prepush found."
                : "The repository's packages are: \(known.joined(separator: ", "))."
        }
    }

    var recoverySuggestion: String? {
        switch self {
        case .notAPackage:
            "Fix the folder's name in .preflight.json's \"packages\" (relative to the repository's root), or remove it."
        case .unknownPackage:
            "Name a package's folder relative to the repository's root (prepush --print-config lists them)."
        }
    }
}
