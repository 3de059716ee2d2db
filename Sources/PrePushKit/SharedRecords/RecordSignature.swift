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
            // The principal read from the file where a line names the signature's key plainly;
            // ssh-keygen is asked where it takes more (patterns, certificate authorities).
            if let principal = Self.principal(of: signature, in: signers) {
                return try await verify(
                    entry, principal: principal, signers: signers, file: file, environment: environment)
            }
            var find = Command(
                "ssh-keygen", ["-Y", "find-principals", "-s", file, "-f", signers, "-n", namespace],
                environment: .custom(environment))
            find.standardError = .capture(limit: 1 << 16)
            find.timeout = .seconds(30)
            let found = try await find.run()
            guard found.succeeded, let principal = found.outputText.split(separator: "\n").first.map(String.init)
            else { return .untrusted("its signing key is not one of the allowed signers") }
            return try await verify(entry, principal: principal, signers: signers, file: file, environment: environment)
        } catch {
            return .untrusted("ssh-keygen could not check it: \(error.localizedDescription)")
        }
    }

    /// `ssh-keygen -Y verify` of `entry` as signed by `principal` (which also checks the line's
    /// options: `valid-after`, `valid-before`, `namespaces`).
    private static func verify(
        _ entry: SignedEntry, principal: String, signers: String, file: String, environment: [String: String]
    ) async throws -> Verification {
        var verify = Command(
            "ssh-keygen", ["-Y", "verify", "-f", signers, "-I", principal, "-n", namespace, "-s", file],
            environment: .custom(environment))
        verify.standardInput = .bytes(Array(entry.payload.utf8))
        verify.standardError = .capture(limit: 1 << 16)
        verify.timeout = .seconds(30)
        let verified = try await verify.run()
        guard verified.succeeded else {
            let said = verified.errorText
            if said.contains("not authorized") || said.contains("No principal matched") {
                return .untrusted("its signing key is not one of the allowed signers")
            }
            return .untrusted("its signature does not verify (the record was changed after it was signed)")
        }
        return .trusted(signer: principal)
    }

    /// The first principal of the allowed-signers line (in the file `signers`) whose key is the
    /// one that made `armour`, when that line names plain principals (no pattern); else `nil`.
    static func principal(of armour: String, in signers: String) -> String? {
        let body = armour.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        guard let blob = Data(base64Encoded: body), let key = publicKey(inSignature: [UInt8](blob)),
            let text = try? String(contentsOfFile: signers, encoding: .utf8)
        else { return nil }
        let wanted = Data(key).base64EncodedString()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard
                let keyField = fields.firstIndex(where: {
                    $0.hasPrefix("ssh-") || $0.hasPrefix("ecdsa-") || $0.hasPrefix("sk-")
                }),
                keyField + 1 < fields.count, fields[keyField + 1] == wanted, keyField >= 1
            else { continue }
            // Options between the principals and the key (`cert-authority` says the key signs
            // others' keys): ssh-keygen decides those.
            if keyField > 1 { return nil }
            let principals = fields[0].split(separator: ",")
            guard let first = principals.first, !fields[0].contains(where: { "*?!".contains($0) }) else { return nil }
            return String(first)
        }
        return nil
    }

    /// The public key blob of an SSHSIG signature (`"SSHSIG"`, a version, then the key as an SSH
    /// string), or `nil` when it is not one.
    static func publicKey(inSignature blob: [UInt8]) -> [UInt8]? {
        guard blob.count > 14, Array(blob[0..<6]) == Array("SSHSIG".utf8) else { return nil }
        let length = blob[10..<14].reduce(0) { $0 << 8 | Int($1) }
        guard length > 0, 14 + length <= blob.count else { return nil }
        return Array(blob[14..<(14 + length)])
    }
}
