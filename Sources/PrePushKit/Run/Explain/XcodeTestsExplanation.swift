import Foundation
import PreflightCore

extension CheckRun {
    /// What `--dry-run` says of an app's tests, from its project alone (``XcodeAffectedTests``),
    /// where xcodebuild exists or not.
    struct XcodeTestsExplanation {
        var tests: UnitExplanation.Tests?
        var unknown: String?
        /// The test targets the test step runs each on its own (`nil`: every test in one run).
        var selection: [TestSelectionPlan.Target]?
        /// Where xcodebuild does not exist: the test commands a Mac runs.
        var onAMac: [String] = []
    }

    /// The test targets of an app unit: those the change reaches (the paths that differ between
    /// the check's base and its tree, through the project's graph), and those that run, with why
    /// (``XcodeSelectedRuns/make(_:plan:options:folder:)``, as the test step decides).
    func explainXcodeTests(
        _ prepared: PreparedUnit, of check: PlannedCheck
    ) async throws -> XcodeTestsExplanation? {
        let unit = prepared.planned.unit
        let options = prepared.options
        let test = prepared.steps.lazy.compactMap { $0 as? XcodeTestStep }.first
        let isHere = test != nil
        var plan: XcodeBuildPlan
        if let test {
            plan = test.plan
        } else {
            guard
                let container = options.backend.container ?? XcodeBuildPlan.appContainer(unit)
                    ?? (try? XcodeBuildPlan.findContainer(in: prepared.folder)) ?? nil
            else { return nil }
            plan = XcodeBuildPlan(
                container: container, scheme: options.backend.scheme ?? container.name,
                destination: options.backend.destination,
                configuration: XcodeBuildPlan.xcodeConfiguration(options.configuration), tests: options.backend.tests,
                testArguments: options.testArguments)
        }
        let identity =
            prepared.planned.settings?.identity
            ?? options.settingsIdentity(
                errorlintExecutable: prepared.context.errorlintExecutable, environment: environment,
                directory: prepared.folder)
        let input = testSelectionInput(for: prepared.planned, of: check, fingerprint: identity.fingerprint)
        // The project as the work tree holds it (the worktree is at the commit only once it runs).
        let folder = unit.folder(in: repository.root)
        guard let (made, read) = try await XcodeSelectedRuns.make(input, plan: plan, options: options, folder: folder)
        else { return nil }
        var explanation = XcodeTestsExplanation()
        guard let read else {
            if case .failure(let fallback) = made { explanation.unknown = fallback.why }
            return explanation
        }
        let all = read.targets.map(\.name)
        var affected = all
        var affectedWhy: String
        if let (baseTree, baseName) = try await base(of: check, options: options) {
            let changed = try await repository.output([
                "diff-tree", "-r", "--no-renames", "--name-only", baseTree, check.tree,
            ]).split(separator: "\n").map(String.init)
            switch read.select(changed) {
            case .all(let why):
                affectedWhy = "every test target: \(why) since \(baseName)"
            case .some(let names, let why):
                affected = names
                affectedWhy =
                    names.isEmpty
                    ? "nothing that changed since \(baseName) reaches a test target"
                    : "what changed since \(baseName) reaches them: "
                        + names.map { "\($0) through \(why[$0] ?? "?")" }.joined(separator: ", ")
            }
        } else {
            affectedWhy =
                "no base to compare with (no upstream, nor the remote's branch): every test target counts as affected"
        }
        let running: [(name: String, why: String)]
        let skipped: [(name: String, why: String)]
        var how: String
        var runs: [String]?
        switch made {
        case .failure(let fallback):
            (running, skipped) = ([], [])
            how = "every test in one xcodebuild test-without-building: \(fallback.why)"
        case .success(let selection) where !options.selectsTests(isHook: isHook):
            _ = selection
            (running, skipped) = ([], [])
            how =
                "every test in one xcodebuild test-without-building: a check by hand runs them all "
                + "(--affected-tests, as a hook does, runs only those without a recorded pass at their content)"
        case .success(let selection):
            running = selection.run.map { target in
                (
                    target.name,
                    affected.contains(target.name)
                        ? "the change reaches it, and no pass is recorded at its new content"
                        : "no pass recorded at its content"
                )
            }
            skipped =
                selection.skipped.map { skip in
                    (
                        skip.name,
                        "passed at this content before (\(skip.record.tests) tests, on this machine); its coverage "
                            + "comes from that recorded run"
                    )
                } + selection.elsewhere.map { ($0.name, "the check of package \($0.package) runs it") }
            how =
                selection.run.isEmpty
                ? "none runs: \(selection.line)"
                : "\(selection.run.count) of \(all.count) test target\(all.count == 1 ? "" : "s") run, each on its "
                    + "own (xcodebuild test-without-building -only-testing:TARGET)"
            runs = selection.run.map(\.name)
            explanation.selection = selection.run.map { (module: $0.name, name: $0.name, key: $0.key) }
        }
        explanation.tests = UnitExplanation.Tests(
            all: all, affected: affected, affectedWhy: affectedWhy, running: running, skipped: skipped, how: how)
        if !isHere {
            let bundle = XcodeSteps.resultBundle(in: prepared.context)
            let destination = StepCommandLines.destination(plan)
            explanation.onAMac = Self.testCommands(plan, runs: runs, destination: destination, bundle: bundle).map {
                "a Mac runs: " + $0
            }
        }
        return explanation
    }

    /// The `test-without-building` command lines of `plan`: one per target of `runs`, each with its
    /// `-only-testing:`, or one of every test (`runs` nil).
    static func testCommands(
        _ plan: XcodeBuildPlan, runs: [String]?, destination: String, bundle: String
    ) -> [String] {
        guard let runs else {
            return [StepCommandLines.line(plan.testWithoutBuilding(destination: destination, resultBundle: bundle))]
        }
        if runs.isEmpty { return ["nothing: no test target is affected"] }
        let folder = (bundle as NSString).deletingLastPathComponent
        return runs.map { name in
            var one = plan
            one.tests.onlyTesting = [name]
            return StepCommandLines.line(
                one.testWithoutBuilding(
                    destination: destination,
                    resultBundle: folder + "/PrePush-" + XcodeSelectedRuns.fileName(name) + ".xcresult"))
        }
    }
}
