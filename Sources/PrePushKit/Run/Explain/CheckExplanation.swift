import Foundation
import PreflightCore

extension CheckRun {
    /// How `--dry-run` names the run's own folder (``RunTemporaryDirectory``), made when a run starts.
    static let runFolderShown = "$TMPDIR/preflight-…"

    /// `--dry-run`: the plan as the run would carry it out, each unit prepared exactly as the run
    /// prepares it (``prepare(_:of:root:scratchPath:listing:pushed:)``) and explained
    /// (``UnitExplanation``). Nothing that builds or tests runs; what it asks: git, the toolchain's
    /// identity (as the cache key does), and `swift package describe` for the test targets (as the
    /// test step does, kept under the git directory), which may resolve the package's dependencies.
    func explain(_ plan: CheckPlan) async throws -> String {
        var text = ""
        for check in plan.checks {
            text += check.line
            if let reason = check.reason { text += "  (\(reason))\n" }
            var root = repository.root
            var isolated: String?
            if check.place == .worktree {
                let worktree = IsolatedWorktree(repositoryRoot: repository.root, location: repository.location)
                root = worktree.path
                isolated = worktree.scratchPath
            }
            var scratchPaths = SharedScratchPaths(root: root, isolated: isolated)
            if !skippedSteps.isEmpty { text += "  \(skippedSteps.line)\n" }
            for planned in check.units {
                let prepared = try await prepare(
                    planned, of: check, root: root, scratchPath: scratchPaths.assign(planned), pushed: nil)
                text += try await explain(prepared, of: check, root: root).text
            }
            if !check.unchanged.isEmpty {
                text +=
                    "  unchanged: \(check.unchanged.map(\.name).joined(separator: ", ")) (nothing pushed touches them)\n"
            }
        }
        return text
    }

    /// One unit's explanation.
    private func explain(
        _ prepared: PreparedUnit, of check: PlannedCheck, root: String
    ) async throws
        -> UnitExplanation
    {
        let planned = prepared.planned
        let unit = planned.unit
        let through = planned.through.map { " (through \($0))" } ?? ""
        var explanation = UnitExplanation(header: "\(unit.kind == .app ? "app" : "package") \(unit.name)\(through)")
        if root != repository.root { explanation.folder = prepared.folder }
        for case let skipped as SkippedStep in prepared.steps where skipped.outcome.skip == .notBuiltHere {
            explanation.notHere.append(skipped.outcome.figure)
        }
        let context = prepared.context
        var selection: [TestSelectionPlan.Target]?
        if prepared.steps.contains(where: { $0 is SwiftTestStep }) {
            let tests = try await explainTests(prepared, of: check)
            explanation.tests = tests.tests
            explanation.testsUnknown = tests.unknown
            selection = tests.selection
        } else if unit.kind == .app, let xcode = try await explainXcodeTests(prepared, of: check) {
            explanation.tests = xcode.tests
            explanation.testsUnknown = xcode.unknown
            explanation.notHere += xcode.onAMac
            selection = xcode.selection
        }
        let scratch = context.scratchPath ?? prepared.folder + "/.build"
        let products =
            CoverageCollector.productsFolder(scratchPath: scratch, configuration: context.options.configuration)
            ?? scratch + "/<triple>/" + context.options.configuration
        explanation.steps = prepared.steps.map {
            StepCommandLines.of($0, in: context, selection: selection, productsFolder: products)
        }
        return explanation
    }

