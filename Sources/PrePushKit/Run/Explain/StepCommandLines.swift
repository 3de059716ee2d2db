import Foundation
import PreflightCore
import ProcessKit

/// The commands a unit's steps would run, for `--dry-run`: each step's argument vector as its
/// `run` builds it, shown as a command line, or what a step prepush does itself does. Nothing runs
/// (the test step's selection is given: ``AffectedTests/select(_:graph:in:)``).
enum StepCommandLines {
    /// `step`'s line in the context of its unit; `selection` is the test targets the test step runs
    /// each on its own (`nil`: every test in one `swift test`).
    static func of(
        _ step: any Step, in context: StepContext, selection: [TestSelectionPlan.Target]?, productsFolder: String
    ) -> UnitExplanation.StepLine {
        let name = step.name
        switch step {
        case is SwiftBuildStep:
            return .init(name: name, commands: [line(SwiftBuildStep.argv(context))])
        case is SwiftTestStep:
            guard let selection else { return .init(name: name, commands: [line(SwiftTestStep.argv(context))]) }
            if selection.isEmpty { return .init(name: name, commands: ["nothing: no test target is affected"]) }
            var commands = selection.map { line(SwiftTestStep.argv(context) + SwiftTestStep.filter(module: $0.module)) }
            if context.options.testArguments.isEmpty {
                commands.append(
                    "(where the tests build as one executable, as on Linux, it runs directly instead: "
                        + "\(productsFolder)/…PackageTests.xctest, XCTest's classes of the target, then "
                        + "--testing-library swift-testing --filter '^Module\\.')")
            }
            return .init(name: name, commands: commands)
        case is CoverageStep:
            var commands: [String] = []
            if let selection {
                commands.append(
                    "llvm-profdata merge -sparse of the profiles of the \(selection.count) run(s) and of the recorded "
                        + "runs of the test targets skipped")
            }
            commands.append(
                "llvm-cov export -summary-only -instr-profile \(productsFolder)/codecov/"
                    + (selection == nil ? "default.profdata" : "(the merged profile)")
                    + " \(productsFolder)/…PackageTests.xctest (the toolchain's own llvm-cov; the coverage "
                    + "table and gates in prepush)")
            return .init(name: name, commands: commands)
        case is TodoScanStep:
            return .init(
                name: name, commands: ["in prepush: todoscan of . (its section of the check's .preflight.json)"])
        case is ErrorLintStep:
            guard let executable = context.errorlintExecutable else {
                return .init(
                    name: name,
                    commands: [
                        context.options.runsErrorlint == true
                            ? "fails: no errorlint beside prepush or on PATH (\"errorlint\": true asks for it)"
                            : "skipped: no errorlint beside prepush or on PATH (scripts/install-hooks.sh --with-errorlint)"
                    ])
            }
            return .init(name: name, commands: [line(ErrorLintStep.argv(executable: executable, in: context))])
        case let command as CommandStep:
            return .init(name: name, commands: [line(command.step.run)])
        case let skipped as SkippedStep:
            return .init(name: name, commands: ["skipped: " + skipped.outcome.figure])
        case let build as XcodeBuildStep:
            return .init(
                name: name, commands: [line(build.plan.buildForTesting(destination: destination(build.plan)))])
        case let test as XcodeTestStep:
            if let selection {
                // Each affected test target on its own (``XcodeSelectedRuns``).
                let retries = XcodeBuildPlan.retryArguments(context.options.retryFailedTests)
                let commands = CheckRun.testCommands(
                    test.plan, runs: selection.map(\.name), destination: destination(test.plan),
                    bundle: XcodeSteps.resultBundle(in: context))
                return .init(
                    name: name,
                    commands: selection.isEmpty || retries.isEmpty
                        ? commands : commands.map { $0 + " " + retries.joined(separator: " ") })
            }
            let argv =
                test.plan.testWithoutBuilding(
                    destination: destination(test.plan), resultBundle: XcodeSteps.resultBundle(in: context))
                + XcodeBuildPlan.retryArguments(context.options.retryFailedTests)
            return .init(name: name, commands: [line(argv)])
        case is XcodeCoverageStep:
            if let selection {
                return .init(
                    name: name,
                    commands: [
                        "xcrun xccov view --report --json and --archive --json of each of the \(selection.count) "
                            + "run(s)' bundles, merged line by line (in prepush) with the recorded runs of the test "
                            + "targets skipped"
                    ])
            }
            return .init(
                name: name,
                commands: [line(XcodeBuildPlan.coverageReport(resultBundle: XcodeSteps.resultBundle(in: context)))])
        default:
            return .init(name: name, commands: [])
        }
    }

    /// The destination a plan names, or how the run picks one (``XcodeDestinationResolver``).
    static func destination(_ plan: XcodeBuildPlan) -> String {
        plan.destination ?? "<inferred when it runs: platform=macOS, or the newest simulator of the scheme's platform>"
    }

    /// An argument vector as a shell would take it.
    static func line(_ argv: [String]) -> String {
        guard let first = argv.first else { return "" }
        return Command(first, Array(argv.dropFirst())).commandLine
    }
}
