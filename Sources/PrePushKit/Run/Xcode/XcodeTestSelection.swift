/// Which of a scheme's tests xcodebuild runs: a test plan, and test identifiers to run or skip.
///
/// xcodebuild(1) takes `-testPlan NAME` (a plan of the scheme) and `-only-testing:ID` /
/// `-skip-testing:ID`, each repeatable, where an identifier is `Target[/Class[/method]]`. The plan
/// goes to `build-for-testing` too, because that action writes the `.xctestrun` of the plan it
/// builds and `test-without-building` then looks the plan up by name; the identifiers only choose
/// among built tests, so they go to `test-without-building` alone (docs/xcode-tool-outputs.md).
package struct XcodeTestSelection: Sendable, Hashable {
    /// `-testPlan NAME`; the scheme's default plan when `nil`.
    package var testPlan: String?
    /// `-only-testing:ID` for each: only these run.
    package var onlyTesting: [String]
    /// `-skip-testing:ID` for each: these do not run.
    package var skipTesting: [String]

    init(testPlan: String? = nil, onlyTesting: [String] = [], skipTesting: [String] = []) {
        self.testPlan = testPlan
        self.onlyTesting = onlyTesting
        self.skipTesting = skipTesting
    }

    /// For both `build-for-testing` and `test-without-building`.
    var planArguments: [String] {
        testPlan.map { ["-testPlan", $0] } ?? []
    }

    /// For `test-without-building` only.
    var filterArguments: [String] {
        onlyTesting.map { "-only-testing:" + $0 } + skipTesting.map { "-skip-testing:" + $0 }
    }
}
