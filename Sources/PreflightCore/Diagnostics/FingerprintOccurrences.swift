/// Which occurrence of its fingerprint text a finding is in its file (1 for the first): the part
/// of a stable fingerprint that tells identical findings in one file apart without naming their
/// lines, so an unrelated edit above them changes none of them (SARIF's `partialFingerprints`,
/// Code Climate's `fingerprint`). Findings are counted in report order.
struct FingerprintOccurrences {
    /// Per file, how many findings of each fingerprint text came so far.
    private var counts: [String: [String: Int]] = [:]

    /// Counts `diagnostic` and returns its occurrence.
    mutating func next(_ diagnostic: Diagnostic) -> Int {
        let occurrence = (counts[diagnostic.location.path]?[diagnostic.fingerprint] ?? 0) + 1
        counts[diagnostic.location.path, default: [:]][diagnostic.fingerprint] = occurrence
        return occurrence
    }
}
