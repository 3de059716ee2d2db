import Foundation

/// One entry of a shared note: a payload (one line of JSON, ``SharedRecord``) and its SSH
/// signature (`ssh-keygen -Y sign` armour), or none. A note holds one entry per check that
/// published for the tree (a Linux and a macOS job, say), one after another.
struct SignedEntry: Sendable, Hashable {
    var payload: String
    var signature: String?

    static let begin = "-----BEGIN SSH SIGNATURE-----"
    static let end = "-----END SSH SIGNATURE-----"

    /// The most lines a signature's armour may have: an SSH signature's is about six.
    static let armourLineLimit = 64

    /// The first `limit` entries of a note, in order, and whether the note holds more. A payload
    /// line is one that starts with `{`; the signature armour after it, if any, is its signature
    /// (an armour of more than ``armourLineLimit`` lines, or one never ended, is none). One pass
    /// over the lines, stopped after the last entry wanted has had its chance of a signature.
    static func parse(_ note: String, limit: Int = .max) -> (entries: [SignedEntry], more: Bool) {
        var entries: [SignedEntry] = []
        var armour: [Substring] = []
        var inArmour = false
        for line in note.split(separator: "\n", omittingEmptySubsequences: true) {
            if inArmour {
                if line == end {
                    armour.append(line)
                    if !entries.isEmpty, entries[entries.count - 1].signature == nil {
                        entries[entries.count - 1].signature = armour.joined(separator: "\n") + "\n"
                    }
                    inArmour = false
                } else if armour.count < armourLineLimit {
                    armour.append(line)
                } else {
                    // Too long to be a signature: dropped, and the lines after it read afresh.
                    inArmour = false
                }
            } else if line == begin {
                armour = [line]
                inArmour = true
            } else if line.hasPrefix("{") {
                if entries.count == limit { return (entries, true) }
                entries.append(SignedEntry(payload: String(line), signature: nil))
            }
        }
        return (entries, false)
    }

    /// The note holding `entries`, each payload followed by its signature.
    static func note(_ entries: [SignedEntry]) -> String {
        entries.map { $0.payload + "\n" + ($0.signature ?? "") }.joined()
    }
}
