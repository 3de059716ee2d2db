import Foundation
import PreflightCore
import ProcessKit

/// What the run asks of the layout: the packages named on the command line, the folder prepush was
/// started in, and the flags every package's settings are resolved with.
struct LayoutRequest: Sendable {
    /// The repository's root.
    var root: String
    /// The folder prepush was started in, relative to the root (by hand, the package there is
    /// checked).
    var startFolder: String
    /// `--package`: folders relative to the root.
    var packages: [String]
    /// The flags, laid over each package's configuration.
    var flags: PrePushFlags

    init(root: String, startFolder: String = "", packages: [String] = [], flags: PrePushFlags = PrePushFlags()) {
        self.root = root
        self.startFolder = startFolder
        self.packages = packages
        self.flags = flags
    }
}

/// Builds a tree's ``UnitPlan``: its layout from one `git ls-tree`, the units the push affects (or
/// by hand, those asked for), local dependencies from SwiftPM only when a package is affected and
/// another could depend on it, and each unit's content and settings fingerprint.
struct UnitGathering: Sendable {
    let request: LayoutRequest
    let repository: GitRepository
    let gitDirectory: String
    /// The root's settings: the layout keys, relevance.
    let options: PrePushOptions
    let errorlintExecutable: String?
    let environment: [String: String]
    /// Trees already listed (``PushedTrees``), by tree: not listed again.
    var listings: [String: TreeListing] = [:]

    /// `label` names the tree in messages (the commit, `git show` style); `nil` for a tree that is
    /// not checked, whose configuration files are then not read.
    func plan(tree: String, label: String?, changedPaths: [String]?) async throws -> UnitPlan {
        let listing: TreeListing
        if let known = listings[tree] {
            listing = known
        } else {
            listing = try await TreeListing.read(tree, in: repository)
        }
        var layout = try await RepositoryLayout.decided(
            listing, settings: options.layoutSettings, repository: repository)
        var notes: [String] = []
        var dependencies: [String: [String]] = [:]
        var manifests: [String: ManifestSummary] = [:]
        var unbuildable: [String: String] = [:]
        // SwiftPM is asked (once per manifest, ever: the answers are cached) only when a package is
        // checked: for a push, when one is touched.
        func readDependencies() async throws {
            guard layout.units.contains(where: { $0.kind == .package }) else { return }
            let reader = ManifestDependencies(
                gitDirectory: gitDirectory, scratchDirectory: RunTemporaryDirectory.systemTemporaryDirectory,
                environment: Environment.inherit.removing(GitRepository.clearedVariables))
            let answer = try await reader.read(layout, in: listing, repository: repository)
            dependencies = answer.dependencies
            manifests = answer.summaries
            notes += answer.notes
            unbuildable = answer.unbuildable
        }
        var selection: UnitSelection
        if let changedPaths {
            let outsideAffectsAll = options.relevantPaths != PrePushOptions.defaultRelevantPaths
            selection = UnitSelection.affected(
                by: changedPaths, layout: layout, dependencies: [:], outsideAffectsAll: outsideAffectsAll)
            if selection.affected.contains(where: { $0.kind == .package }) {
                try await readDependencies()
                selection = UnitSelection.affected(
                    by: changedPaths, layout: layout, dependencies: dependencies, outsideAffectsAll: outsideAffectsAll)
            }
        } else {
            try await readDependencies()
            selection = UnitSelection.all(layout, dependencies: dependencies)
        }
        selection = try narrowed(selection, layout: layout, dependencies: dependencies, byHand: changedPaths == nil)
        // A package that cannot build from a clone is not checked (and says why); its folder stays
        // its own, so a change there checks nothing else.
        if !unbuildable.isEmpty {
            let isUnbuildable = { (unit: CheckUnit) in unit.kind == .package && unbuildable[unit.path] != nil }
            selection.affected.removeAll(where: isUnbuildable)
            selection.unchanged.removeAll(where: isUnbuildable)
            layout.notChecked.merge(unbuildable) { first, _ in first }
        }
        // Packages SwiftPM cannot build on this machine (Apple-only imports), said before anything runs.
        for unit in selection.affected where unit.kind == .package {
            guard let summary = manifests[unit.path], let code = summary.appleOnly,
                DeclaredPlatform.hostBuildExclusion(summary.platforms) == nil
            else { continue }
            notes.append("not built here: \(unit.name) (\(code.reason)); on a Mac: swift build and swift test")
        }
        // What was found and is not checked: every such folder by hand, those the push touches.
        for (folder, why) in layout.notChecked.sorted(by: { $0.key < $1.key })
        where changedPaths?.contains(where: { folder.isEmpty || $0.hasPrefix(folder + "/") }) ?? true {
            notes.append("not checked: \(folder.isEmpty ? "." : folder) (\(why))")
        }
        // Every configuration the check will read, before anything runs (`--config` names one
        // file, already read with the flags).
        if request.flags.configurationFile == nil, let label {
            try await TreeConfiguration.check(
                selection.affected, listing: listing, label: label, root: request.root, repository: repository)
        }
        var contents: [CheckUnit: String] = [:]
        var fingerprints: [CheckUnit: String] = [:]
        var settings: [CheckUnit: UnitSettings] = [:]
        var dependencyFolders: [CheckUnit: [String]] = [:]
        let single = layout.units == [CheckUnit(path: "", kind: .package)]
        for unit in selection.affected {
            contents[unit] =
                single
                ? tree : UnitPlan.content(of: unit, layout: layout, listing: listing, dependencies: dependencies)
            let (read, fromTree) = try await self.settings(of: unit, listing: listing, label: label)
            fingerprints[unit] = read.identity.fingerprint
            if fromTree { settings[unit] = read }
            dependencyFolders[unit] = UnitPlan.dependencyFolders(of: unit, layout: layout, dependencies: dependencies)
        }
        var plan = UnitPlan(selection: selection, contents: contents, fingerprints: fingerprints, notes: notes)
        plan.settings = settings
        plan.listing = listing
        plan.dependencyFolders = dependencyFolders
        plan.manifests = manifests.filter { folder, _ in selection.affected.contains { $0.path == folder } }
        plan.nestedFolders = Dictionary(
            uniqueKeysWithValues: selection.affected.map { unit in
                (
                    unit,
                    layout.units.filter { $0 != unit && unit.contains($0.path + "/") && !$0.path.isEmpty }.map(\.path)
                )
            })
        return plan
    }

