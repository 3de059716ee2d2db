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
        let plan: TestSelectionPlan
        let content: TestTargetContent
        switch try await select(input, graph: described, in: context) {
        case .everything(let why):
            context.output.message("prepush: all tests: \(why)\n")
            return nil
        case .noTestTargets: return nil
        case .selected(let selected, let keys, _):
            plan = selected
            content = keys
        }
        context.output.message("prepush: \(plan.line)\n")
        let root = context.checkRoot
        var result = TestSelectionResult(profiles: [], unit: context.packageRoot, shared: content.shared)
        result.root = root
        // llvm-profdata is looked for once, and only when a recorded profile is rewritten.
        var tool: String?
        for skipped in plan.skipped {
            let profile = try await usableProfile(
                skipped.record, key: skipped.key, input: input, tool: &tool, in: context)
            result.profiles.append(profile)
            result.reused.append(
                .init(key: skipped.key, profile: profile, tests: skipped.record.tests, root: root, target: skipped.name)
            )
        }
        return (plan, result)
    }

    /// What ``plan(_:graph:in:)`` decides, before anything runs: every test in one go (and why), or
    /// the selection with each test target's content key (``TestTargetContent``). `--dry-run`
    /// shows it as it is.
    enum Selection {
        case everything(String)
        case noTestTargets
        /// The selection, the keys it was made from, and the graph's test targets.
        case selected(TestSelectionPlan, TestTargetContent, graph: PackageGraph)
    }

    /// The selection of `input`'s unit: each test target whose content key has no recorded pass
    /// runs (``TestSelectionPlan``). Reads the checked tree's listing and the records; runs nothing.
    static func select(
        _ input: TestSelectionInput, graph described: Result<PackageGraph, DescribedPackage.DescribeFailure>,
        in context: StepContext
    ) async throws -> Selection {
        if let fallback = input.fallback { return .everything(fallback) }
        if context.options.testArguments.contains(where: {
            $0 == "--filter" || $0 == "--skip" || $0.hasPrefix("--filter=") || $0.hasPrefix("--skip=")
        }) {
            return .everything("the test arguments choose the tests (--filter, --skip)")
        }
        let graph: PackageGraph
        switch described {
        case .success(let described): graph = described
        case .failure(let failure): return .everything(failure.message)
        }
        let tests = graph.testTargets
        if tests.isEmpty { return .noTestTargets }
        let listing = try await input.treeListing()
        let content = keys(input, graph: graph, listing: listing, in: context)
        let records = TestRecords(gitDirectory: input.gitDirectory)
        // This machine's passes first, then those of trusted shared records (``SharedRecords``).
        let plan = TestSelectionPlan.make(
            tests: tests, content: content, recorded: { records.lookup($0) ?? input.shared[$0] },
            lastShared: records.lastShared(unit: context.packageRoot))
        return .selected(plan, content, graph: graph)
    }

    /// Each test target's content key in `listing` (a tree of the repository: the checked one, or a
    /// base `--dry-run` compares it with).
    static func keys(
        _ input: TestSelectionInput, graph: PackageGraph, listing: TreeListing, in context: StepContext
    ) -> TestTargetContent {
        let prefix = input.unitPath.isEmpty ? "" : input.unitPath + "/"
        // A Package.resolved the tree does not track is what the build resolved: its content counts.
        var resolved = "-"
        if listing.objects[prefix + "Package.resolved"] == nil,
            let data = FileManager.default.contents(atPath: context.packageRoot + "/Package.resolved")
        {
            resolved = "untracked " + StableHash.fnv1a64Hex(String(decoding: data, as: UTF8.self))
        }
        let dependencies = input.dependencyFolders.map { "\($0)\t\(listing.objects[$0] ?? "-")" }
        // No folder in the key: a pass holds wherever the content is checked out, its profile
        // carried over by ``PortableProfile``.
        return TestTargetContent.make(
            graph: graph, listing: listing, unitPath: input.unitPath, resolved: resolved,
            settings: ([input.settings] + dependencies).joined(separator: "\n"),
            relevant: context.options.relevantPaths.map(Glob.init),
            nested: input.nestedFolders.map {
                String($0.dropFirst(prefix.count))
            })
    }

    /// The profile of a recorded pass as this check can merge it: a local one as it is when it was
    /// recorded at this root; else (another root, or a shared record's portable text) with this
    /// root in its private functions' names (``PortableProfile``).
    static func usableProfile(
        _ record: TestRecords.Record, key: String, input: TestSelectionInput, tool: inout String?,
        in context: StepContext
    ) async throws -> String {
        let root = context.checkRoot
        let target = context.scratchFolder + "/recorded-\(key).proftext"
        if record.signer != nil {
            let text = try await input.repository.output(["cat-file", "blob", record.profile])
            try PortableProfile.realize(text, root: root, into: target)
            return target
        }
        guard let recordedRoot = record.root, recordedRoot != root else { return record.profile }
        if tool == nil {
            tool = try await ToolchainTool.locate(
                "llvm-profdata", environment: context.runEnvironment, directory: context.packageRoot)
        }
        guard let located = tool else { return record.profile }
        let text = try await PortableProfile.text(
            ofProfile: record.profile, root: recordedRoot, llvmProfdata: located, scratch: context.scratchFolder)
        try PortableProfile.realize(text, root: root, into: target)
        return target
    }
}
