import Testing

@testable import PrePushKit

/// Which packages and apps a repository has, which a push affects, and in which order: pure, over
/// tree listings written by hand.
@Suite("Repository layouts")
struct RepositoryLayoutTests {
    /// A listing of `files`, each folder given a tree name of its own path (so contents differ by
    /// folder) unless `trees` says otherwise.
    static func listing(
        _ files: [String], trees: [String: String] = [:], blobs: [String: String] = [:]
    )
        -> TreeListing
    {
        var objects: [String: String] = ["": trees[""] ?? "root-tree"]
        for file in files {
            objects[file] = blobs[file] ?? "blob:" + file
            var folder = RepositoryLayout.parent(of: file)
            while !folder.isEmpty {
                objects[folder] = trees[folder] ?? "tree:" + folder
                folder = RepositoryLayout.parent(of: folder)
            }
        }
        return TreeListing(objects: objects, files: files.sorted())
    }

    static let iceCubesLike = listing([
        "IceCubesApp.xcodeproj/project.pbxproj",
        "IceCubesApp.xcodeproj/project.xcworkspace/contents.xcworkspacedata",
        "IceCubesApp/App/Main.swift", "Packages/Models/Package.swift", "Packages/Models/Sources/Models/Status.swift",
        "Packages/Network/Package.swift", "Packages/Network/Sources/Network/Client.swift",
        "Packages/Timeline/Package.swift", "Packages/Timeline/Sources/Timeline/Timeline.swift", "README.md",
    ])
    static let iceCubesDependencies = [
        "Packages/Models": [], "Packages/Network": ["Packages/Models"],
        "Packages/Timeline": ["Packages/Models", "Packages/Network"],
    ]

    @Test(
        "Discovery: tracked manifests and Xcode containers; not .build, vendored folders, fixtures or embedded workspaces"
    )
    func discovery() throws {
        let layout = try RepositoryLayout.discover(Self.iceCubesLike, settings: LayoutSettings())
        #expect(
            layout.units == [
                CheckUnit(path: "", kind: .app), CheckUnit(path: "Packages/Models", kind: .package),
                CheckUnit(path: "Packages/Network", kind: .package),
                CheckUnit(path: "Packages/Timeline", kind: .package),
            ])

