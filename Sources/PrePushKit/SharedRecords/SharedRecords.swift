import Foundation
import PreflightCore

/// The shared records a check may use (``SharedRecord``, read from `refs/notes/preflight`): those
/// whose signature verifies for a principal of the team's allowed-signers file, as the remote
/// already has it. Read locally, never from the network: `prepush install` makes `git fetch` bring
/// the notes.
///
/// Trust: the allowed-signers file comes from the ``TrustAnchor``, a ref the pusher does not write
/// in this push (the remote's default branch as this clone last fetched it), never from the pushed
/// commits nor from a commit because the remote has it. A
/// record is used only when its signature verifies in prepush's namespace for a listed principal
/// and it is attached to the tree it names; a unit is skipped only when its key (content and
/// ``SettingsIdentity``) is one the record lists.
struct SharedRecords: Sendable {
    /// Verified-tree keys of trusted records → who signed them.
    var verified: [String: String] = [:]
    /// Test-target passes of trusted records, by key (the profile is a blob of the notes ref).
    var tests: [String: TestRecords.Record] = [:]
    /// One line per record found: where, by whom, and whether and why it is trusted.
    var lines: [String] = []

    /// Adds what `other` found (a second reading, of the records below on the remote).
    mutating func add(_ other: SharedRecords) {
        verified.merge(other.verified) { first, _ in first }
        tests.merge(other.tests) { first, _ in first }
        lines += other.lines.filter { !lines.contains($0) }
    }

    /// Which remote the bases are on: the one a hook's push goes to, or by hand the current
    /// branch's push remote and upstream.
    enum BaseRemote {
        case pushedTo(String?)
        case byHand
    }

    /// The commits the remote already has that `commits` grow from (``GitRepository/pushBases(of:remote:remoteCommit:)``):
    /// whose trees' records are the test baseline.
    static func bases(
        of commits: [PushedCommit], remote: BaseRemote, in repository: GitRepository
    ) async throws
        -> [String]
    {
        var bases: [String] = []
        for commit in commits {
            let name: String?
            let remoteCommit: String?
            switch remote {
            case .pushedTo(let pushed):
                (name, remoteCommit) = (pushed, commit.remoteBase)
            case .byHand:
                name = try await repository.pushRemote()
                remoteCommit = try? await repository.output(
                    ["rev-parse", "--verify", "--quiet", "@{upstream}^{commit}"])
            }
            for base in try await repository.pushBases(of: commit.commit, remote: name, remoteCommit: remoteCommit)
            where !bases.contains(base) {
                bases.append(base)
            }
        }
        return bases
    }

    /// The most a note may hold: twenty publishers' records of a large repository (hundreds of
    /// test targets) take about a megabyte. A larger note is skipped with one line, unread.
    static let noteSizeLimit = 4 << 20
    /// The entries read from one note (a publisher keeps twenty, the latest first).
    static let entriesPerNote = 20

    /// The records of the notes on `trees` (the pushed commits' trees) and, with `belowOnRemote`, on
    /// the trees of `bases` (the commits the remote has, whose records are the baseline of test
    /// selection), trusted against the allowed-signers file of `anchor`. `identity` is this run's
    /// settings, to say when a trusted record was made with others. `checks` bounds and remembers
    /// the signature checks of one run.
    static func load(
        repository: GitRepository, trees: [String], bases: [String], belowOnRemote: Bool = true,
        anchor: TrustAnchor, checks: SignatureChecks, identity: SettingsIdentity?, environment: [String: String],
        scratch: String
    ) async throws -> SharedRecords {
        var records = SharedRecords()
        let baseTrees =
            bases.isEmpty || !belowOnRemote
            ? []
            : try await repository.output(["rev-parse"] + bases.map { $0 + "^{tree}" }).split(separator: "\n").map(
                String.init)
        var looked: [(tree: String, role: String)] = trees.map { ($0, "pushed") }
        for tree in baseTrees where !looked.contains(where: { $0.tree == tree }) {
            looked.append((tree, "on the remote"))
        }
        let notes = try await repository.blobs(
            looked.map { SharedNotes.ref + ":" + $0.tree }, sizeLimit: Self.noteSizeLimit)
        guard notes.contains(where: { $0 != .missing }) else {
            let scope =
                trees.isEmpty
                ? "below them on the remote"
                : belowOnRemote ? "for the trees checked or below them" : "for the trees checked"
            records.lines.append("no shared record in \(SharedNotes.ref) \(scope) (git fetch brings them)")
            return records
        }
        let signersFile = scratch + "/allowed-signers-\(UUID().uuidString)"
        try Data(anchor.signers).write(to: URL(fileURLWithPath: signersFile))
        defer { try? FileManager.default.removeItem(atPath: signersFile) }
        for ((tree, role), note) in zip(looked, notes) {
            let place = "tree \(tree.prefix(12)) (\(role))"
            let text: [UInt8]
            switch note {
            case .missing: continue
            case .tooLarge(let size):
                records.lines.append(
                    "the note on \(place) is \(size) bytes, over the \(Self.noteSizeLimit) a note may hold: ignored, unread"
                )
                continue
            case .contents(let contents): text = contents
            }
            let (entries, more) = SignedEntry.parse(text, limit: Self.entriesPerNote)
            if more {
                records.lines.append(
                    "the note on \(place) holds more than \(Self.entriesPerNote) entries: the first \(Self.entriesPerNote) are read"
                )
            }
            var seen: Set<SignedEntry> = []
            for entry in entries where seen.insert(entry).inserted {
                let about = "record on \(place)"
                guard let record = SharedRecord.decode(Data(entry.payload.utf8)) else {
                    records.lines.append("\(about): ignored, not a record prepush can read")
                    continue
                }
                let made =
                    record.units.first.map {
                        " made with \(SettingsIdentity.oneLine($0.settings.toolchain)), \($0.settings.platform)"
                    } ?? ""
                guard record.tree == tree else {
                    records.lines.append(
                        "\(about)\(made): ignored, it is the record of another tree (\(record.tree.prefix(12)))")
                    continue
                }
                switch await checks.verify(entry, signers: signersFile, scratch: scratch, environment: environment) {
                case .untrusted(let why):
                    records.lines.append("\(about)\(made): ignored, \(why)")
                case .trusted(let signer):
                    for unit in record.units { records.verified[unit.key] = signer }
                    for pass in record.tests where records.tests[pass.key] == nil {
                        records.tests[pass.key] = TestRecords.Record(
                            profile: pass.profile, tests: pass.tests, signer: signer)
                    }
                    let differs = identity.flatMap { ours in
                        record.units.lazy.compactMap { ours.difference(from: $0.settings) }.first
                    }
                    records.lines.append(
                        "\(about)\(made): signed by \(signer), trusted"
                            + (differs.map { "; it holds for \($0), so no check here matches it" } ?? ""))
                }
            }
        }
        return records
    }
}
