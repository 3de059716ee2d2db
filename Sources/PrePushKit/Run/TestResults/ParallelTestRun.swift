import Foundation

/// A `swift test --parallel` run's per-test results. SwiftPM runs each XCTest test in a process of
/// its own and prints only `[3/12] Testing Module.Class/test` and the lines of the tests that
/// failed, so XCTest's console (``XCTestConsoleResults``) no longer lists every test. What lists
/// them is SwiftPM's xUnit file (``SwiftPMXUnit``): prepush adds `--xunit-output FILE` (the run's
/// folder; or reads the user's own `--xunit-output`), and `-v`, with which SwiftPM prints every
/// test's lines — the only place a skipped XCTest test is told from a passed one (the xUnit file
/// reads it as passed).
///
/// Each test of the xUnit file is one result, named as the file names it (`Module.Class/test`,
/// what a run of one test target names on every platform); its failures with `file:line`, its skip
/// and its time come from its console lines. Swift Testing's tests run as without `--parallel`,
/// in one process writing the event stream, and only from there (SwiftPM's second xUnit file,
/// `…-swift-testing.xml`, holds them again and is not read).
struct ParallelTestRun: Sendable {
    /// The xUnit file the run writes.
    let xunitPath: String
    /// What prepush adds to `swift test`'s arguments.
    let arguments: [String]

    /// `nil` when `testArguments` do not run the tests in parallel (the last of `--parallel` and
    /// `--no-parallel` decides). `ownPath` is where prepush has the xUnit file written unless the
    /// arguments name one (`--xunit-output FILE`, relative to `packageRoot`).
    init?(testArguments: [String], packageRoot: String, ownPath: String) {
        guard testArguments.last(where: { $0 == "--parallel" || $0 == "--no-parallel" }) == "--parallel" else {
            return nil
        }
        var arguments: [String] = []
        // With -v SwiftPM prints each test's lines, the passed and skipped ones too.
        let verbosity: Set = ["-v", "--verbose", "--very-verbose", "--vv", "-q", "--quiet"]
        if !testArguments.contains(where: verbosity.contains) { arguments.append("-v") }
        if let given = Self.givenXUnitPath(testArguments) {
            xunitPath = given.hasPrefix("/") ? given : packageRoot + "/" + given
        } else {
            xunitPath = ownPath
            arguments += ["--xunit-output", ownPath]
        }
        self.arguments = arguments
    }

    /// The path of `--xunit-output FILE` (or `--xunit-output=FILE`) among `arguments`, the last one.
    static func givenXUnitPath(_ arguments: [String]) -> String? {
        var path: String?
        for (index, argument) in arguments.enumerated() {
            if argument == "--xunit-output", index + 1 < arguments.count {
                path = arguments[index + 1]
            } else if argument.hasPrefix("--xunit-output=") {
                path = String(argument.dropFirst("--xunit-output=".count))
            }
        }
        return path
    }

    /// The XCTest results of the run: each test of the xUnit file, with what its console lines
    /// (`console`, the tests read there, a crashed one included) say of it; by class and name (the
    /// file lists them as their processes ended, in a different order each run).
    static func merge(_ xunit: [SwiftPMXUnit.Case], console: [TestCaseResult]) -> [TestCaseResult] {
        var unused = console
        let ordered = xunit.sorted { ($0.suite, $0.name) < ($1.suite, $1.name) }
        return ordered.map { test in
            // XCTest on Linux prints the class without its module (`ClassicTests.testAdds`).
            let match = unused.firstIndex {
                $0.name == test.name && ($0.suite == test.suite || test.suite.hasSuffix("." + $0.suite))
            }
            let printed = match.map { unused.remove(at: $0) }
            let failed = test.failed || printed?.status == .failed
            let skipped = !failed && (test.skipped || printed?.status == .skipped)
            var result = TestCaseResult(
                suite: test.suite, name: test.name, status: failed ? .failed : skipped ? .skipped : .passed,
                seconds: printed?.seconds ?? test.seconds)
            if failed {
                result.failures =
                    printed.map(\.failures).flatMap { $0.isEmpty ? nil : $0 }
                    ?? [TestIssue(message: test.message ?? "failed (no lines of it were printed)")]
            }
            result.skipMessage = skipped ? printed?.skipMessage : nil
            result.filterName = result.identifier
            return result
        }
    }
}
