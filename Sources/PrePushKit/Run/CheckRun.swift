import Foundation
import PreflightCore

/// The pipeline's third stage, **run**: each planned check in its place (the work tree, prepush's
/// worktree at the commit, or the disk as it is), its steps in order. An in-place check is
/// followed by a second snapshot of the content: when it changed while the check ran, the result
/// is void — never cached, never a pass — and a hook run checks the pushed commit again in the
/// worktree, exactly.
struct CheckRun: Sendable {
    let repository: GitRepository
    let snapshot: WorkTreeSnapshot
    let flags: PrePushFlags
    /// The work tree's settings, which planned the checks.
    let options: PrePushOptions
    let output: RunOutput
    let temporaryDirectory: String
    let errorlintExecutable: String?
    /// The work tree's git directory (prepush's own files: the worktree lock).
    let gitDirectory: String
    /// The remote pushed to (its remote-tracking refs are what it already has).
    let remoteName: String?
    let isHook: Bool
    /// The environment the run was started with.
    let environment: [String: String]
    /// The steps `PREPUSH_SKIP` names.
    let skippedSteps: SkippedSteps
    /// Test-target passes of trusted shared records, by key (``SharedRecords``).
    let sharedTests: [String: TestRecords.Record]

    /// The run of `push` as planned, writing to `output`, its commands' `TMPDIR` in
    /// `temporaryDirectory`.
    init(
        _ push: DecidedPush, planned: PlannedRun, flags: PrePushFlags, output: RunOutput, temporaryDirectory: String,
        environment: [String: String]
    ) {
        repository = push.repository
        snapshot = push.snapshot
        self.flags = flags
        options = push.options
        self.output = output
        self.temporaryDirectory = temporaryDirectory
        errorlintExecutable = planned.errorlintExecutable
        gitDirectory = push.place.gitDirectory
        remoteName = push.request?.remoteName
        isHook = push.isHook
        self.environment = environment
        skippedSteps = push.skippedSteps
        sharedTests = planned.sharedTests
    }

    /// What one check gave.
    struct Result: Sendable {
        var check: PlannedCheck
        /// Each unit checked, in order (those after a failure are missing unless `--keep-going`).
        var units: [UnitResult]
        /// What changed in the work tree while an in-place check ran (then the result is void).
        var changedMeanwhile: [TreeChange] = []

        var outcomes: [StepOutcome] { units.flatMap(\.outcomes) }
        /// The steps of every unit's check, in order (those after a failed one did not run).
        var plannedSteps: [String] { units.flatMap(\.plannedSteps) }
        var passed: Bool { changedMeanwhile.isEmpty && !outcomes.contains { $0.status == .failed } }
    }

    /// What one unit of a check gave.
    struct UnitResult: Sendable {
        var unit: PlannedUnit
        var outcomes: [StepOutcome]
        /// The key its pass is recorded under (the settings it was checked with); `nil` records
        /// nothing (an app whose build could not run here).
        var cacheKey: String?

        var passed: Bool { !outcomes.contains { $0.status == .failed } }
        /// What it was checked with (``SettingsIdentity``), when it has a key or selects tests.
        var settings: SettingsIdentity?
        /// What its test step selected: the passes of test targets to record when the check was
        /// exact.
        var tests: TestSelectionResult?
        /// The names of the steps the unit's check would run, in order (those after a failed one did
        /// not).
        var plannedSteps: [String] = []
        /// The configuration (`-c`) of its `swift build`, when SwiftPM built it: what the
        /// worktree's warm-up builds (``WorktreeWarmUp``).
        var swiftBuildConfiguration: String?
    }

    /// Runs the checks in order; stops at the first that fails (unless `--keep-going`).
    func run(_ plan: CheckPlan) async throws -> [Result] {
        var queue = plan.checks[...]
        var results: [Result] = []
        if !skippedSteps.isEmpty { output.message("prepush: \(skippedSteps.line)\n") }
        while let check = queue.popFirst() {
            var result = try await run(check)
            if check.verifiesContentAfterwards {
                result.changedMeanwhile = try await changes(since: check.tree)
            }
            results.append(result)
            // A void check's table would show passes that hold for nothing: only the warning.
            if result.changedMeanwhile.isEmpty { summarize(result) }
            let what = CheckPlan.list(result.changedMeanwhile)
            switch Self.next(after: result, isHook: isHook, keepsGoing: options.keepsGoing) {
            case .proceed: continue
            case .stop:
                if !result.changedMeanwhile.isEmpty {
                    output.warning("the work tree changed while the check ran (\(what)); the result is not cached")
                }
                return results
            case .checkAgainExactly(let exact):
                output.warning(
                    "the work tree changed while the check ran (\(what)), so its result does not hold for what "
                        + "is pushed; checking \(exact.commit?.prefix(12) ?? "") again, exactly, in its own worktree")
                queue.insert(exact, at: queue.startIndex)
            }
        }
        return results
    }

