/// Where each package of one check builds: a package checked after a package it depends on by
/// path builds in that package's scratch folder, so the dependency's graph (its remote
/// dependencies, its own modules) is compiled once per check, not once per package.
///
/// Measured with SwiftPM 6.3 on Linux (`Core` depending on swift-collections, `Feature` on `Core`
/// by path, `--build-tests`): `Feature` in a folder of its own 54.9 s; in `Core`'s folder after it
/// 5.5 s; building the first root again afterwards is a no-op (1.5 s). Packages not joined by a
/// path dependency keep folders of their own: a shared `Modules` folder would let one import a
/// module it never declared and pass where its own build fails. Along a dependency edge the
/// dependent's own build compiles the same graph anyway.
struct SharedScratchPaths {
    /// The root the check runs in (the work tree or the isolated worktree).
    let root: String
    /// The isolated worktree's scratch folder (a unit's folder is derived from it); `nil` in place,
    /// where a package builds in its own `.build`.
    let isolated: String?
    /// The scratch folder given to each package folder checked so far.
    private var assigned: [String: String] = [:]

    init(root: String, isolated: String?) {
        self.root = root
        self.isolated = isolated
    }

    /// The scratch folder for `planned`: the folder of the first package checked before it that
    /// it depends on; else its own (`nil` in place: SwiftPM's default, the package's `.build`).
    mutating func assign(_ planned: PlannedUnit) -> String? {
        let unit = planned.unit
        let known = assigned
        let shared = planned.dependencyFolders.lazy.compactMap { known[$0] }.first
        let own: String
        if let isolated {
            own = unit.path.isEmpty ? isolated : isolated + "-" + unit.path.replacingOccurrences(of: "/", with: "-")
        } else {
            own = unit.folder(in: root) + "/.build"
        }
        let chosen = shared ?? own
        if unit.kind == .package { assigned[unit.path] = chosen }
        return shared ?? (isolated == nil ? nil : own)
    }
}
