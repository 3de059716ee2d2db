import Foundation
import PreflightCore

/// `--publish-verification REMOTE`: after a run that passed, the units it checked exactly and
/// their test targets' passes become one signed record per tree (``SharedRecord``), added to the
/// tree's note in `refs/notes/preflight` and pushed to `REMOTE` (``SharedNotes``). Nothing is
/// published from a run that failed, from a check of the disk as it is, or for a unit whose pass
/// is not recorded here either (a flaky test, a skipped step, a build that could not run).
struct VerificationPublisher {
    let repository: GitRepository
    let remote: String
    /// The SSH private key that signs.
    let signingKey: String
    let output: RunOutput
    let environment: [String: String]
    /// A folder for the publisher's files.
    let scratch: String
    /// This machine's test records, where the verdict moved the fresh profiles.
    let testRecords: TestRecords

    /// Refuses, before any step runs, to publish a check of a commit that is not on the trust
    /// anchor of `remote` (``TrustAnchor/reference(repository:remote:)``: the default branch as
    /// fetched): the job that checks it runs that commit's code beside the signing key, so only
    /// reviewed code is signed.
    static func requireReviewed(_ commits: [PushedCommit], remote: String, repository: GitRepository) async throws {
        let anchor: (ref: String, commit: String)
        switch try await TrustAnchor.reference(repository: repository, remote: remote) {
        case .failure(let refusal):
            throw PrePushError.publishUnreviewed(commit: commits.first?.commit ?? "HEAD", why: refusal.why)
        case .success(let found): anchor = found
        }
        for commit in commits
        where !(try await repository.succeeds(["merge-base", "--is-ancestor", commit.commit, anchor.commit])) {
            throw PrePushError.publishUnreviewed(
                commit: commit.commit, why: "it is not on \(anchor.ref) (\(anchor.commit.prefix(12)))")
        }
    }

    /// The records of `results`, by tree, with the portable profiles they name (written as blobs);
    /// `nil` when nothing was checked exactly.
    func publish(_ results: [CheckRun.Result]) async throws {
        var entries: [String: SignedEntry] = [:]
        var profiles: Set<String> = []
        let notes = SharedNotes(repository: repository, scratch: scratch)
        var described: [String] = []
        for result in results where result.passed && result.check.place != .onDisk {
            var record = SharedRecord(
                tree: result.check.tree, commit: result.check.commit,
                recorded: ISO8601DateFormatter().string(from: Date()), units: [], tests: [])
            for unit in result.units where VerdictRecords.recordsPass(unit) {
                guard let key = unit.cacheKey, let settings = unit.settings else { continue }
                record.units.append(SharedRecord.Unit(path: unit.unit.unit.path, key: key, settings: settings))
                guard let selection = unit.tests else { continue }
                let tool = try await ToolchainTool.locate(
                    "llvm-profdata", environment: environment, directory: selection.unit)
                for pass in selection.reused + selection.pending {
                    // A fresh profile was moved into this machine's records by the verdict.
                    let recorded = testRecords.lookup(pass.key)
                    let profile =
                        FileManager.default.fileExists(atPath: pass.profile) ? pass.profile : recorded?.profile
                    // An Xcode test target's coverage (a folder of xccov's JSON) is kept on this machine only.
                    guard let profile, !XcodeRecordedCoverage.isFolder(profile) else { continue }
                    let text = try await PortableProfile.text(
                        ofProfile: profile, root: selection.root,
                        llvmProfdata: tool, scratch: scratch)
                    let blob = try await notes.write([text])[0]
                    profiles.insert(blob)
                    record.tests.append(
                        SharedRecord.TestPass(
                            unit: unit.unit.unit.path, target: pass.target, key: pass.key, tests: pass.tests,
                            profile: blob))
                }
            }
            guard !record.units.isEmpty else { continue }
            let payload = String(decoding: try record.payload(), as: UTF8.self)
            let signature = try await RecordSignature.sign(payload, key: signingKey, environment: environment)
            entries[record.tree] = SignedEntry(payload: payload, signature: signature)
            described.append(
                "tree \(record.tree.prefix(12)): \(record.units.count) unit\(record.units.count == 1 ? "" : "s"), "
                    + "\(record.tests.count) test target pass\(record.tests.count == 1 ? "" : "es")")
        }
        guard !entries.isEmpty else {
            output.message("prepush: nothing to publish: no unit was checked exactly and recorded as verified\n")
            return
        }
        try await notes.publish(entries, profiles: profiles.sorted(), to: remote, author: "prepush@preflight.invalid")
        output.message(
            "prepush: published the verification of \(described.joined(separator: "; ")) to \(remote) "
                + "(\(SharedNotes.ref))\n")
    }
}
