import PreflightCore

/// For one tree: which units a check of it covers, the content each is cached under, and the
/// settings fingerprint each is checked with. Built by ``PlanFacts/gather`` from the tree's
/// layout; ``single(tree:fingerprint:)`` is a repository with one package at its root.
struct UnitPlan: Sendable, Equatable {
    var selection: UnitSelection
    /// What a unit's pass is cached under besides the settings: for the root, the whole tree; for a
    /// unit in a folder, its folder's tree, its local dependencies' trees and the configuration
    /// files above it (``content(of:layout:listing:dependencies:)``).
    var contents: [CheckUnit: String]
    /// Each unit's settings fingerprint (toolchain and options), as its folder's configuration
    /// gives them in the work tree.
    var fingerprints: [CheckUnit: String]
    /// Lines to print before checking (manifests that could not be read).
    var notes: [String]
    /// The folders of the packages each unit depends on, directly or not.
    var dependencyFolders: [CheckUnit: [String]] = [:]
    /// The folders of other units inside each unit's folder (a package under the root package).
    var nestedFolders: [CheckUnit: [String]] = [:]
    /// What each package's manifest says of its name and platforms, by folder.
    var manifests: [String: ManifestSummary] = [:]
    /// Each unit's settings as read from the tree's own configuration, when the tree is a checked
    /// commit's (``UnitSettings``); the work tree's are read again by the run from disk.
    var settings: [CheckUnit: UnitSettings] = [:]
    /// The tree's listing, read once: the run and the test selection read the same.
    var listing: TreeListing?

    init(
        selection: UnitSelection, contents: [CheckUnit: String], fingerprints: [CheckUnit: String] = [:],
        notes: [String] = []
    ) {
        self.selection = selection
        self.contents = contents
        self.fingerprints = fingerprints
        self.notes = notes
    }

    /// One package at the repository's root, cached under the tree.
    static func single(tree: String, fingerprint: String) -> UnitPlan {
        let root = CheckUnit(path: "", kind: .package)
        return UnitPlan(
            selection: UnitSelection(affected: [root]), contents: [root: tree], fingerprints: [root: fingerprint])
    }

    /// The folders of the packages `unit` depends on, directly or not (an app: every package).
    static func dependencyFolders(
        of unit: CheckUnit, layout: RepositoryLayout, dependencies: [String: [String]]
    ) -> [String] {
        var folders: Set<String> = []
        var queue = Array(UnitSelection.uses(unit, layout: layout, dependencies: dependencies))
        while let folder = queue.popLast() {
            guard folder != unit.path, folders.insert(folder).inserted else { continue }
            queue += dependencies[folder] ?? []
        }
        return folders.sorted()
    }

    /// The content a pass of `unit` holds for: the root's whole tree; for a folder, the trees of
    /// the folder and of every package it depends on (transitively, an app on every package), and
    /// each `.preflight.json` from the root down to the folder.
    static func content(
        of unit: CheckUnit, layout: RepositoryLayout, listing: TreeListing, dependencies: [String: [String]]
    ) -> String {
        // An app sharing its folder with a package: the same trees, but never the package's pass.
        let sharesFolder = unit.kind == .app && layout.units.contains(CheckUnit(path: unit.path, kind: .package))
        if unit.path.isEmpty, !sharesFolder { return listing.objects[""] ?? "" }
        let folders = Set([unit.path] + dependencyFolders(of: unit, layout: layout, dependencies: dependencies))
        var material = folders.sorted().map { "\($0)\t\(listing.objects[$0] ?? "-")" }
        var folder = unit.path
        while true {
            let file = folder.isEmpty ? ".preflight.json" : folder + "/.preflight.json"
            material.append("\(file)\t\(listing.objects[file] ?? "-")")
            if folder.isEmpty { break }
            folder = RepositoryLayout.parent(of: folder)
        }
        if sharesFolder { material.insert("app\t\(unit.container ?? "")", at: 0) }
        let text = material.joined(separator: "\n")
        // Two independent 64-bit hashes: a collision would pass what was never checked.
        return "u" + StableHash.fnv1a64Hex(text) + StableHash.fnv1a64Hex("\u{1}" + text)
    }
}
