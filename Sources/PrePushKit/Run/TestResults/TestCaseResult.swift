import Foundation

/// One test's result, as the test step read it from the testing library's own record of the run
/// (XCTest's console lines, Swift Testing's event stream, a result bundle): what the test report
/// (`--test-report junit=PATH`) and the flaky-test report are written from.
struct TestCaseResult: Sendable, Equatable {
    enum Status: String, Sendable, Equatable { case passed, failed, skipped }

    /// The test's suite as its library names it: `LibTests.MathTests` (XCTest on Linux prints the
    /// class without its module: `MathTests`), `LibTests.Doubling`, `CartTests`.
    var suite: String
    /// `testPasses`, `passes()`, `param(value:)`.
    var name: String
    var status: Status
    /// How long it ran, when its library said.
    var seconds: Double?
    /// Why it failed (a failed test has at least one).
    var failures: [TestIssue] = []
    /// Why it was skipped, when said.
    var skipMessage: String?
    /// The failures of earlier runs of a test that passed on a retry: a flaky test.
    var flakyFailures: [TestIssue] = []
    /// The name SwiftPM's `--filter` and `--skip` match for this test (`Module.Suite/test()`,
    /// `Class/testName`), when it came from a SwiftPM run.
    var filterName: String?

    /// Passed, but only after failing in an earlier run.
    var isFlaky: Bool { status == .passed && !flakyFailures.isEmpty }

    /// `Suite/name` (the form xcodebuild's `-only-testing` and the reports use).
    var identifier: String { suite.isEmpty ? name : "\(suite)/\(name)" }
}

/// One failure of a test: the message, where it was recorded, and for a parameterized test the
/// arguments it ran with.
struct TestIssue: Sendable, Equatable {
    var message: String
    /// The file, relative to the repository's root where it lies inside it.
    var file: String?
    var line: Int?
    /// The arguments of a parameterized test's case (`2`, `"a", 3`), or `nil`.
    var arguments: String?

    /// `File.swift:42: message`, with the arguments named first when there are any.
    var text: String {
        let location = file.map { file in line.map { "\(file):\($0): " } ?? "\(file): " } ?? ""
        return location + (arguments.map { "(arguments: \($0)) " } ?? "") + message
    }

    /// `path` relative to the repository's root: `root` is the package's folder on disk (as given,
    /// or with its links resolved: the compiler records `/private/var/…` for `/var/…` on macOS) and
    /// `unitPath` the package's folder in the repository. A path outside `root` stays as it is.
    static func repositoryPath(_ path: String, root: String, unitPath: String) -> String {
        let given = root.hasSuffix("/") ? String(root.dropLast()) : root
        for root in [given, URL(fileURLWithPath: given).resolvingSymlinksInPath().path] where path.hasPrefix(root + "/")
        {
            let relative = String(path.dropFirst(root.count + 1))
            return unitPath.isEmpty ? relative : unitPath + "/" + relative
        }
        return path
    }
}