    /// The test targets of a SwiftPM unit: those the change reaches (their content keys at the
    /// check's base differ from the checked tree's), and those that run, with why: the selection
    /// the test step makes (``AffectedTests/select(_:graph:in:)``), or every test in one go.
    private func explainTests(
        _ prepared: PreparedUnit, of check: PlannedCheck
    ) async throws -> (
        tests: UnitExplanation.Tests?, unknown: String?, selection: [TestSelectionPlan.Target]?
    ) {
        var context = prepared.context
        // The run's folder exists only while a run does: the description is asked with the
        // environment's own TMPDIR.
        context.temporaryDirectory = nil
        let unit = prepared.planned.unit
        // The worktree is checked out at the commit only when the check runs: until then its
        // targets are the work tree's, when its manifest is the commit's.
        let worktreeHead =
            check.place == .worktree && FileManager.default.fileExists(atPath: prepared.folder + "/Package.swift")
            ? try? await GitRepository(root: prepared.folder).output(["rev-parse", "HEAD"]) : nil
        if check.place == .worktree, worktreeHead != check.commit {
            let folder = unit.folder(in: repository.root)
            let manifest = (unit.path.isEmpty ? "" : unit.path + "/") + "Package.swift"
            let committed = try? await repository.output([
                "rev-parse", "--verify", "--quiet", "\(check.tree):\(manifest)",
            ])
            let onDisk = try? await repository.output(["hash-object", "--", folder + "/Package.swift"])
            guard let committed, committed == onDisk else {
                return (
                    nil,
                    ".build/prepush-worktree is not at this commit yet, and the work tree's Package.swift is not the "
                        + "commit's: the test targets are read (swift package describe) once it is checked out", nil
                )
            }
            context.packageRoot = folder
            context.scratchPath = nil
        }
        let graph: PackageGraph
        do {
            graph = try await context.packageGraph()
        } catch let failure as DescribedPackage.DescribeFailure {
            let tests = UnitExplanation.Tests(
                all: [], affected: [], affectedWhy: "not known: \(failure.message)", running: [], skipped: [],
                how: "every test in one swift test (\(failure.message))")
            return (tests, nil, nil)
        }
        let all = graph.testTargets.map(\.name)
        if all.isEmpty {
            return (
                UnitExplanation.Tests(
                    all: [], affected: [], affectedWhy: "Package.swift declares no test target", running: [],
                    skipped: [], how: "none: the test and coverage steps say so and pass"), nil, nil
            )
        }
        let options = context.options
        let identity =
            prepared.planned.settings?.identity
            ?? options.settingsIdentity(
                errorlintExecutable: context.errorlintExecutable, environment: environment, directory: prepared.folder)
        let input = testSelectionInput(for: prepared.planned, of: check, fingerprint: identity.fingerprint)
        // Affected: what the change reaches, against what the remote (or the upstream) has.
        let now = AffectedTests.keys(
            input, graph: graph, listing: try await check.treeListing(in: repository), in: context)
        var affected = all
        var affectedWhy: String
        if let (baseTree, baseName) = try await base(of: check, options: options) {
            let before = AffectedTests.keys(
                input, graph: graph, listing: try await TreeListing.read(baseTree, in: repository), in: context)
            affected = all.filter { now.keys[$0] != before.keys[$0] }
            affectedWhy = "the test targets whose code, dependencies or shared files differ from \(baseName)"
        } else {
            affectedWhy =
                "no base to compare with (no upstream, nor the remote's branch): every test target counts as affected"
        }
        if !options.selectsTests(isHook: isHook) {
            let why =
                options.backend.kind == .xcodebuild
                ? "xcodebuild runs the scheme's tests"
                : isHook
                    ? "\"affectedTests\": false runs them all"
                    : "a check by hand runs them all (--affected-tests, as a hook does, runs only those without a "
                        + "recorded pass at their content)"
            let tests = UnitExplanation.Tests(
                all: all, affected: affected, affectedWhy: affectedWhy,
                running: [], skipped: [], how: "every test in one swift test: \(why)")
            return (tests, nil, nil)
        }
        switch try await AffectedTests.select(input, graph: .success(graph), in: context) {
        case .everything(let why):
            let tests = UnitExplanation.Tests(
                all: all, affected: affected, affectedWhy: affectedWhy, running: [], skipped: [],
                how: "every test in one swift test: \(why)")
            return (tests, nil, nil)
        case .noTestTargets:
            return (nil, nil, nil)
        case .selected(let plan, _, _):
            let baseline = TestRecords(gitDirectory: gitDirectory).lastShared(unit: context.packageRoot)
            let running = plan.run.map { target -> (name: String, why: String) in
                let reached = affected.contains(target.name)
                let why =
                    reached
                    ? "the change reaches it, and no pass is recorded at its new content"
                    : baseline == nil
                        ? "no pass recorded at its content: no baseline for this package yet"
                        : "no pass recorded at its content (the change does not reach it, but it has not passed as it is)"
                return (target.name, why)
            }
            let skipped = plan.skipped.map { skipped -> (name: String, why: String) in
                let place = skipped.record.signer.map { "in a record signed by \($0)" } ?? "on this machine"
                return (
                    skipped.name,
                    "passed at this content before (\(skipped.record.tests) tests, \(place)); its coverage comes "
                        + "from that recorded run"
                )
            }
            let how =
                plan.run.isEmpty
                ? "none runs: \(plan.line)"
                : "\(plan.run.count) of \(all.count) test target\(all.count == 1 ? "" : "s") run, each on its own"
            let tests = UnitExplanation.Tests(
                all: all, affected: affected, affectedWhy: affectedWhy, running: running, skipped: skipped, how: how)
            return (tests, nil, plan.run)
        }
    }

    /// The tree a check is compared with to say what the change reaches: in a hook, what the remote
    /// has of the pushed ref; by hand, `--since`, else the upstream, else the push remote's branch of that name or its default; for the
    /// work tree on disk with none of those, HEAD. `nil` when there is none.
    func base(of check: PlannedCheck, options: PrePushOptions) async throws -> (tree: String, name: String)? {
        var candidates: [String] = []
        if isHook {
            if let remote = check.remoteBase { candidates.append(remote) }
        } else {
            // As a push of this branch would be compared: its upstream, the push remote's branch of
            // the same name, that remote's default branch.
            let remote = (try? await repository.pushRemote()) ?? "origin"
            let branch = try? await repository.output(["symbolic-ref", "--quiet", "--short", "HEAD"])
            candidates += [options.diffBase, "@{upstream}", branch.map { "\(remote)/\($0)" }, "\(remote)/HEAD"]
                .compactMap { $0 }
            if check.commit == nil { candidates.append("HEAD") }
        }
        for name in candidates {
            if let tree = try? await repository.output(["rev-parse", "--verify", "--quiet", name + "^{tree}"]),
                !tree.isEmpty
            {
                let shown = name.count == 40 ? String(name.prefix(12)) + " (what the remote has)" : name
                return (tree, shown)
            }
        }
        return nil
    }
}

extension PlannedCheck {
    /// `would check commit 3e30b081611f (refs/heads/main) in place:`, the check's line in `--dry-run`.
    var line: String {
        let what = commit.map { "commit \($0.prefix(12))" } ?? "the work tree"
        let refs = refs.isEmpty ? "" : " (\(refs.joined(separator: ", ")))"
        let place =
            switch place {
            case .inPlace: "in place"
            case .worktree: "in .build/prepush-worktree"
            case .onDisk: "as it is on disk"
            }
        return "would check \(what)\(refs) \(place):\n"
    }
}
