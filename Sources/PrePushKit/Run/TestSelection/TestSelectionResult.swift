/// What a unit's test step selected, handed on as a value: to the coverage step (the profiles the
/// coverage is merged from) and to the verdict (the passes to record once the check proves exact).
struct TestSelectionResult: Sendable, Equatable {
    /// A test target's pass, recorded only when the check was of a commit's exact content.
    struct Pending: Sendable, Equatable {
        var key: String
        var profile: String
        var tests: Int
        /// The root of the check that made the profile.
        var root = ""
        /// The test target's name.
        var target = ""
    }

    /// The coverage profiles to merge: the recorded ones of the targets skipped, then the fresh
    /// ones of those that ran.
    var profiles: [String]
    /// The passes of the targets that ran, to record.
    var pending: [Pending] = []
    /// The recorded passes of the targets skipped, their profiles usable at ``root`` (a shared
    /// record publishes them again with the fresh ones: every target of the unit).
    var reused: [Pending] = []
    /// The root of the check (the work tree's or prepush's worktree): what the profiles' private
    /// function names start with (``PortableProfile``).
    var root: String = ""
    /// The unit's folder and the shared part of its content (what every test target's key
    /// includes), saved to say next time what changed.
    var unit: String
    var shared: [String: String]

    /// A test target that ran and passed, its profile kept.
    mutating func add(_ pass: Pending) {
        profiles.append(pass.profile)
        pending.append(pass)
    }
}
