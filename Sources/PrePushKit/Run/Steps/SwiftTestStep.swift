import Foundation
import PreflightCore
import ProcessKit

/// `swift test --skip-build --enable-code-coverage`, with the configured test arguments; its
/// figure is the number of tests that ran.
///
/// With test selection (``StepContext/testSelection``), each test target whose content key has no
/// recorded pass runs on its own (`--filter '^Module\.'`, which selects XCTest and Swift Testing
/// tests alike), its coverage profile kept; the others are skipped as unaffected and their recorded
/// profiles stand in for them in the coverage (``AffectedTests``, ``TestSelectionResult``).
struct SwiftTestStep: Step {
    let name = "test"

    func run(in context: StepContext) async throws -> StepOutcome {
        let graph: Result<PackageGraph, DescribedPackage.DescribeFailure>
        do {
            graph = .success(try await context.packageGraph())
        } catch let failure as DescribedPackage.DescribeFailure {
            graph = .failure(failure)
        }
        if case .success(let graph) = graph, graph.testTargets.isEmpty {
            return Self.noTestTargets(in: context)
        }
        if let input = context.testSelection,
            let (plan, selection) = try await AffectedTests.plan(input, graph: graph, in: context)
        {
            return try await runSelected(plan, selection, in: context)
        }
        let tally = Locked(TestCount.Tally())
        var outcome = try await context.command(
            name, Self.argv(context), watching: { line in tally.withLock { $0.add(line) } },
            figure: { _, _ in TestCount.figure(tally.current.count) },
            failure: { _, _ in
                NothingMeasured.tests(ran: tally.current.count, hint: NothingMeasured.swiftPMTestHint)
            })
        outcome.testsRun = tally.current.count
        return outcome
    }

    /// The row of a package whose description lists no test target: nothing to run, said so (not
    /// `swift test`'s "no tests found" error, which would fail every push of a package without
    /// tests).
    static func noTestTargets(in context: StepContext) -> StepOutcome {
        context.output.message("prepush: test: the package has no test targets (Package.swift declares none)\n")
        return .skipped("test", .noTestTargets, figure: "no test targets")
    }

    static func argv(_ context: StepContext) -> [String] {
        ["swift", "test", "--skip-build", "--enable-code-coverage"] + context.swiftOptions
            + context.options.testArguments
    }

    /// Runs each selected test target on its own, keeping its profile; the first failure ends the
    /// step. Where the tests are a plain executable and no test arguments are configured, the
    /// executable runs directly (``TestExecutable``); elsewhere each target is a `swift test --filter`.
    private func runSelected(
        _ plan: TestSelectionPlan, _ selection: TestSelectionResult, in context: StepContext
    ) async throws -> StepOutcome {
        var selection = selection
        var seconds = 0.0
        var ran = 0
        let binPath = try await CoverageStep.productsFolder(context)
        let runFolder = context.scratchFolder
        var executable: TestExecutable?
        if context.options.testArguments.isEmpty, !plan.run.isEmpty {
            executable = await TestExecutable.load(
                folder: binPath, workingDirectory: context.packageRoot, environment: context.environment,
                profileFolder: runFolder)
        }
        // Whether any run printed how many tests it ran (only then can "none ran" be said).
        var counted = false
        for test in plan.run {
            let kept = runFolder + "/tests-\(test.key).profdata"
            try? FileManager.default.removeItem(atPath: kept)
            let outcome =
                if let executable {
                    try await runDirectly(
                        test, executable, keeping: kept, profiles: runFolder + "/profiles-\(test.key)", in: context)
                } else {
                    try await runThroughSwiftPM(test, binPath: binPath, keeping: kept, in: context)
                }
            seconds += outcome.seconds
            if outcome.status == .failed {
                var failed = StepOutcome(
                    name: name, status: .failed, seconds: seconds, figure: "\(test.name): \(outcome.figure)")
                failed.selection = selection
                return failed
            }
            let count = outcome.testsRun
            counted = counted || count != nil
            ran += count ?? 0
            if FileManager.default.fileExists(atPath: kept) {
                selection.add(.init(key: test.key, profile: kept, tests: count ?? 0))
            }
        }
        let before = plan.skipped.reduce(0) { $0 + $1.record.tests }
        if let failure = NothingMeasured.tests(
            ran: counted || !plan.skipped.isEmpty ? ran + before : nil, hint: NothingMeasured.swiftPMTestHint)
        {
            NothingMeasured.report(failure, title: name, inStep: false, context: context)
            var failed = StepOutcome(name: name, status: .failed, seconds: seconds, figure: failure.figure)
            failed.selection = selection
            return failed
        }
        var figure = "\(ran) test\(ran == 1 ? "" : "s") passed"
        if !plan.skipped.isEmpty {
            figure +=
                " in \(plan.run.count) of \(plan.run.count + plan.skipped.count) test targets "
                + "(\(plan.skipped.count) unaffected, \(before) tests passed at this content before)"
        }
        var passed = StepOutcome(name: name, status: .passed, seconds: seconds, figure: figure)
        passed.testsRun = ran
        passed.selection = selection
        return passed
    }

