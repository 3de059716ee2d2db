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
    /// The longest payload line read (a record of hundreds of test targets is about 100 KB); a
    /// longer line is no entry.
    static let payloadLimit = 512 << 10

    /// The first `limit` entries of a note, in order, and whether the note holds more. A payload
    /// line is one that starts with `{`; the signature armour after it, if any, is its signature
    /// (an armour of more than ``armourLineLimit`` lines, or one never ended, is none). One pass
    /// over the bytes, split at line feeds: only payload and armour lines are decoded, and the pass
    /// stops once the last entry wanted has had its chance of a signature.
    static func parse(_ note: [UInt8], limit: Int = .max) -> (entries: [SignedEntry], more: Bool) {
        let beginBytes = Array(begin.utf8)
        let endBytes = Array(end.utf8)
        var entries: [SignedEntry] = []
        var armour: [ArraySlice<UInt8>] = []
        var inArmour = false
        var start = note.startIndex
        while start < note.endIndex {
            let stop = note[start...].firstIndex(of: 0x0A) ?? note.endIndex
            let line = note[start..<stop]
            start = stop + 1
            if line.isEmpty { continue }
            if inArmour {
                if line.elementsEqual(endBytes) {
                    armour.append(line)
                    if !entries.isEmpty, entries[entries.count - 1].signature == nil {
                        entries[entries.count - 1].signature =
                            armour.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "\n"
                    }
                    inArmour = false
                } else if armour.count < armourLineLimit {
                    armour.append(line)
                } else {
                    // Too long to be a signature: dropped, and the lines after it read afresh.
                    inArmour = false
                }
            } else if line.elementsEqual(beginBytes) {
                armour = [line]
                inArmour = true
            } else if line.first == UInt8(ascii: "{"), line.count <= payloadLimit {
                if entries.count == limit { return (entries, true) }
                entries.append(SignedEntry(payload: String(decoding: line, as: UTF8.self), signature: nil))
            }
        }
        return (entries, false)
    }

    /// ``parse(_:limit:)`` of a note's text.
    static func parse(_ note: String, limit: Int = .max) -> (entries: [SignedEntry], more: Bool) {
        parse(Array(note.utf8), limit: limit)
    }

    /// The note holding `entries`, each payload followed by its signature.
    static func note(_ entries: [SignedEntry]) -> String {
        entries.map { $0.payload + "\n" + ($0.signature ?? "") }.joined()
    }
}
