import Foundation
import PreflightCore

/// Reads the shared records a push's plan may use (``SharedRecords``), with what every reading
/// shares worked out once: the push's bases on the remote, where the allowed-signers file is read,
/// and this run's settings identity, to say when a record holds for other settings.
struct SharedRecordReader: Sendable {
    let repository: GitRepository
    let bases: [String]
    let signersPath: String
    let identity: SettingsIdentity?
    let environment: [String: String]
    /// Prepush's folder under the git directory, for the files ssh-keygen reads.
    let scratch: String

    init(
        _ push: DecidedPush, signersPath: String, identity: SettingsIdentity?, environment: [String: String]
    ) async throws {
        repository = push.repository
        bases = try await SharedRecords.bases(
            of: push.commits, remote: push.isHook ? .pushedTo(push.request?.remoteName) : .byHand, in: repository)
        self.signersPath = signersPath
        self.identity = identity
        self.environment = environment
        scratch = push.place.gitDirectory + "/preflight"
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }

    /// The records on `trees`, and with `belowOnRemote` those on the bases' trees.
    func load(trees: [String], belowOnRemote: Bool) async throws -> SharedRecords {
        try await SharedRecords.load(
            repository: repository, trees: trees, bases: bases, belowOnRemote: belowOnRemote,
            signersPath: signersPath, identity: identity, environment: environment, scratch: scratch)
    }
}
