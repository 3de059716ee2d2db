import PreflightCore
import Testing

@testable import PrePushKit

/// Each unit's configuration, options and identity are read once, by the plan, and carried to the
/// run on ``PlannedUnit/settings``; the tree's listing likewise on ``PlannedCheck/listing``.
@Suite("Settings read once and carried on the plan")
struct PlannedSettingsTests {
    private let commit = PushedCommit(
        commit: String(repeating: "a", count: 40), refs: ["refs/heads/main"],
        remoteBase: String(repeating: "b", count: 40))
    private let a = CheckUnit(path: "Packages/A", kind: .package)
    private let b = CheckUnit(path: "Packages/B", kind: .package)

    private func settings(diffGate: Double?) -> UnitSettings {
        var options = PrePushOptions()
        options.minimumDiffCoverage = diffGate
        let identity = SettingsIdentity(toolchain: "swift 6.3.1", platform: "linux", options: "o", environment: "e")
        return UnitSettings(configuration: nil, options: options, identity: identity)
    }

    private func facts(hook: Bool = true, clean: Bool = true) -> PlanFacts {
        var facts = PlanFacts(
            isHook: hook, commits: [(commit, "tree1")],
            workTree: WorkTreeState(head: commit.commit, tree: clean ? "tree1" : "dirty", isClean: clean),
            fingerprint: "root", isVerified: { _ in false })
        var unitPlan = UnitPlan(
            selection: UnitSelection(affected: [a, b]), contents: [a: "content-a", b: "content-b"],
            fingerprints: [a: "fa", b: "fb"])
        unitPlan.settings = [a: settings(diffGate: nil), b: settings(diffGate: 80)]
        unitPlan.listing = TreeListing(objects: ["": "tree1"], files: ["Packages/A/Package.swift"])
        facts.units["tree1"] = unitPlan
        return facts
    }

    @Test("A commit's units carry the plan's settings; each key holds the base as the unit's own gate says")
    func carried() throws {
        let plan = CheckPlan.make(facts())
        let check = try #require(plan.checks.first)
        #expect(check.listing == TreeListing(objects: ["": "tree1"], files: ["Packages/A/Package.swift"]))
        let units = Dictionary(uniqueKeysWithValues: check.units.map { ($0.unit, $0) })
        #expect(units[a]?.settings == settings(diffGate: nil))
        #expect(units[b]?.settings == settings(diffGate: 80))
        // The root's options have no diff gate; B's own configuration has one, so its key holds the
        // remote's commit (the key the run records a pass under is the one looked up).
        #expect(
            units[a]?.cacheKey
                == VerificationCache.key(
                    tree: "content-a", fingerprint: "fa", remoteBase: commit.remoteBase, includesBase: false))
        #expect(
            units[b]?.cacheKey
                == VerificationCache.key(
                    tree: "content-b", fingerprint: "fb", remoteBase: commit.remoteBase, includesBase: true))
    }

    @Test("The work tree as it is on disk carries none: the run reads its settings from disk")
    func onDisk() throws {
        let plan = CheckPlan.make(facts(hook: false, clean: false))
        let check = try #require(plan.checks.first)
        #expect(check.place == .onDisk)
        #expect(check.units.allSatisfy { $0.settings == nil && $0.cacheKey == nil })
    }
}