    /// What follows a check's result.
    enum Next: Equatable {
        /// The next planned check.
        case proceed
        /// This check again, in prepush's worktree at its commit: the in-place result is void.
        case checkAgainExactly(PlannedCheck)
        /// Nothing more: a failure (without `--keep-going`), or a void check by hand.
        case stop
    }

    /// A void check (the work tree changed while it ran) of a pushed commit is checked again
    /// exactly; by hand it ends the run, as a failure does unless `keepsGoing`.
    static func next(after result: Result, isHook: Bool, keepsGoing: Bool) -> Next {
        if !result.changedMeanwhile.isEmpty {
            guard isHook, result.check.commit != nil else { return .stop }
            var exact = result.check
            exact.place = .worktree
            exact.reason = nil
            return .checkAgainExactly(exact)
        }
        return !result.passed && !keepsGoing ? .stop : .proceed
    }

    /// Runs one check's units in its place, each in its own folder, dependencies first.
    private func run(_ check: PlannedCheck) async throws -> Result {
        if let reason = check.reason {
            if check.place == .onDisk { output.warning(reason) } else { output.message("prepush: \(reason)\n") }
        }
        var root = repository.root
        var scratchPath: String?
        var worktreeLock: WorktreeLock?
        defer { withExtendedLifetime(worktreeLock) {} }
        if check.place == .worktree, let commit = check.commit {
            let worktree = IsolatedWorktree(repositoryRoot: repository.root, location: repository.location)
            worktreeLock = try WorktreeLock(gitDirectory: gitDirectory, holder: WorktreeLock.check(pid: getpid())) {
                holder in
                // A push does not wait for a background build of another commit: what it built stays.
                if let pid = WorktreeWarmUp.stopIfHolding(holder) {
                    output.message(
                        "prepush: stopping the worktree's background build (pid \(pid)); what it built is kept\n")
                    return
                }
                let who = holder.isEmpty ? "another prepush run" : holder
                output.message("prepush: waiting for \(who) to finish with the worktree\n")
            }
            for note in try await worktree.checkOut(commit) { output.message("prepush: \(note)\n") }
            root = worktree.path
            scratchPath = worktree.scratchPath
            // What the check prints names the repository's files, not the worktree's copies.
            output.showPaths(under: worktree.path, as: repository.root)
        }
        defer { if check.place == .worktree { output.showPaths(under: nil, as: nil) } }
        // The lines the push adds: absolute paths, one answer for every unit.
        let pushed = try await pushRange(for: check, in: root, options: options)
        let named = check.units.count > 1 || check.units.contains { !$0.unit.path.isEmpty }
        var units: [UnitResult] = []
        var scratchPaths = SharedScratchPaths(root: root, isolated: scratchPath)
        var prepared: [PreparedUnit] = []
        for planned in check.units {
            prepared.append(
                try await prepare(
                    planned, of: check, root: root, scratchPath: scratchPaths.assign(planned), pushed: pushed))
        }
        // First what needs no build, for every unit: a finding stops the push before any build starts.
        var scanned: [[StepOutcome]] = []
        for unit in prepared {
            let outcomes = try await StepList.run(
                Array(unit.steps.prefix(while: StepList.needsNoBuild)), in: unit.context)
            scanned.append(outcomes)
            if !options.keepsGoing, outcomes.contains(where: { $0.status == .failed }) { break }
        }
        let scansFailed = scanned.joined().contains { $0.status == .failed }
        for (index, unit) in prepared.enumerated() {
            guard index < scanned.count else { break }
            if !options.keepsGoing, units.contains(where: { !$0.passed }) { break }
            var result: UnitResult
            if scansFailed && !options.keepsGoing {
                // Nothing is built after a finding: what ran is shown, nothing is recorded.
                result = UnitResult(unit: unit.planned, outcomes: scanned[index], cacheKey: nil)
                result.plannedSteps = unit.steps.map(\.name)
            } else {
                result = try await finish(unit, scanned: scanned[index], of: check, named: named)
            }
            if named { for index in result.outcomes.indices { result.outcomes[index].unit = unit.planned.unit.name } }
            units.append(result)
        }
        return Result(check: check, units: units)
    }

