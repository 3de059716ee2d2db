import ErrorLintSettings

/// The member names errorlint cares about, and the misspellings of them it reports.
enum MemberNames {
    /// `localizedDescription`: Foundation computes it from `errorDescription`; writing it on a type
    /// that is only `Error` does nothing for the user.
    static let localizedDescription = "localizedDescription"

    /// A name of a `LocalizedError` member, `localizedDescription`, or a near miss of one.
    static func isOfInterest(_ name: String) -> Bool {
        name == localizedDescription || ErrorMember(rawValue: name) != nil || misspelledMember(name) != nil
    }

    /// The member `name` looks like a misspelling of (`errorDescripton`, `failureReasons`,
    /// `recoverSuggestion`, `ErrorDescription`): at most two edits away, or equal ignoring case.
    static func misspelledMember(_ name: String) -> ErrorMember? {
        guard ErrorMember(rawValue: name) == nil, name != localizedDescription else { return nil }
        let lowered = Array(name.lowercased().utf8)
        for member in ErrorMember.allCases {
            let target = Array(member.rawValue.lowercased().utf8)
            guard abs(lowered.count - target.count) <= 2 else { continue }
            if editDistance(lowered, target, limit: 2) <= 2 { return member }
        }
        return nil
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it exceeds `limit`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
