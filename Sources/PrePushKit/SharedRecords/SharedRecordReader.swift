import Foundation
import PreflightCore

/// Reads the shared records a push's plan may use (``SharedRecords``), with what every reading
/// shares worked out once: the push's bases on the remote, the ``TrustAnchor`` that gives the
/// allowed-signers file, the signature checks made so far, and this run's settings identity, to
/// say when a record holds for other settings.
struct SharedRecordReader: Sendable {
    let repository: GitRepository
    let bases: [String]
    let anchor: TrustAnchor.Resolution
    let identity: SettingsIdentity?
    let environment: [String: String]
    /// Prepush's folder under the git directory, for the files ssh-keygen reads.
    let scratch: String
    private let checks = SignatureChecks()

    /// Without `describing` (a dry run, which says where trust would come from), a clone that has
    /// fetched no notes costs one git call: nothing else is worked out.
    init(
        _ push: DecidedPush, identity: SettingsIdentity?, environment: [String: String], describing: Bool
    )
        async throws
    {
        repository = push.repository
        self.identity = identity
        self.environment = environment
        scratch = push.place.gitDirectory + "/preflight"
        if !describing, !(try await repository.succeeds(["show-ref", "--verify", "--quiet", SharedNotes.ref])) {
            bases = []
            anchor = .none("no shared record has been fetched (\(SharedNotes.ref); git fetch brings it)")
            return
        }
        let remote: SharedRecords.BaseRemote = push.isHook ? .pushedTo(push.request?.remoteName) : .byHand
        bases = try await SharedRecords.bases(of: push.commits, remote: remote, in: repository)
        let remoteName: String? =
            switch remote {
            case .pushedTo(let name): name
            case .byHand: try await repository.pushRemote()
            }
        anchor = try await TrustAnchor.resolve(repository: repository, remote: remoteName)
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }

    /// Whether a run may skip what shared records vouch for: a hook's (and a dry run, which says
    /// what a push would do), never under CI (``ContinuousIntegration``), and any run asked to
    /// (`--trust-shared-records`). A check by hand, or a CI service's that no variable tells, checks
    /// what it is given: a record cannot make it pass a tree it did not check.
    static func isAllowed(flags: PrePushFlags, environment: [String: String], isHook: Bool) -> Bool {
        flags.trustsSharedRecords || ((isHook || flags.dryRun) && !ContinuousIntegration.isRunning(environment))
    }

    /// The line that says why records are not used, when ``isAllowed(flags:environment:isHook:)`` is
    /// false.
    static func notAllowedLine(environment: [String: String]) -> String {
        ContinuousIntegration.isRunning(environment)
            ? "not used under CI: a CI run checks what it is given (--trust-shared-records uses the records)"
            : "not used by a check by hand: a push's hook uses them (--trust-shared-records uses them here)"
    }

    /// The records on `trees`, and with `belowOnRemote` those on the bases' trees; none when there
    /// is no anchor.
    func load(trees: [String], belowOnRemote: Bool) async throws -> SharedRecords {
        guard case .anchored(let anchor) = anchor else { return SharedRecords() }
        return try await SharedRecords.load(
            repository: repository, trees: trees, bases: bases, belowOnRemote: belowOnRemote, anchor: anchor,
            checks: checks, identity: identity, environment: environment, scratch: scratch)
    }

    /// Whether there is an anchor, so records can be trusted.
    var isAnchored: Bool {
        if case .anchored = anchor { return true }
        return false
    }

    /// The line that says where trust comes from, or why nothing is trusted.
    var anchorLine: String {
        switch anchor {
        case .anchored(let anchor): anchor.summary
        case .none(let why): "no record is trusted: " + why
        }
    }
}