    /// The summary table of a check that holds, and the units it left out.
    private func summarize(_ result: Result) {
        let check = result.check
        output.summary("\n" + StepOutcome.table(result.outcomes, style: output.style))
        if !check.unchanged.isEmpty {
            output.summary(
                "unchanged: \(check.unchanged.map(\.name).joined(separator: ", ")) (nothing pushed touches them)\n")
        }
        let notRun = check.units.dropFirst(result.units.count)
        if !notRun.isEmpty {
            output.summary(
                "not checked after the failure: \(notRun.map(\.unit.name).joined(separator: ", ")) "
                    + "(--keep-going checks them too)\n")
        }
    }

    /// One unit's check before it runs: its steps and what they share.
    struct PreparedUnit {
        var planned: PlannedUnit
        var options: PrePushOptions
        var folder: String
        var errorlintExecutable: String?
        var steps: [any Step]
        var context: StepContext
        var recordsPass: Bool
    }

    /// Makes one unit's steps in its folder, with the settings its folder's configuration gives (a
    /// commit's: those the plan read from its tree, never the user's file above it).
    func prepare(
        _ planned: PlannedUnit, of check: PlannedCheck, root: String, scratchPath: String?, pushed: AddedLines?
    ) async throws -> PreparedUnit {
        let unit = planned.unit
        let folder = unit.folder(in: root)
        let configuration: ConfigurationFile?
        var options: PrePushOptions
        if let settings = planned.settings {
            configuration = settings.configuration
            options = settings.options
        } else {
            configuration = try await self.configuration(for: unit, of: check, root: root)
            options = try flags.options(file: configuration, in: folder)
        }
        // The verdict lists the failing tests (and a job summary the flaky ones too): always read.
        options.listsTestsInSummary = true
        var errorlintExecutable = self.errorlintExecutable
        if options.runsErrorlint != false, errorlintExecutable == nil {
            errorlintExecutable = ErrorLintExecutable.find(environment: environment)
        }
        // A repository with packages: the app's build and tests are skipped where xcodebuild does
        // not exist, its scanners still run, and the packages are still checked. A repository of
        // apps alone: nothing could be built, which is an error (the backend's own), never a pass.
        let hasPackages = (check.units.map(\.unit) + check.unchanged).contains { $0.kind == .package }
        var build = StepList.Build.backend
        var recordsPass = true
        if unit.kind == .app, hasPackages, let skipped = appSkippedHere(unit, folder: folder, options: options) {
            build = .notHere(skipped)
            recordsPass = false
        } else if let plan = XcodeBuildPlan.app(
            unit, folder: folder, backend: options.backend, configuration: options.configuration,
            testArguments: options.testArguments, searchPath: environment["PATH"])
        {
            build = .xcodebuild(plan)
        }
        if unit.kind == .package, let route = packageRoute(planned, options: options) {
            build = route
            if case .notHere = route { recordsPass = false }
        }
        var context = StepContext(
            packageRoot: folder, options: options, addedLines: options.measuresAddedLines ? pushed : nil,
            output: output,
            scratchPath: scratchPath,
            temporaryDirectory: temporaryDirectory, errorlintExecutable: errorlintExecutable,
            runEnvironment: environment)
        context.introducedLines = options.showsAllFindings ? nil : pushed
        context.configuration = configuration
        context.excludedFolders = planned.nestedFolders.map { nested in
            unit.path.isEmpty ? nested : String(nested.dropFirst(unit.path.count + 1))
        }
        context.unitPath = unit.path
        context.gitDirectory = gitDirectory
        let steps = try StepList.make(options: options, packageRoot: folder, build: build, skipping: skippedSteps)
        // A check that left a step out verified less than its key promises.
        if steps.contains(where: { skippedSteps.skips($0.name) }) { recordsPass = false }
        return PreparedUnit(
            planned: planned, options: options, folder: folder, errorlintExecutable: errorlintExecutable, steps: steps,
            context: context, recordsPass: recordsPass)
    }