    /// `swift test --skip-build --enable-code-coverage --filter '^Module\.'`; SwiftPM merges the
    /// run's profiles into `codecov/default.profdata`, which is kept as `kept`.
    private func runThroughSwiftPM(
        _ test: TestSelectionPlan.Target, binPath: String, keeping kept: String, in context: StepContext
    ) async throws -> StepOutcome {
        let argv = Self.argv(context) + ["--filter", "^\(test.module)\\."]
        let tally = Locked(TestCount.Tally())
        var outcome = try await context.command(
            "\(name) \(test.name)", argv, watching: { line in tally.withLock { $0.add(line) } }
        ) { _, _ in TestCount.figure(tally.current.count) }
        outcome.testsRun = tally.current.count
        if outcome.status == .passed {
            try? FileManager.default.copyItem(atPath: binPath + "/codecov/default.profdata", toPath: kept)
        }
        return outcome
    }

    /// The test executable itself, once per testing library, each run writing its own profile into
    /// the folder `profiles`; the profiles merged into `kept`.
    private func runDirectly(
        _ test: TestSelectionPlan.Target, _ executable: TestExecutable, keeping kept: String,
        profiles folder: String, in context: StepContext
    ) async throws -> StepOutcome {
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let variables = executable.variables(profileFolder: folder, environment: context.runEnvironment)
        var seconds = 0.0
        var count: Int?
        for run in executable.runs(module: test.module) {
            let tally = Locked(TestCount.Tally())
            let outcome = try await context.command(
                "\(name) \(test.name) (\(run.library))", run.argv, variables: variables,
                alsoPassing: [.exited(TestExecutable.noTestsFound)],
                watching: { line in tally.withLock { $0.add(line) } }
            ) { _, _ in TestCount.figure(tally.current.count) }
            seconds += outcome.seconds
            if outcome.status == .failed {
                return StepOutcome(name: name, status: .failed, seconds: seconds, figure: outcome.figure)
            }
            if let ran = tally.current.count { count = (count ?? 0) + ran }
        }
        let profiles = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".profraw") }.sorted().map { folder + "/" + $0 }
        if !profiles.isEmpty {
            _ = try await CoverageStep.merge(profiles, into: kept, in: context)
        }
        var passed = StepOutcome(name: name, status: .passed, seconds: seconds, figure: TestCount.figure(count))
        passed.testsRun = count
        return passed
    }
}

/// How many tests ran, read from XCTest's and Swift Testing's closing lines.
enum TestCount {
    /// The figure: `5 tests passed`, or `passed` when no line said how many ran.
    static func figure(_ lines: [String]) -> String {
        figure(count(lines))
    }

    static func figure(_ count: Int?) -> String {
        guard let count else { return "passed (no test count printed)" }
        return "\(count) test\(count == 1 ? "" : "s") passed"
    }

    /// The number of tests the lines say ran; `nil` when no line says (then nothing is known).
    static func count(_ lines: [String]) -> Int? {
        var tally = Tally()
        for line in lines { tally.add(line) }
        return tally.count
    }

    /// The count read line by line, as a step's output streams past (a test run may print more
    /// than is kept of it).
    ///
    /// - Swift Testing: `✔ Test run with 5 tests in 2 suites passed after …` (one per run).
    /// - XCTest: `Executed 12 tests, with 0 failures …`, once per suite, the largest being the
    ///   grand total; with `--parallel`, which prints no such line, `[3/12] Testing Module.Class/test`.
    struct Tally: Sendable {
        private var swiftTesting: Int?
        private var executed: Int?
        private var parallel: Int?

        /// The number of tests the lines so far say ran; `nil` when none said.
        var count: Int? {
            let xctest = executed ?? parallel
            if swiftTesting == nil, xctest == nil { return nil }
            return (swiftTesting ?? 0) + (xctest ?? 0)
        }

        mutating func add(_ line: String) {
            if let count = TestCount.number(after: "Test run with ", in: line) {
                swiftTesting = (swiftTesting ?? 0) + count
            }
            if line.hasPrefix("\t Executed ") || line.hasPrefix("Executed "),
                let count = TestCount.number(after: "Executed ", in: line)
            {
                executed = max(executed ?? 0, count)
            }
            if line.hasPrefix("["), let slash = line.firstIndex(of: "/"), let close = line.firstIndex(of: "]"),
                slash < close, line[close...].hasPrefix("] Testing "),
                let count = Int(line[line.index(after: slash)..<close])
            {
                parallel = max(parallel ?? 0, count)
            }
        }
    }

    fileprivate static func number(after prefix: String, in line: String) -> Int? {
        guard let range = line.range(of: prefix) else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
}
