import Foundation
import ProcessKit

/// Signing and verifying shared records with SSH keys, as git's own SSH signing does: `ssh-keygen
/// -Y sign` with the key, `ssh-keygen -Y find-principals` and `-Y verify` against an allowed-signers
/// file (the format of `gpg.ssh.allowedSignersFile`: `principal[,principal] [options] key`), in
/// the namespace ``namespace`` so that no signature made for something else (a commit, a file)
/// verifies as a record.
enum RecordSignature {
    static let namespace = "preflight-verification"

    /// What verifying an entry found.
    enum Verification: Sendable, Equatable {
        /// The signature verifies for this principal of the allowed-signers file.
        case trusted(signer: String)
        /// It does not, and why.
        case untrusted(String)
    }

    /// The armoured signature of `payload` made with the private key at `key`.
    static func sign(_ payload: String, key: String, environment: [String: String]) async throws -> String {
        var command = Command(
            "ssh-keygen", ["-q", "-Y", "sign", "-f", key, "-n", namespace], environment: .custom(environment))
        command.standardInput = .bytes(Array(payload.utf8))
        command.standardError = .capture(limit: 1 << 16)
        command.timeout = .seconds(60)
        let result = try await command.run()
        let armour = result.outputText
        guard result.succeeded, armour.contains(SignedEntry.begin) else {
            throw PrePushError.signingFailed(
                key: key, detail: result.errorText.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return armour.hasSuffix("\n") ? armour : armour + "\n"
    }

    /// Whether `entry`'s signature verifies against the allowed signers in the file `signers`,
    /// using the folder `scratch` for the signature file ssh-keygen reads.
    static func verify(
        _ entry: SignedEntry, signers: String, scratch: String, environment: [String: String]
    ) async -> Verification {
        guard let signature = entry.signature else { return .untrusted("it is not signed") }
        let file = scratch + "/signature-\(UUID().uuidString).sig"
        defer { try? FileManager.default.removeItem(atPath: file) }
        do {
            try Data(signature.utf8).write(to: URL(fileURLWithPath: file))
            var find = Command(
                "ssh-keygen", ["-Y", "find-principals", "-s", file, "-f", signers, "-n", namespace],
                environment: .custom(environment))
            find.standardError = .capture(limit: 1 << 16)
            find.timeout = .seconds(30)
            let found = try await find.run()
            guard found.succeeded, let principal = found.outputText.split(separator: "\n").first.map(String.init)
            else { return .untrusted("its signing key is not one of the allowed signers") }
            var verify = Command(
                "ssh-keygen", ["-Y", "verify", "-f", signers, "-I", principal, "-n", namespace, "-s", file],
                environment: .custom(environment))
            verify.standardInput = .bytes(Array(entry.payload.utf8))
            verify.standardError = .capture(limit: 1 << 16)
            verify.timeout = .seconds(30)
            let verified = try await verify.run()
            guard verified.succeeded else {
                return .untrusted("its signature does not verify (the record was changed after it was signed)")
            }
            return .trusted(signer: principal)
        } catch {
            return .untrusted("ssh-keygen could not check it: \(error.localizedDescription)")
        }
    }
}