    /// The selection limited to `--package`'s folders, or by hand to the package prepush was
    /// started in (at the root, or in a folder of no package, every package).
    private func narrowed(
        _ selection: UnitSelection, layout: RepositoryLayout, dependencies: [String: [String]], byHand: Bool
    ) throws(LayoutError) -> UnitSelection {
        var wanted: Set<CheckUnit>
        if !request.packages.isEmpty {
            wanted = []
            for folder in request.packages {
                let path = RepositoryPath.normalized(folder)
                let units = layout.units.filter { $0.path == path }
                if units.isEmpty { throw .unknownPackage(folder, known: layout.units.map(\.name)) }
                wanted.formUnion(units)
            }
        } else if byHand, case let units = layout.owners(of: request.startFolder + "/"),
            let unit = units.first, !unit.path.isEmpty
        {
            wanted = Set(units)
        } else {
            return selection
        }
        var narrowed = selection
        narrowed.affected = selection.affected.filter(wanted.contains)
        narrowed.unchanged = layout.units.filter { !narrowed.affected.contains($0) }
        return narrowed
    }

    /// The toolchain and the options the unit's check reads: those of the checked tree's own
    /// configuration (``TreeConfiguration/file(for:listing:label:root:repository:)``), as the check
    /// itself reads them, and whether they came from the tree (`fromTree`: the run uses them as they
    /// are); for a tree that is not checked, or with `--config`, those of the work tree, never above
    /// the root. errorlint is looked for as the run looks for it, where the unit's options run it.
    private func settings(
        of unit: CheckUnit, listing: TreeListing, label: String?
    ) async throws -> (settings: UnitSettings, fromTree: Bool) {
        var unitOptions = options
        var configuration: ConfigurationFile?
        let folder = unit.folder(in: request.root)
        let fromTree = label != nil && request.flags.configurationFile == nil
        if fromTree, let label {
            configuration = try await TreeConfiguration.file(
                for: unit.path, listing: listing, label: label, root: request.root, repository: repository)
            unitOptions = try request.flags.options(file: configuration, in: folder)
        } else if !unit.path.isEmpty, FileManager.default.fileExists(atPath: folder) {
            unitOptions = try request.flags.options(in: folder, upTo: request.root)
        }
        var errorlint = errorlintExecutable
        if unitOptions.runsErrorlint != false, errorlint == nil {
            errorlint = ErrorLintExecutable.find(environment: environment)
        }
        let identity = unitOptions.settingsIdentity(
            errorlintExecutable: errorlint, environment: environment,
            directory: FileManager.default.fileExists(atPath: folder) ? folder : request.root)
        return (UnitSettings(configuration: configuration, options: unitOptions, identity: identity), fromTree)
    }
}
