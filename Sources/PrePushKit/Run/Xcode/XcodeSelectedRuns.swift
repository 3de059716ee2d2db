import Foundation
import PreflightCore
import ProcessKit

/// The test step of an Xcode app with affected-test selection (``XcodeTargetSelection``): each
/// test target to run gets its own `test-without-building -only-testing:TARGET` into its own
/// result bundle, whose coverage is kept (``XcodeRecordedCoverage``) and, when it passed without a
/// flaky test, recorded at its key by the verdict; the targets skipped contribute their recorded
/// coverage. The coverage step merges them all line by line, the figure a run of every test gives.
///
/// `-only-testing:` rather than `-skip-testing:` of the others, and one run per target: a key
/// covers one target, so its recorded coverage must be that target's run alone (a run of several
/// holds what each executed, and reusing it would count lines of another target's old code); and
/// `-only-testing:` names exactly what the keys cover, so a target the project reading did not see
/// never runs without a key.
struct XcodeSelectedRuns {
    let step: XcodeTestStep
    let plan: XcodeBuildPlan
    let destination: XcodeDestination
    let context: StepContext

    /// The selection for the check's app, or `nil` (with a line saying why) when every test runs
    /// in one `test-without-building`.
    static func selection(
        _ input: TestSelectionInput, plan: XcodeBuildPlan, in context: StepContext
    ) async throws -> XcodeTargetSelection? {
        func everything(_ why: String) -> XcodeTargetSelection? {
            context.output.message("prepush: all tests: \(why)\n")
            return nil
        }
        guard
            let (selection, _) = try await make(
                input, plan: plan, options: context.options, folder: context.packageRoot)
        else {
            return nil
        }
        switch selection {
        case .failure(let fallback): return everything(fallback.why)
        case .success(let selection): return selection
        }
    }

    /// The selection as the check or `--dry-run` sees it: `.failure` says why every test runs in
    /// one go; `nil` for a package's scheme, which is not selected. Also gives the project's
    /// reading, for what a change reaches.
    static func make(
        _ input: TestSelectionInput, plan: XcodeBuildPlan, options: PrePushOptions, folder: String
    ) async throws -> (Result<XcodeTargetSelection, Fallback>, XcodeAffectedTests?)? {
        if case .package = plan.container { return nil }
        // An app checked because a package it depends on changed still selects: its targets' keys
        // hold the packages they reach, unlike a package's (CheckRun.testSelectionInput's fallback).
        if let fallback = input.fallback, !fallback.hasPrefix("it is checked because the package it depends on") {
            return (.failure(Fallback(fallback)), nil)
        }
        if !plan.tests.onlyTesting.isEmpty || !plan.tests.skipTesting.isEmpty
            || plan.testArguments.contains(where: { $0.hasPrefix("-only-testing") || $0.hasPrefix("-skip-testing") })
        {
            return (.failure(Fallback("the tests are chosen by hand (--only-testing, --skip-testing)")), nil)
        }
        let listing = try await input.treeListing()
        let layout: RepositoryLayout
        do {
            layout = try RepositoryLayout.discover(listing, settings: options.layoutSettings)
        } catch {
            return (.failure(Fallback(error.localizedDescription)), nil)
        }
        let packages = Set(layout.units.filter { $0.kind == .package }.map(\.path))
        // The packages' local dependencies, as the plan read them (kept per manifest content).
        var dependencies: [String: [String]] = [:]
        if !packages.isEmpty {
            let reader = ManifestDependencies(
                gitDirectory: input.gitDirectory, scratchDirectory: RunTemporaryDirectory.systemTemporaryDirectory,
                environment: Environment.inherit.removing(GitRepository.clearedVariables))
            dependencies =
                (try? await reader.read(layout, in: listing, repository: input.repository))?.dependencies ?? [:]
        }
        let affected: XcodeAffectedTests
        switch XcodeTargetSelection.read(
            folder: folder, unitPath: input.unitPath, container: plan.container, scheme: plan.scheme,
            testPlan: plan.tests.testPlan, packages: packages, dependencies: dependencies)
        {
        case .unreadable(let why): return (.failure(Fallback(why)), nil)
        case .affected(let read): affected = read
        }
        guard !affected.targets.isEmpty else {
            return (.failure(Fallback("the scheme \(plan.scheme) names no test target in its files")), affected)
        }
        let settings =
            [
                input.settings, plan.container.arguments.joined(separator: " "), plan.scheme, plan.configuration,
                plan.destination ?? "-", plan.tests.testPlan ?? "-",
            ] + plan.testArguments
        let content = XcodeTargetSelection.content(
            affected, listing: listing, settings: settings.joined(separator: "\n"))
        let records = TestRecords(gitDirectory: input.gitDirectory)
        let selection = XcodeTargetSelection.make(
            affected, content: content,
            recorded: { key in records.lookup(key).flatMap { XcodeTargetSelection.isXcodeRecord($0) ? $0 : nil } },
            lastShared: records.lastShared(unit: folder))
        if selection.run.isEmpty, selection.skipped.isEmpty {
            return (.failure(Fallback(selection.line)), affected)
        }
        return (.success(selection), affected)
    }

