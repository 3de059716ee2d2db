import Foundation
import PreflightCore
import Testing

@testable import PrePushKit

/// Which test targets a change can affect: SwiftPM's description of a package, each test target's
/// content key, and the plan that runs those with no recorded pass. Pure, over listings written by
/// hand; the end-to-end suite runs it with real SwiftPM and llvm-cov.
@Suite("Test selection")
struct TestSelectionTests {
    /// swift-numerics' shape: RealModule ← ComplexModule ← Numerics, `_TestSupport` for both test
    /// targets, a C shim, and (added here) a macro.
    static let describe = """
        {"name": "swift-numerics", "path": "/work/numerics", "products": [
           {"name": "RealModule", "targets": ["RealModule"]}, {"name": "Numerics", "targets": ["Numerics"]}],
         "targets": [
          {"name": "_NumericsShims", "c99name": "_NumericsShims", "type": "library", "path": "Sources/_NumericsShims", "sources": ["_NumericsShims.c"]},
          {"name": "RealModule", "c99name": "RealModule", "type": "library", "path": "Sources/RealModule", "sources": ["Real.swift"], "target_dependencies": ["_NumericsShims"]},
          {"name": "ComplexModule", "c99name": "ComplexModule", "type": "library", "path": "Sources/ComplexModule", "sources": ["Complex.swift"], "product_dependencies": ["RealModule"]},
          {"name": "Numerics", "c99name": "Numerics", "type": "library", "path": "Sources/Numerics", "sources": ["Numerics.swift"], "target_dependencies": ["ComplexModule", "RealModule"]},
          {"name": "_TestSupport", "c99name": "_TestSupport", "type": "library", "path": "Sources/_TestSupport", "sources": ["Support.swift"], "target_dependencies": ["Numerics"]},
          {"name": "RealTests", "c99name": "RealTests", "type": "test", "path": "Tests/RealTests", "sources": ["RealTests.swift"], "target_dependencies": ["RealModule"]},
          {"name": "Complex-Tests", "c99name": "Complex_Tests", "type": "test", "path": "Tests/ComplexTests", "sources": ["ComplexTests.swift"], "target_dependencies": ["ComplexModule"],
           "resources": [{"path": "/work/numerics/Tests/ComplexTests/Fixtures", "rule": {"copy": {}}}]},
          {"name": "Stringify", "c99name": "Stringify", "type": "macro", "path": "Sources/Stringify", "sources": ["Macro.swift"]}
        ]}
        """

    static func graph() throws -> PackageGraph {
        try PackageGraph.parse(describeJSON: Data(describe.utf8), packageRoot: "/work/numerics")
    }

    static let files = [
        "Package.swift", "README.md", "Sources/_NumericsShims/_NumericsShims.c", "Sources/RealModule/Real.swift",
        "Sources/RealModule/RealModule.docc/Real.md", "Sources/ComplexModule/Complex.swift",
        "Sources/Numerics/Numerics.swift", "Sources/_TestSupport/Support.swift", "Tests/RealTests/RealTests.swift",
        "Tests/ComplexTests/ComplexTests.swift", "Tests/ComplexTests/Fixtures/values.json",
        "Sources/Stringify/Macro.swift",
    ]

    static func content(
        trees: [String: String] = [:], blobs: [String: String] = [:], extra: [String] = [], resolved: String = "-"
    ) throws -> TestTargetContent {
        try TestTargetContent.make(
            graph: graph(), listing: RepositoryLayoutTests.listing(files + extra, trees: trees, blobs: blobs),
            unitPath: "", resolved: resolved, settings: "toolchain",
            relevant: PrePushOptions.defaultRelevantPaths.map(Glob.init))
    }

