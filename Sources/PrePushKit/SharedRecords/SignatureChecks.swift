import Foundation

/// The signature checks of one run: each distinct signed entry is checked once (a note of a
/// thousand copies of one entry costs one `ssh-keygen`), and at most ``limit`` are made in all, so
/// that no note can make a push wait on signature checks.
actor SignatureChecks {
    /// The most `ssh-keygen` checks a run makes (each takes a few milliseconds).
    static let limit = 16

    private var answers: [SignedEntry: RecordSignature.Verification] = [:]
    private var made = 0

    /// Whether `entry` verifies against the allowed signers in the file `signers` (the answer for
    /// the same entry again: the first one).
    func verify(
        _ entry: SignedEntry, signers: String, scratch: String, environment: [String: String]
    ) async -> RecordSignature.Verification {
        if let known = answers[entry] { return known }
        guard entry.signature != nil else { return .untrusted("it is not signed") }
        guard made < Self.limit else {
            return .untrusted("not checked: a run checks \(Self.limit) signatures at most")
        }
        made += 1
        let answer = await RecordSignature.verify(entry, signers: signers, scratch: scratch, environment: environment)
        answers[entry] = answer
        return answer
    }
}