        let noise = Self.listing([
            "Package.swift", "Sources/Tool/main.swift", "Tests/Fixtures/Broken/Package.swift",
            "Tests/ToolTests/Fixtures/App.xcodeproj/project.pbxproj", ".build/checkouts/Dep/Package.swift",
            "Pods/Pods.xcodeproj/project.pbxproj", "Carthage/Checkouts/X/Package.swift",
            "Tool.xcodeproj/project.pbxproj",
            "Examples/Demo/Package.swift",
        ])
        let found = try RepositoryLayout.discover(noise, settings: LayoutSettings())
        // The Xcode project beside the root manifest is a candidate app: its project file decides
        // (AppDecision), the package stays.
        #expect(
            found.units == [
                CheckUnit(path: "", kind: .app), CheckUnit(path: "", kind: .package),
                CheckUnit(path: "Examples/Demo", kind: .package),
            ])
        #expect(found.fixtures == ["Tests/Fixtures/Broken"])
        // The SwiftPM backend has no apps.
        let swiftpm = try RepositoryLayout.discover(
            Self.iceCubesLike, settings: LayoutSettings(includesApps: false))
        #expect(!swiftpm.units.contains { $0.kind == .app })
    }

    @Test(
        "Configuration: packages lists the units, excludePackages leaves some out, a listed folder with no package is an error"
    )
    func configured() throws {
        let excluded = try RepositoryLayout.discover(
            Self.iceCubesLike, settings: LayoutSettings(excludedPackages: ["Packages/Net*"]))
        #expect(!excluded.units.contains { $0.path == "Packages/Network" })
        #expect(excluded.units.count == 3)

        let listed = try RepositoryLayout.discover(
            Self.iceCubesLike, settings: LayoutSettings(packages: ["./Packages/Models/", "."]))
        #expect(listed.units == [CheckUnit(path: "", kind: .app), CheckUnit(path: "Packages/Models", kind: .package)])
        #expect(throws: LayoutError.notAPackage("Docs")) {
            try RepositoryLayout.discover(Self.iceCubesLike, settings: LayoutSettings(packages: ["Docs"]))
        }
        // A fixture is checked when listed.
        let fixture = Self.listing(["Package.swift", "Tests/Fixtures/Broken/Package.swift"])
        let withFixture = try RepositoryLayout.discover(
            fixture, settings: LayoutSettings(packages: [".", "Tests/Fixtures/Broken"]))
        #expect(withFixture.units.count == 2)
    }

    @Test("Affected: own files, dependents through local paths (an app through every package), dependencies first")
    func affected() throws {
        let layout = try RepositoryLayout.discover(Self.iceCubesLike, settings: LayoutSettings())
        let dependencies = Self.iceCubesDependencies
        let models = UnitSelection.affected(
            by: ["Packages/Models/Sources/Models/Status.swift"], layout: layout, dependencies: dependencies)
        #expect(models.affected.map(\.name) == ["Packages/Models", "Packages/Network", "Packages/Timeline", "."])
        #expect(models.through[CheckUnit(path: "Packages/Network", kind: .package)] == "Packages/Models")
        #expect(models.unchanged.isEmpty)

        let timeline = UnitSelection.affected(
            by: ["Packages/Timeline/Sources/Timeline/Timeline.swift"], layout: layout, dependencies: dependencies)
        #expect(timeline.affected.map(\.name) == ["Packages/Timeline", "."])
        #expect(timeline.unchanged.map(\.name) == ["Packages/Models", "Packages/Network"])

        let app = UnitSelection.affected(by: ["IceCubesApp/App/Main.swift"], layout: layout, dependencies: dependencies)
        #expect(app.affected.map(\.name) == ["."])
    }

    @Test("Outside every package: nothing, unless it is configuration above packages or relevantPaths is the user's")
    func outside() throws {
        let listing = Self.listing([
            "Packages/A/Package.swift", "Packages/B/Package.swift", "scripts/gen.swift", "Packages/A/.preflight.json",
        ])
        let layout = try RepositoryLayout.discover(listing, settings: LayoutSettings())
        let script = UnitSelection.affected(by: ["scripts/gen.swift"], layout: layout, dependencies: [:])
        #expect(script.affected.isEmpty)
        #expect(script.outside == ["scripts/gen.swift"])
        #expect(script.unchanged.count == 2)
        let configured = UnitSelection.affected(
            by: ["scripts/gen.swift"], layout: layout, dependencies: [:], outsideAffectsAll: true)
        #expect(configured.affected.count == 2)
        let rootConfiguration = UnitSelection.affected(by: [".preflight.json"], layout: layout, dependencies: [:])
        #expect(rootConfiguration.affected.map(\.name) == ["Packages/A", "Packages/B"])
        let ownConfiguration = UnitSelection.affected(
            by: ["Packages/A/.preflight.json"], layout: layout, dependencies: [:])
        #expect(ownConfiguration.affected.map(\.name) == ["Packages/A"])
    }

    @Test(
        "A unit's cached content: its folder, its dependencies' folders and the configuration above it; the root's is the tree"
    )
    func content() throws {
        let files = [
            "Packages/A/Package.swift", "Packages/B/Package.swift", "Packages/C/Package.swift", ".preflight.json",
        ]
        let layout = try RepositoryLayout.discover(Self.listing(files), settings: LayoutSettings())
        let b = CheckUnit(path: "Packages/B", kind: .package)
        let dependencies = ["Packages/B": ["Packages/A"]]
        let base = UnitPlan.content(of: b, layout: layout, listing: Self.listing(files), dependencies: dependencies)
        // Another tree for C: B's content is the same.
        let otherC = Self.listing(files, trees: ["Packages/C": "changed", "": "other-root"])
        #expect(UnitPlan.content(of: b, layout: layout, listing: otherC, dependencies: dependencies) == base)
        // Another tree for A (a dependency), or another root configuration: B's content differs.
        let otherA = Self.listing(files, trees: ["Packages/A": "changed"])
        #expect(UnitPlan.content(of: b, layout: layout, listing: otherA, dependencies: dependencies) != base)
        let otherConfiguration = Self.listing(files, blobs: [".preflight.json": "edited"])
        #expect(
            UnitPlan.content(of: b, layout: layout, listing: otherConfiguration, dependencies: dependencies) != base)
        let root = CheckUnit(path: "", kind: .package)
        #expect(UnitPlan.content(of: root, layout: layout, listing: otherC, dependencies: [:]) == "other-root")
    }

    @Test("The plan: verified units are left out and named; a push that touches no package checks nothing")
    func plan() {
        let commit = PushedCommit(commit: String(repeating: "a", count: 40), refs: ["refs/heads/main"])
        let a = CheckUnit(path: "Packages/A", kind: .package)
        let b = CheckUnit(path: "Packages/B", kind: .package)
        var facts = PlanFacts(
            isHook: true, commits: [(commit, "tree1")],
            workTree: WorkTreeState(head: commit.commit, tree: "tree1", isClean: true), fingerprint: "f",
            isVerified: { $0 == VerificationCache.key(tree: "content-a", fingerprint: "f") })
        facts.units["tree1"] = UnitPlan(
            selection: UnitSelection(affected: [a, b]), contents: [a: "content-a", b: "content-b"],
            fingerprints: [a: "f", b: "f"])
        let plan = CheckPlan.make(facts)
        #expect(plan.checks.count == 1)
        #expect(plan.checks[0].units.map(\.unit) == [b])
        #expect(plan.checks[0].unchanged == [a])
        #expect(plan.notes.contains { $0.hasPrefix("Packages/A of aaaaaaaaaaaa") && $0.contains("already verified") })

        facts.units["tree1"] = UnitPlan(
            selection: UnitSelection(affected: [], unchanged: [a, b], outside: ["README.swift"]), contents: [:])
        let none = CheckPlan.make(facts)
        #expect(none.checks.isEmpty)
        #expect(none.notes == ["aaaaaaaaaaaa (refs/heads/main) changes no package (it changes README.swift only)"])
    }

    @Test("dump-package's JSON: each source target's folder and what it excludes (test fixtures are never compiled)")
    func targetFoldersAndExcludes() {
        // The shape `swift package dump-package` (Swift 6.3.1) writes for this repository's targets.
        let json = """
            {"name": "Preflight", "targets": [
              {"name": "PrePushKit", "type": "regular", "exclude": [], "path": null},
              {"name": "ErrorLintKitTests", "type": "test", "exclude": ["Fixtures"]},
              {"name": "processkit-fixture", "type": "executable", "exclude": [],
               "path": "Tests/Fixtures/processkit-fixture"},
              {"name": "CZlib", "type": "system", "exclude": ["x"]}
            ]}
            """
        #expect(
            ManifestDependencies.targetFolders(json)
                == ["Sources/PrePushKit", "Tests/ErrorLintKitTests", "Tests/Fixtures/processkit-fixture"])
        #expect(ManifestDependencies.excludedPaths(json) == ["Tests/ErrorLintKitTests/Fixtures"])
    }

    @Test("dump-package's JSON: the paths of file-system dependencies")
    func dumpPackageJSON() {
        let json = """
            {"name": "App", "dependencies": [
              {"fileSystem": [{"identity": "core", "path": "/tmp/x/Packages/Core", "productFilter": null}]},
              {"sourceControl": [{"identity": "yams", "location": {"remote": [{"urlString": "https://github.com/jpsim/Yams"}]}}]}
            ]}
            """
        #expect(ManifestDependencies.localDependencyPaths(json) == ["/tmp/x/Packages/Core"])
        #expect(ManifestDependencies.localDependencyPaths("error: no") == nil)
    }
}