    @Test(
        "describe's JSON: kinds, module names, folders, sources and resources relative to the package, closures through products"
    )
    func graphFromDescribe() throws {
        let graph = try Self.graph()
        #expect(graph.testTargets.map(\.name) == ["Complex-Tests", "RealTests"])
        let complexTests = try #require(graph.targets.first { $0.name == "Complex-Tests" })
        #expect(complexTests.moduleName == "Complex_Tests")
        #expect(complexTests.resources == ["Tests/ComplexTests/Fixtures"])
        #expect(complexTests.sources == ["Tests/ComplexTests/ComplexTests.swift"])
        #expect(
            graph.closure(of: "Complex-Tests") == ["Complex-Tests", "ComplexModule", "RealModule", "_NumericsShims"])
        #expect(graph.closure(of: "RealTests") == ["RealTests", "RealModule", "_NumericsShims"])
        #expect(throws: (any Error).self) { try PackageGraph.parse(describeJSON: Data("[]".utf8), packageRoot: "/") }
    }

    @Test("A change in a target changes the keys of the test targets whose closure holds it, and no other")
    func keysFollowClosures() throws {
        let base = try Self.content()
        let complex = try Self.content(trees: ["Sources/ComplexModule": "edited"])
        #expect(complex.keys["Complex-Tests"] != base.keys["Complex-Tests"])
        #expect(complex.keys["RealTests"] == base.keys["RealTests"])
        let real = try Self.content(trees: ["Sources/RealModule": "edited"])
        #expect(real.keys["Complex-Tests"] != base.keys["Complex-Tests"])
        #expect(real.keys["RealTests"] != base.keys["RealTests"])
        // A test target's own folder, its resources included.
        let fixture = try Self.content(trees: ["Tests/ComplexTests": "edited"])
        #expect(fixture.keys["Complex-Tests"] != base.keys["Complex-Tests"])
        #expect(fixture.keys["RealTests"] == base.keys["RealTests"])
        // Numerics and _TestSupport are in no test target's closure.
        let umbrella = try Self.content(trees: ["Sources/Numerics": "edited"])
        #expect(umbrella.keys == base.keys)
        // Documentation changes nothing.
        let docs = try Self.content(blobs: [
            "README.md": "edited", "Sources/RealModule/RealModule.docc/Real.md": "edited",
        ])
        #expect(docs.keys["Complex-Tests"] == base.keys["Complex-Tests"])
    }

    @Test("Every key changes, with the reason in one line: a manifest, Package.resolved, a macro, a file of no target")
    func sharedChanges() throws {
        let base = try Self.content()
        let cases: [(TestTargetContent, String)] = [
            (try Self.content(blobs: ["Package.swift": "edited"]), "Package.swift changed"),
            (try Self.content(resolved: "untracked 1234"), "Package.resolved changed"),
            (try Self.content(trees: ["Sources/Stringify": "edited"]), "macro target Stringify changed"),
            (
                try Self.content(extra: ["Sources/Shared/data.json"]),
                "Sources/Shared/data.json (belongs to no target) was added"
            ),
            (
                try Self.content(extra: ["Sources/RealModule/excluded.json"]),
                "Sources/RealModule/excluded.json (in RealModule's folder, not one of its files) was added"
            ),
            (try Self.content(extra: ["Package@swift-6.0.swift"]), "Package@swift-6.0.swift was added"),
        ]
        for (changed, reason) in cases {
            #expect(changed.keys["RealTests"] != base.keys["RealTests"], "\(reason)")
            #expect(changed.keys["Complex-Tests"] != base.keys["Complex-Tests"], "\(reason)")
            #expect(changed.sharedChange(since: base.shared) == reason)
        }
        #expect(base.sharedChange(since: base.shared) == nil)
        // A file outside every target that no step reads (not relevant) changes nothing.
        let license = try Self.content(extra: ["LICENSE.txt"])
        #expect(license.keys == base.keys)
    }

    @Test("The plan: recorded passes are skipped; the line says which run and why")
    func plan() throws {
        let graph = try Self.graph()
        let content = try Self.content()
        let realKey = try #require(content.keys["RealTests"])
        let record = TestRecords.Record(profile: "/tmp/real.profdata", tests: 7)
        let some = TestSelectionPlan.make(
            tests: graph.testTargets, content: content, recorded: { $0 == realKey ? record : nil },
            lastShared: content.shared)
        #expect(some.run.map(\.module) == ["Complex_Tests"])
        #expect(some.skipped.map(\.name) == ["RealTests"])
        #expect(
            some.line
                == "running Complex-Tests (affected by the change); skipping RealTests (unaffected: passed at this content before)"
        )

        let first = TestSelectionPlan.make(
            tests: graph.testTargets, content: content, recorded: { _ in nil }, lastShared: nil)
        #expect(first.line == "all 2 test targets run, each on its own: no cached baseline for this package yet")
        let manifest = TestSelectionPlan.make(
            tests: graph.testTargets, content: try Self.content(blobs: ["Package.swift": "edited"]),
            recorded: { _ in nil }, lastShared: content.shared)
        #expect(manifest.line == "all 2 test targets run, each on its own: Package.swift changed")
        let single = TestSelectionPlan.make(
            tests: graph.testTargets.filter { $0.name == "RealTests" }, content: content, recorded: { _ in nil },
            lastShared: nil)
        #expect(single.line == "the one test target, RealTests, runs: no cached baseline for this package yet")
        let none = TestSelectionPlan.make(
            tests: graph.testTargets, content: content, recorded: { _ in record }, lastShared: content.shared)
        #expect(none.run.isEmpty)
        #expect(none.line.hasPrefix("no test target is affected"))
    }

    /// A diamond (App ← Left, Right ← Core), a test-support library only tests use, a test target
    /// that depends on another test target's support, and a build-tool plugin.
    static let diamond = """
        {"name": "Shop", "path": "/work/shop", "products": [{"name": "App", "targets": ["App"]}],
         "targets": [
          {"name": "Core", "c99name": "Core", "type": "library", "path": "Sources/Core", "sources": ["Core.swift"]},
          {"name": "Left", "c99name": "Left", "type": "library", "path": "Sources/Left", "sources": ["Left.swift"], "target_dependencies": ["Core"]},
          {"name": "Right", "c99name": "Right", "type": "library", "path": "Sources/Right", "sources": ["Right.swift"], "target_dependencies": ["Core"]},
          {"name": "App", "c99name": "App", "type": "library", "path": "Sources/App", "sources": ["App.swift"], "target_dependencies": ["Left", "Right"], "product_dependencies": ["Yams"]},
          {"name": "TestKit", "c99name": "TestKit", "type": "library", "path": "Sources/TestKit", "sources": ["Fakes.swift"], "target_dependencies": ["Core"]},
          {"name": "CoreTests", "c99name": "CoreTests", "type": "test", "path": "Tests/CoreTests", "sources": ["CoreTests.swift"], "target_dependencies": ["Core", "TestKit"]},
          {"name": "AppTests", "c99name": "AppTests", "type": "test", "path": "Tests/AppTests", "sources": ["AppTests.swift"], "target_dependencies": ["App", "TestKit"]},
          {"name": "LeftTests", "c99name": "LeftTests", "type": "test", "path": "Tests/LeftTests", "sources": ["LeftTests.swift"], "target_dependencies": ["Left"]},
          {"name": "Generate", "c99name": "Generate", "type": "plugin", "path": "Plugins/Generate", "sources": ["Plugin.swift"]}
        ]}
        """

    static let diamondFiles = [
        "Package.swift", "Sources/Core/Core.swift", "Sources/Left/Left.swift", "Sources/Right/Right.swift",
        "Sources/App/App.swift", "Sources/TestKit/Fakes.swift", "Tests/CoreTests/CoreTests.swift",
        "Tests/AppTests/AppTests.swift", "Tests/LeftTests/LeftTests.swift", "Plugins/Generate/Plugin.swift",
    ]

    static func diamondContent(
        trees: [String: String] = [:], settings: String = "toolchain\nLocal/Yams\ttree-1"
    ) throws -> TestTargetContent {
        try TestTargetContent.make(
            graph: PackageGraph.parse(describeJSON: Data(diamond.utf8), packageRoot: "/work/shop"),
            listing: RepositoryLayoutTests.listing(diamondFiles, trees: trees), unitPath: "", resolved: "-",
            settings: settings, relevant: PrePushOptions.defaultRelevantPaths.map(Glob.init))
    }

    @Test(
        "A diamond, a test-support library, a plugin and a local package: each change reaches exactly the test targets it can affect"
    )
    func diamondSupportPluginAndPathDependency() throws {
        let graph = try PackageGraph.parse(describeJSON: Data(Self.diamond.utf8), packageRoot: "/work/shop")
        // The diamond's bottom is in the closure once; the product of another package is not a target here.
        #expect(graph.closure(of: "AppTests") == ["AppTests", "App", "Left", "Core", "Right", "TestKit"])
        let base = try Self.diamondContent()
        func affected(_ content: TestTargetContent) -> [String] {
            graph.testTargets.map(\.name).filter { content.keys[$0] != base.keys[$0] }
        }
        // The bottom of the diamond: everything above it.
        #expect(
            affected(try Self.diamondContent(trees: ["Sources/Core": "edited"])) == [
                "AppTests", "CoreTests", "LeftTests",
            ])
        // One side of the diamond: only what is above that side.
        #expect(affected(try Self.diamondContent(trees: ["Sources/Right": "edited"])) == ["AppTests"])
        #expect(affected(try Self.diamondContent(trees: ["Sources/Left": "edited"])) == ["AppTests", "LeftTests"])
        // The support library the tests share: the test targets that use it, not the others.
        #expect(affected(try Self.diamondContent(trees: ["Sources/TestKit": "edited"])) == ["AppTests", "CoreTests"])
        // A test target's own folder: itself.
        #expect(affected(try Self.diamondContent(trees: ["Tests/LeftTests": "edited"])) == ["LeftTests"])
        // A plugin can change how anything is built: everything, saying why.
        let plugin = try Self.diamondContent(trees: ["Plugins/Generate": "edited"])
        #expect(affected(plugin) == ["AppTests", "CoreTests", "LeftTests"])
        #expect(plugin.sharedChange(since: base.shared) == "plugin target Generate changed")
        // A local package depended on by path (its tree is part of the settings): everything.
        let local = try Self.diamondContent(settings: "toolchain\nLocal/Yams\ttree-2")
        #expect(affected(local) == ["AppTests", "CoreTests", "LeftTests"])
    }
}
