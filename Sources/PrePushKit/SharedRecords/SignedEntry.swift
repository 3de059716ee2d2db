import Foundation

/// One entry of a shared note: a payload (one line of JSON, ``SharedRecord``) and its SSH
/// signature (`ssh-keygen -Y sign` armour), or none. A note holds one entry per check that
/// published for the tree (a Linux and a macOS job, say), one after another.
struct SignedEntry: Sendable, Hashable {
    var payload: String
    var signature: String?

    static let begin = "-----BEGIN SSH SIGNATURE-----"
    static let end = "-----END SSH SIGNATURE-----"

    /// The entries of a note, in order. A payload line is one that starts with `{`; the signature
    /// armour after it, if any, is its signature.
    static func parse(_ note: String) -> [SignedEntry] {
        var entries: [SignedEntry] = []
        var armour: [Substring]?
        for line in note.split(separator: "\n", omittingEmptySubsequences: true) {
            if var lines = armour {
                lines.append(line)
                if line == end {
                    if !entries.isEmpty { entries[entries.count - 1].signature = lines.joined(separator: "\n") + "\n" }
                    armour = nil
                } else {
                    armour = lines
                }
            } else if line == begin {
                armour = [line]
            } else if line.hasPrefix("{") {
                entries.append(SignedEntry(payload: String(line), signature: nil))
            }
        }
        return entries
    }

    /// The note holding `entries`, each payload followed by its signature.
    static func note(_ entries: [SignedEntry]) -> String {
        entries.map { $0.payload + "\n" + ($0.signature ?? "") }.joined()
    }
}