    /// Runs the rest of a prepared unit's steps after its scanners' `scanned` outcomes: its build,
    /// tests, coverage and commands.
    private func finish(
        _ prepared: PreparedUnit, scanned: [StepOutcome], of check: PlannedCheck, named: Bool
    ) async throws -> UnitResult {
        let planned = prepared.planned
        let unit = planned.unit
        let options = prepared.options
        var context = prepared.context
        let steps = prepared.steps
        // The toolchain, options and environment the check runs with: its cache key's and its
        // test records' settings alike. A commit's unit carries the plan's (its key was made of
        // them); the work tree on disk asks the toolchain and reads the manifests here, once.
        let selectsTests = options.selectsTests(isHook: isHook)
        let identity =
            planned.settings?.identity
            ?? (planned.cacheKey != nil || selectsTests
                ? options.settingsIdentity(
                    errorlintExecutable: prepared.errorlintExecutable, environment: environment,
                    directory: prepared.folder) : nil)
        let fingerprint = identity?.fingerprint
        let cacheKey =
            planned.settings != nil
            ? planned.cacheKey
            : planned.cacheKey.flatMap { _ in
                fingerprint.flatMap {
                    VerificationCache.key(
                        tree: planned.content, fingerprint: $0, remoteBase: check.remoteBase,
                        includesBase: options.minimumDiffCoverage != nil)
                }
            }
        if named {
            let through = planned.through.map { " (it depends on \($0))" } ?? ""
            output.message("prepush: \(unit.kind == .app ? "app" : "package") \(unit.name)\(through)\n")
        }
        if selectsTests, let fingerprint {
            context.testSelection = testSelectionInput(for: planned, of: check, fingerprint: fingerprint)
        }
        let outcomes =
            scanned.contains { $0.status == .failed }
            ? scanned : scanned + (try await StepList.run(Array(steps.dropFirst(scanned.count)), in: context))
        // A unit whose build could not run here records nothing: a Mac must still check it.
        var result = UnitResult(unit: planned, outcomes: outcomes, cacheKey: prepared.recordsPass ? cacheKey : nil)
        result.settings = identity
        result.tests = outcomes.compactMap(\.selection).last
        result.plannedSteps = steps.map(\.name)
        result.swiftBuildConfiguration = steps.contains { $0 is SwiftBuildStep } ? options.configuration : nil
        return result
    }

    /// What the test step of `planned` needs to select its affected test targets, checked with
    /// settings `fingerprint`; its fallback says why every test runs instead, when selection
    /// cannot hold.
    func testSelectionInput(
        for planned: PlannedUnit, of check: PlannedCheck, fingerprint: String
    )
        -> TestSelectionInput
    {
        TestSelectionInput(
            tree: check.tree, listing: check.listing, unitPath: planned.unit.path, repository: repository,
            gitDirectory: gitDirectory,
            dependencyFolders: planned.dependencyFolders, nestedFolders: planned.nestedFolders,
            settings: fingerprint,
            fallback: check.place == .onDisk
                ? "the work tree as it is on disk is checked, and nothing of it is recorded"
                : planned.through.map { "it is checked because the package it depends on, \($0), changed" },
            shared: sharedTests)
    }

    /// The configuration a unit's check reads: a commit's, the tree's own nearest `.preflight.json`
    /// (from git's objects: an ignored file in place, or the work tree's file while the worktree is
    /// checked, never counts); by hand, the nearest one on disk from the unit's folder up to the
    /// repository's root, never above it. `--config` is read with the flags instead. (A commit's
    /// unit planned from its tree carries its configuration: ``PlannedUnit/settings``.)
    private func configuration(
        for unit: CheckUnit, of check: PlannedCheck, root: String
    ) async throws
        -> ConfigurationFile?
    {
        guard flags.configurationFile == nil else { return nil }
        guard let commit = check.commit else {
            return try ConfigurationFile.load(explicitPath: nil, searchingFrom: unit.folder(in: root), upTo: root)
        }
        let listing = try await check.treeListing(in: repository)
        return try await TreeConfiguration.file(
            for: unit.path, listing: listing, label: String(commit.prefix(12)), root: root, repository: repository)
    }

    /// An app's check where xcodebuild does not exist (Linux): a skipped row saying what would run
    /// on a Mac; `nil` where it exists, or where the configuration asks for xcodebuild by name (then
    /// the missing tool is an error, as for any check asked for).
    private func appSkippedHere(_ unit: CheckUnit, folder: String, options: PrePushOptions) -> StepOutcome? {
        guard options.backend.kind == .automatic else { return nil }
        do {
            try XcodeTools.require(["xcodebuild", "xcrun"], searchPath: environment["PATH"])
            return nil
        } catch {
            let container =
                options.backend.container ?? XcodeBuildPlan.appContainer(unit)
                ?? (try? XcodeBuildPlan.findContainer(in: folder)) ?? nil
            let name = container.map { ($0.path as NSString).lastPathComponent } ?? unit.name
            let scheme = options.backend.scheme ?? container?.name ?? unit.folderName
            return .skipped(
                "xcodebuild", .notBuiltHere,
                figure: "no xcodebuild here: \(name) not built or tested (its scanners still run); on a Mac "
                    + "prepush runs xcodebuild build-for-testing and test -scheme \(scheme), then its coverage")
        }
    }

