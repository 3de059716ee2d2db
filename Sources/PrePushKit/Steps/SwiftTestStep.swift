import Foundation
import PreflightCore
import ProcessKit

/// `swift test --skip-build --enable-code-coverage`, with the configured test arguments; its
/// figure is the number of tests that ran.
///
/// With test selection (``StepContext/testSelection``), each test target whose content key has no
/// recorded pass runs on its own (`--filter '^Module\.'`, which selects XCTest and Swift Testing
/// tests alike), its coverage profile kept; the others are skipped as unaffected and their recorded
/// profiles stand in for them in the coverage (``TestSelectionState``).
struct SwiftTestStep: Step {
    let name = "test"

    func run(in context: StepContext) async throws -> StepOutcome {
        if let input = context.testSelection, let plan = try await plan(input, in: context) {
            return try await runSelected(plan, in: context)
        }
        return try await context.command(name, Self.argv(context)) { output, _ in TestCount.figure(output) }
    }

    static func argv(_ context: StepContext) -> [String] {
        ["swift", "test", "--skip-build", "--enable-code-coverage"] + context.swiftOptions
            + context.options.testArguments
    }

    /// The selection, or `nil` (with the line saying why) when every test runs in one go.
    private func plan(_ input: TestSelectionInput, in context: StepContext) async throws -> TestSelectionPlan? {
        func everything(_ why: String) -> TestSelectionPlan? {
            context.output.message("prepush: all tests: \(why)\n")
            return nil
        }
        if let fallback = input.fallback { return everything(fallback) }
        if context.options.testArguments.contains(where: {
            $0 == "--filter" || $0 == "--skip" || $0.hasPrefix("--filter=") || $0.hasPrefix("--skip=")
        }) {
            return everything("the test arguments choose the tests (--filter, --skip)")
        }
        let listing = try await TreeListing.read(input.tree, in: input.repository)
        let prefix = input.unitPath.isEmpty ? "" : input.unitPath + "/"
        let manifests = ManifestDependencies.manifests(of: input.unitPath, in: listing)
            .map { "\($0.name) \($0.object)" }.joined(separator: "\n")
        let graph: PackageGraph
        do {
            graph = try await PackageDescriber(gitDirectory: input.gitDirectory).graph(
                of: context.packageRoot, manifests: manifests + "\n" + input.settings,
                swiftOptions: context.swiftOptions, environment: context.environment)
        } catch let error as ProcessError {
            if case .interrupted = error { throw error }
            return everything("swift package describe failed (\(error.localizedDescription))")
        } catch {
            return everything("swift package describe printed no package description")
        }
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
        context.testState.select(
            profiles: plan.skipped.map(\.record.profile), shared: content.shared, unit: context.packageRoot)
        return plan
    }

    /// Runs each selected test target on its own, keeping its profile; the first failure ends the
    /// step. Where the tests are a plain executable and no test arguments are configured, the
    /// executable runs directly (``TestExecutable``); elsewhere each target is a `swift test --filter`.
    private func runSelected(_ plan: TestSelectionPlan, in context: StepContext) async throws -> StepOutcome {
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
                return StepOutcome(
                    name: name, status: .failed, seconds: seconds, figure: "\(test.name): \(outcome.figure)")
            }
            let count = Int(outcome.figure.prefix { $0.isNumber }) ?? 0
            ran += count
            if FileManager.default.fileExists(atPath: kept) {
                context.testState.add(profile: kept)
                context.testState.stage(.init(key: test.key, profile: kept, tests: count))
            }
        }
        let before = plan.skipped.reduce(0) { $0 + $1.record.tests }
        var figure = "\(ran) test\(ran == 1 ? "" : "s") passed"
        if !plan.skipped.isEmpty {
            figure +=
                " in \(plan.run.count) of \(plan.run.count + plan.skipped.count) test targets "
                + "(\(plan.skipped.count) unaffected, \(before) tests passed at this content before)"
        }
        return StepOutcome(name: name, status: .passed, seconds: seconds, figure: figure)
    }

    /// `swift test --skip-build --enable-code-coverage --filter '^Module\.'`; SwiftPM merges the
    /// run's profiles into `codecov/default.profdata`, which is kept as `kept`.
    private func runThroughSwiftPM(
        _ test: TestSelectionPlan.Target, binPath: String, keeping kept: String, in context: StepContext
    ) async throws -> StepOutcome {
        let argv = Self.argv(context) + ["--filter", "^\(test.module)\\."]
        let outcome = try await context.command("\(name) \(test.name)", argv) { output, _ in
            TestCount.figure(output)
        }
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
        var count = 0
        for run in executable.runs(module: test.module) {
            let outcome = try await context.command(
                "\(name) \(test.name) (\(run.library))", run.argv, variables: variables,
                alsoPassing: [.exited(TestExecutable.noTestsFound)]
            ) { output, errors in TestCount.figure(output + errors) }
            seconds += outcome.seconds
            if outcome.status == .failed {
                return StepOutcome(name: name, status: .failed, seconds: seconds, figure: outcome.figure)
            }
            count += Int(outcome.figure.prefix { $0.isNumber }) ?? 0
        }
        let profiles = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".profraw") }.sorted().map { folder + "/" + $0 }
        if !profiles.isEmpty {
            _ = try await CoverageStep.merge(profiles, into: kept, in: context)
        }
        return StepOutcome(
            name: name, status: .passed, seconds: seconds, figure: "\(count) test\(count == 1 ? "" : "s") passed")
    }
}

/// How many tests ran, read from XCTest's and Swift Testing's closing lines.
enum TestCount {
    static func figure(_ lines: [String]) -> String {
        var total = 0
        for line in lines {
            // XCTest: "Executed 12 tests, with 0 failures (0 unexpected) in 0.01 (0.01) seconds" (the
            // last one is the grand total); Swift Testing: "✔ Test run with 5 tests in 2 suites passed…".
            if let count = number(after: "Test run with ", in: line) { total += count }
        }
        let xctest = lines.last { $0.hasPrefix("\t Executed ") || $0.hasPrefix("Executed ") }
        if let xctest, let count = number(after: "Executed ", in: xctest) { total += count }
        return "\(total) test\(total == 1 ? "" : "s") passed"
    }

    private static func number(after prefix: String, in line: String) -> Int? {
        guard let range = line.range(of: prefix) else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
}
