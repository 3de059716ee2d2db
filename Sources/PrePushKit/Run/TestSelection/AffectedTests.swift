import Foundation
import PreflightCore

/// Affected-test selection, as the test step asks for it: which test targets of a unit run (those
/// whose content key has no recorded pass, ``TestTargetContent``), which are skipped as unaffected,
/// or why every test must run in one go. The test step runs the selection; the coverage step
/// merges its profiles (``TestSelectionResult``); the verdict records the passes (``TestRecords``).
enum AffectedTests {
    /// The selection, and what it hands on (the recorded profiles of the targets it skips), or
    /// `nil` (with the line saying why) when every test runs in one go.
    static func plan(
        _ input: TestSelectionInput, graph described: Result<PackageGraph, DescribedPackage.DescribeFailure>,
        in context: StepContext
    ) async throws -> (TestSelectionPlan, TestSelectionResult)? {
        func everything(_ why: String) -> (TestSelectionPlan, TestSelectionResult)? {
            context.output.message("prepush: all tests: \(why)\n")
            return nil
        }
        if let fallback = input.fallback { return everything(fallback) }
        if context.options.testArguments.contains(where: {
            $0 == "--filter" || $0 == "--skip" || $0.hasPrefix("--filter=") || $0.hasPrefix("--skip=")
        }) {
            return everything("the test arguments choose the tests (--filter, --skip)")
        }
        let graph: PackageGraph
        switch described {
        case .success(let described): graph = described
        case .failure(let failure): return everything(failure.message)
        }
        let listing = try await TreeListing.read(input.tree, in: input.repository)
        let prefix = input.unitPath.isEmpty ? "" : input.unitPath + "/"
        let tests = graph.testTargets
        if tests.isEmpty { return nil }
        // A Package.resolved the tree does not track is what the build resolved: its content counts.
        var resolved = "-"
        if listing.objects[prefix + "Package.resolved"] == nil,
            let data = FileManager.default.contents(atPath: context.packageRoot + "/Package.resolved")
        {
            resolved = "untracked " + StableHash.fnv1a64Hex(String(decoding: data, as: UTF8.self))
        }
        let dependencies = input.dependencyFolders.map { "\($0)\t\(listing.objects[$0] ?? "-")" }
        let content = TestTargetContent.make(
            graph: graph, listing: listing, unitPath: input.unitPath, resolved: resolved,
            settings: ([input.settings, context.packageRoot] + dependencies).joined(separator: "\n"),
            relevant: context.options.relevantPaths.map(Glob.init),
            nested: input.nestedFolders.map {
                String($0.dropFirst(prefix.count))
            })
        let records = TestRecords(gitDirectory: input.gitDirectory)
        let plan = TestSelectionPlan.make(
            tests: tests, content: content, recorded: records.lookup,
            lastShared: records.lastShared(unit: context.packageRoot))
        context.output.message("prepush: \(plan.line)\n")
        return (
            plan,
            TestSelectionResult(
                profiles: plan.skipped.map(\.record.profile), unit: context.packageRoot, shared: content.shared)
        )
    }
}
