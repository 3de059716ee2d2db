/// Which test targets a check runs: those with no recorded pass at their content key, the others
/// skipped as unaffected. Pure; ``TestSelectionPlan/make(tests:content:recorded:lastShared:)``
/// also says, in one line, why when every test target runs.
struct TestSelectionPlan: Sendable, Equatable {
    /// A test target to run: its module name (c99), its name and its content key.
    typealias Target = (module: String, name: String, key: String)

    /// Module names (c99) of the test targets to run, with their keys.
    var run: [Target]
    /// Test targets skipped, with their key and recorded pass.
    var skipped: [(name: String, key: String, record: TestRecords.Record)]
    /// The line said before running.
    var line: String

    static func == (lhs: TestSelectionPlan, rhs: TestSelectionPlan) -> Bool {
        lhs.run.map(\.name) == rhs.run.map(\.name) && lhs.run.map(\.key) == rhs.run.map(\.key)
            && lhs.skipped.map(\.name) == rhs.skipped.map(\.name) && lhs.line == rhs.line
    }

    static func make(
        tests: [PackageGraph.Target], content: TestTargetContent, recorded: (String) -> TestRecords.Record?,
        lastShared: [String: String]?
    ) -> TestSelectionPlan {
        var run: [Target] = []
        var skipped: [(name: String, key: String, record: TestRecords.Record)] = []
        for test in tests {
            let key = content.keys[test.name] ?? ""
            if let record = recorded(key) {
                skipped.append((test.name, key, record))
            } else {
                run.append((test.moduleName, test.name, key))
            }
        }
        let line: String
        if skipped.isEmpty {
            line = everyTargetRuns(
                run.map(\.name), sharedChange: lastShared.flatMap { content.sharedChange(since: $0) },
                hasBaseline: lastShared != nil, of: "package")
        } else if run.isEmpty {
            line = "no test target is affected; \(list(skipped.map(\.name))) passed at this content before"
        } else {
            line =
                "running \(list(run.map(\.name))) (affected by the change); skipping \(list(skipped.map(\.name))) "
                + "(unaffected: passed at this content before)"
        }
        return TestSelectionPlan(run: run, skipped: skipped, line: line)
    }

    static func list(_ names: [String]) -> String { CheckPlan.listPaths(names, limit: 6) }

    /// The line of a selection that runs every test target (`run`): why — what changed since the
    /// last recorded run (`sharedChange`), the code of each, or no baseline for this `kind` yet.
    static func everyTargetRuns(_ run: [String], sharedChange: String?, hasBaseline: Bool, of kind: String) -> String {
        let why =
            hasBaseline
            ? sharedChange ?? (run.count == 1 ? "its code changed" : "the code of every one changed")
            : "no cached baseline for this \(kind) yet"
        return run.count == 1
            ? "the one test target, \(run[0]), runs: \(why)"
            : "all \(run.count) test targets run, each on its own: \(why)"
    }
}
