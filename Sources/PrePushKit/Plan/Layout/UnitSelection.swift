/// Which units of a layout a push affects, and in which order they are checked.
///
/// Each changed file belongs to its innermost unit (to both, where a package and an app share that
/// folder). A unit is affected when a file of its own
/// changes, or when a package it depends on by local path is affected (an app depends on every
/// package of the repository: which ones an Xcode project links is not read). A changed
/// `.preflight.json` affects every unit at or below its folder. A change outside every unit
/// affects nothing, unless `outsideAffectsAll` (the configuration names such paths as relevant).
/// The affected units are ordered dependencies first.
struct UnitSelection: Sendable, Equatable {
    /// The units to check, each after the packages it depends on.
    var affected: [CheckUnit]
    /// The units nothing pushed touches, listed as unchanged.
    var unchanged: [CheckUnit]
    /// Changed files that lie in no unit.
    var outside: [String]
    /// Why each affected unit is checked, for a unit checked only through a dependency: the
    /// dependency's name.
    var through: [CheckUnit: String]

    init(
        affected: [CheckUnit], unchanged: [CheckUnit] = [], outside: [String] = [], through: [CheckUnit: String] = [:]
    ) {
        self.affected = affected
        self.unchanged = unchanged
        self.outside = outside
        self.through = through
    }

    /// Every unit of `layout`, in dependency order (a check by hand of the whole repository).
    static func all(_ layout: RepositoryLayout, dependencies: [String: [String]]) -> UnitSelection {
        UnitSelection(affected: ordered(layout.units, layout: layout, dependencies: dependencies))
    }

    /// The units `changedPaths` affect.
    static func affected(
        by changedPaths: [String], layout: RepositoryLayout, dependencies: [String: [String]],
        outsideAffectsAll: Bool = false
    ) -> UnitSelection {
        var direct = Set<CheckUnit>()
        var outside: [String] = []
        for path in changedPaths {
            let owners = layout.owners(of: path)
            if owners.isEmpty { outside.append(path) } else { direct.formUnion(owners) }
            if path == ".preflight.json" || path.hasSuffix("/.preflight.json") {
                let folder = RepositoryLayout.parent(of: path)
                for unit in layout.units
                where unit.path == folder || folder.isEmpty || unit.path.hasPrefix(folder + "/") {
                    direct.insert(unit)
                }
            }
        }
        if outsideAffectsAll, !outside.isEmpty { direct.formUnion(layout.units) }
        // Those that depend on an affected unit, until nothing is added.
        var affected = direct
        var through: [CheckUnit: String] = [:]
        var changed = true
        while changed {
            changed = false
            for unit in layout.units where !affected.contains(unit) {
                let uses = uses(unit, layout: layout, dependencies: dependencies)
                if let dependency = layout.units.first(where: {
                    affected.contains($0) && uses.contains($0.path) && $0.kind == .package
                }) {
                    affected.insert(unit)
                    through[unit] = dependency.name
                    changed = true
                }
            }
        }
        return UnitSelection(
            affected: ordered(Array(affected), layout: layout, dependencies: dependencies),
            unchanged: layout.units.filter { !affected.contains($0) }, outside: outside, through: through)
    }

    /// The folders of the packages `unit` depends on: its manifest's local packages, or for an app
    /// every package.
    static func uses(_ unit: CheckUnit, layout: RepositoryLayout, dependencies: [String: [String]]) -> Set<String> {
        switch unit.kind {
        case .package: Set(dependencies[unit.path] ?? [])
        case .app: Set(layout.units.filter { $0.kind == .package }.map(\.path))
        }
    }

    /// `units` with each after what it depends on; otherwise by folder.
    static func ordered(
        _ units: [CheckUnit], layout: RepositoryLayout, dependencies: [String: [String]]
    )
        -> [CheckUnit]
    {
        let members = Set(units)
        var done = Set<CheckUnit>()
        var visiting = Set<CheckUnit>()
        var order: [CheckUnit] = []
        func visit(_ unit: CheckUnit) {
            if done.contains(unit) || visiting.contains(unit) { return }
            visiting.insert(unit)
            let uses = uses(unit, layout: layout, dependencies: dependencies)
            for dependency in layout.units where dependency != unit && uses.contains(dependency.path) {
                if members.contains(dependency), dependency.kind == .package { visit(dependency) }
            }
            visiting.remove(unit)
            done.insert(unit)
            order.append(unit)
        }
        // Packages before apps, each group by folder.
        for unit in units.sorted(by: { ($0.kind == .app ? 1 : 0, $0) < ($1.kind == .app ? 1 : 0, $1) }) {
            visit(unit)
        }
        return order
    }
}