    /// Why every test runs in one go.
    struct Fallback: Error {
        var why: String
        init(_ why: String) { self.why = why }
    }

    /// Runs the selected targets, each on its own; the first failure ends the step.
    func run(_ selection: XcodeTargetSelection) async throws -> StepOutcome {
        let name = step.name
        context.output.message("prepush: \(selection.line)\n")
        var result = TestSelectionResult(profiles: [], unit: context.packageRoot, shared: selection.shared)
        result.root = context.checkRoot
        for skipped in selection.skipped {
            result.profiles.append(skipped.record.profile)
            result.reused.append(
                .init(
                    key: skipped.key, profile: skipped.record.profile, tests: skipped.record.tests,
                    root: context.checkRoot, target: skipped.name))
        }
        var seconds = 0.0
        var ran = 0
        var results: [TestCaseResult]?
        var flaky: [String] = []
        for (index, target) in selection.run.enumerated() {
            var one = plan
            one.tests.onlyTesting = [target.name]
            let stem = "PrePush-" + Self.fileName(target.name)
            let bundle = context.scratchFolder + "/" + stem + ".xcresult"
            let (outcome, again) = try await step.runOnce(
                one, destination: destination, bundle: bundle, name: "\(name) \(target.name)", bundlePrefix: stem,
                in: context)
            seconds += outcome.seconds
            flaky += outcome.flakyTests
            if let cases = outcome.testResults { results = (results ?? []) + cases }
            if outcome.status != .passed {
                var failed = StepOutcome(
                    name: name, status: .failed, seconds: seconds, figure: "\(target.name): \(outcome.figure)")
                failed.selection = result
                failed.testResults = results
                failed.flakyTests = flaky
                return failed
            }
            ran += outcome.testsRun ?? 0
            for (run, coverage) in (again ?? [bundle]).enumerated() {
                let folder = context.scratchFolder + "/xccov-\(index)-\(run)-\(target.key)"
                do {
                    try await XcodeRecordedCoverage.save(bundle: coverage, into: folder, in: context)
                } catch {
                    if let error = error as? ProcessError, case .interrupted = error { throw error }
                    context.log(ErrorReport.render(error, tool: "prepush"))
                    var failed = StepOutcome(
                        name: name, status: .failed, seconds: seconds,
                        figure: "\(target.name): its coverage could not be read")
                    failed.selection = result
                    failed.testResults = results
                    return failed
                }
                // A target that passed only on a retry is measured, never recorded as passed.
                if again == nil, outcome.flakyTests.isEmpty {
                    result.add(
                        .init(key: target.key, profile: folder, tests: outcome.testsRun ?? 0, target: target.name))
                } else {
                    result.profiles.append(folder)
                }
            }
        }
        let before = selection.skipped.reduce(0) { $0 + $1.record.tests }
        let total = selection.run.count + selection.skipped.count
        var figure: String
        if selection.run.isEmpty {
            figure = "no test target affected (\(total) passed at this content before, \(before) tests)"
        } else {
            figure = "\(ran) test\(ran == 1 ? "" : "s") passed"
            if !flaky.isEmpty { figure += ", \(flaky.count) flaky" }
            if !selection.skipped.isEmpty {
                figure +=
                    " in \(selection.run.count) of \(total) test targets (\(selection.skipped.count) unaffected, "
                    + "\(before) tests passed at this content before)"
            }
        }
        var passed = StepOutcome(name: name, status: .passed, seconds: seconds, figure: figure)
        passed.testsRun = ran + before
        passed.selection = result
        passed.testResults = results
        passed.flakyTests = flaky
        return passed
    }

    /// A target's name as part of a bundle's file name.
    static func fileName(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }
}
