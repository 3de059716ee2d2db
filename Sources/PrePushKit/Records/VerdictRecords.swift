/// What a verdict records, as a value: the cache keys of the units that passed exactly, and the
/// test targets' passes of checks of a commit's exact content. ``write(cache:testRecords:)`` is the
/// verdict's only effect on disk.
struct VerdictRecords: Sendable, Equatable {
    /// The shared part of a unit's content at this run, to say next time what changed.
    struct SharedPart: Sendable, Equatable {
        var unit: String
        var parts: [String: String]
    }

    /// The cache keys of the units that passed on exactly the content checked.
    var verified: [String] = []
    /// The test targets that passed, with their profiles (``TestRecords``).
    var testPasses: [TestSelectionResult.Pending] = []
    var shared: [SharedPart] = []

    init() {}

    /// Each unit that passed exactly is recorded, even when another unit failed; so is each test
    /// target that passed in a check of a commit's exact content (not of the disk as it is). A void
    /// check records nothing.
    init(_ results: [CheckRun.Result]) {
        for result in results where result.changedMeanwhile.isEmpty {
            // A pass that needed a retry (a flaky test) is never recorded: the next push checks again.
            for unit in result.units where Self.recordsPass(unit) {
                if let key = unit.cacheKey { verified.append(key) }
            }
            guard result.check.place != .onDisk else { continue }
            for selection in result.units.compactMap(\.tests) {
                testPasses += selection.pending.map { pass in
                    var pass = pass
                    pass.root = selection.root
                    return pass
                }
                shared.append(SharedPart(unit: selection.unit, parts: selection.shared))
            }
        }
    }

    /// Whether a unit's pass is recorded as verified (with its key): it passed, with no flaky test,
    /// and its pass does not depend on the base the added lines were measured against.
    static func recordsPass(_ unit: CheckRun.UnitResult) -> Bool {
        unit.passed && !unit.outcomes.contains(where: { $0.dependsOnBase || !$0.flakyTests.isEmpty })
    }

    /// Writes the records: the keys into the verification cache, the passes into the test records.
    func write(cache: VerificationCache, testRecords: TestRecords) {
        for key in verified { cache.record(key) }
        for pass in testPasses {
            testRecords.record(
                pass.key, profile: pass.profile, tests: pass.tests, root: pass.root.isEmpty ? nil : pass.root)
        }
        for part in shared { testRecords.saveShared(part.parts, unit: part.unit) }
    }
}