    /// How a package for Apple platforms other than macOS is built (``DeclaredPlatform``): as Xcode
    /// builds it, with xcodebuild, its scheme and a simulator of its platform, where xcodebuild
    /// exists; not at all where it does not (a skipped row saying so). `nil`: SwiftPM's host build,
    /// for a package whose platforms include macOS or are not listed, or when a backend is
    /// configured by name.
    private func packageRoute(_ planned: PlannedUnit, options: PrePushOptions) -> StepList.Build? {
        guard options.backend.kind == .automatic, let manifest = planned.manifest else { return nil }
        guard let apple = DeclaredPlatform.hostBuildExclusion(manifest.platforms) else {
            return manifest.appleOnly.map { .notHere($0.notBuiltHere(planned.unit.name)) }
        }
        let simulator = apple.simulator.rawValue
        do {
            try XcodeTools.require(["xcodebuild", "xcrun"], searchPath: environment["PATH"])
        } catch {
            return .notHere(
                .skipped(
                    "xcodebuild", .notBuiltHere,
                    figure: "\(planned.unit.name) is for \(apple.list) (its Package.swift's platforms), not for this "
                        + "machine: not built or tested here, where no xcodebuild exists (its scanners still run); on a "
                        + "Mac prepush builds and tests it with xcodebuild and an \(simulator) simulator"))
        }
        return .xcodebuild(
            .package(
                named: manifest.name,
                platform: XcodePlatform.Reading(
                    platform: apple.simulator, evidence: "Package.swift's platforms: \(apple.list)"),
                configuration: options.configuration, tests: options.backend.tests,
                testArguments: options.testArguments))
    }

    /// The lines the check's commit adds over what the remote has: over the commits the remote
    /// already has next to its history (``GitRepository/pushBases(of:remote:remoteCommit:)``: every
    /// remote-tracking ref of the remote pushed to, and what the pushed ref has there), a line
    /// counting only when none of them has it; `nil`, everything new, when the remote has none of
    /// its history (the first push of a repository). By hand: the work tree over `--since`, else
    /// the same over the remote a push would go to and the upstream.
    /// Only needed for diff coverage and for telling new findings from existing ones.
    private func pushRange(
        for check: PlannedCheck, in root: String, options: PrePushOptions
    ) async throws
        -> AddedLines?
    {
        let needed =
            options.measuresAddedLines
            || (!options.showsAllFindings && (options.runsTodoscan || options.runsErrorlint != false))
        guard needed else { return nil }
        if !isHook, let diffBase = options.diffBase {
            // Asked for by name: a base that does not resolve is an error, never a quiet fallback.
            return try AddedLines.since(diffBase, in: root)
        }
        let bases: [String]
        let head: String?
        if isHook, let commit = check.commit {
            bases = try await repository.pushBases(of: commit, remote: remoteName, remoteCommit: check.remoteBase)
            head = commit
        } else {
            // By hand: the work tree as it is, over what a push of this branch would be compared with.
            guard let commit = try? await repository.output(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"])
            else { return nil }
            let upstream = try? await repository.output(["rev-parse", "--verify", "--quiet", "@{upstream}^{commit}"])
            bases = try await repository.pushBases(
                of: commit, remote: try await repository.pushRemote(), remoteCommit: upstream)
            head = nil
        }
        if bases.isEmpty {
            if options.minimumDiffCoverage != nil {
                output.warning(
                    "no remote has any of this history, so no base to measure added lines against; diff coverage skipped"
                )
            }
            return nil
        }
        return try AddedLines.introduced(
            over: bases, head: head, in: root, location: root == repository.root ? repository.location : GitLocation())
    }

    /// What differs between `tree` and the work tree's content now, less what SwiftPM itself writes
    /// while building (a Package.resolved the commit does not track, `.swiftpm/`): the check's own
    /// output, not an edit of the person's.
    private func changes(since tree: String) async throws -> [TreeChange] {
        let now = try await snapshot.take { [repository] head in try await repository.tree(of: head) }
        if now.holds(tree) { return [] }
        return try await snapshot.differences(from: tree, to: now).filter { !Self.isSwiftPMOutput($0) }
    }

    /// A file SwiftPM adds to a package while it builds.
    static func isSwiftPMOutput(_ change: TreeChange) -> Bool {
        guard change.status == "A" else { return false }
        let path = change.path
        return path == "Package.resolved" || path.hasSuffix("/Package.resolved") || path.hasPrefix(".swiftpm/")
            || path.contains("/.swiftpm/")
    }
}
