import Foundation
import PreflightCore

/// Where a check takes the allowed-signers file that decides which shared records it trusts: a
/// ref the pusher does not write in this push — the remote's default branch as this clone last
/// fetched it (`refs/remotes/origin/HEAD`), or the ref `git config preflight.trustAnchor` names —
/// and the path that ref's own `.preflight.json` names (`trustedVerifiers`), or the one `git config
/// preflight.trustedVerifiers` names (relative: in that ref's tree; absolute: a file on this
/// machine). Never the pushed commits, never a commit because the remote already has it: a
/// teammate who can push a commit cannot make it vouch for itself, and a change of the file (or of
/// the path) counts once it is on that ref.
struct TrustAnchor: Sendable, Equatable {
    /// The ref read, as git resolves it (`refs/remotes/origin/main`).
    var ref: String
    /// Its commit.
    var commit: String
    /// The allowed-signers file: a path in the ref's tree, or an absolute path on this machine.
    var path: String
    /// What named the path (`its .preflight.json`, `git config preflight.trustedVerifiers`).
    var pathSource: String
    /// The file's text.
    var signers: [UInt8]

    static let refKey = "preflight.trustAnchor"
    static let pathKey = "preflight.trustedVerifiers"

    /// One line for `--dry-run` and `--print-config`.
    var summary: String {
        let file = path.hasPrefix("/") ? path : "\(ref):\(path)"
        return "trusted signers from \(file) (\(ref) at \(commit.prefix(12)); the path from \(pathSource))"
    }

    /// An anchor, or why there is none (so that no record is trusted).
    enum Resolution: Sendable, Equatable {
        case anchored(TrustAnchor)
        case none(String)
    }

    /// The ref trust comes from and its commit, for a push to `remote` (a name or a URL; `nil` when
    /// none is known), or why there is none. The ref is looked up exactly (`git show-ref
    /// --verify`): git's short-name rules would take a tag named `refs/remotes/origin/main`, which
    /// anyone who can push a tag can make, for a missing remote-tracking ref.
    static func reference(
        repository: GitRepository, remote: String?
    ) async throws -> Result<
        (ref: String, commit: String), Refusal
    > {
        try await reference(repository: repository, remote: remote, config: try await settings(repository))
    }

    /// Why there is no anchor.
    struct Refusal: Error, Sendable, Equatable {
        var why: String
    }

    private static func reference(
        repository: GitRepository, remote: String?, config: [String: String]
    ) async throws -> Result<(ref: String, commit: String), Refusal> {
        let ref: String
        if let named = config[refKey] {
            guard named.hasPrefix("refs/") else {
                return .failure(Refusal(why: "\(refKey) is '\(named)': name the ref in full (refs/…)"))
            }
            ref = named
        } else {
            guard let remote, isRemoteName(remote) else {
                return .failure(
                    Refusal(
                        why: "the push goes to \(remote.map { "'\($0)'" } ?? "no remote"), not a named remote, so its "
                            + "default branch is not known (git config \(refKey) REF names the ref to trust)"))
            }
            guard
                let head = try? await repository.output(["symbolic-ref", "--quiet", "refs/remotes/\(remote)/HEAD"]),
                head.hasPrefix("refs/")
            else {
                return .failure(
                    Refusal(
                        why: "refs/remotes/\(remote)/HEAD is not set, so \(remote)'s default branch is not known here "
                            + "(git remote set-head \(remote) --auto sets it; or git config \(refKey) REF)"))
            }
            ref = head
        }
        // Exactly this ref: `show-ref --verify` takes no short name.
        let shown = try await repository.run(["show-ref", "--verify", "--hash", "--", ref])
        let object = shown.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard shown.succeeded, !object.isEmpty,
            let commit = try? await repository.output(["rev-parse", "--verify", "--quiet", object + "^{commit}"]),
            !commit.isEmpty
        else { return .failure(Refusal(why: "\(ref) is not here (git fetch brings it)")) }
        return .success((ref, commit))
    }

    /// The anchor of a check whose push goes to `remote` (a name or a URL; `nil` when none is known).
    static func resolve(repository: GitRepository, remote: String?) async throws -> Resolution {
        let config = try await settings(repository)
        let ref: String
        let commit: String
        switch try await reference(repository: repository, remote: remote, config: config) {
        case .failure(let refusal): return .none(refusal.why)
        case .success(let found): (ref, commit) = found
        }

        let path: String
        let pathSource: String
        if let configured = config[pathKey] {
            (path, pathSource) = (configured, "git config \(pathKey)")
        } else {
            let label = "\(ref):\(ConfigurationFile.fileName)"
            guard
                case .contents(let text) = try await repository.blobs(
                    [commit + ":" + ConfigurationFile.fileName], sizeLimit: 1 << 20
                ).first
            else { return .none("\(label) does not exist, so it names no trustedVerifiers") }
            let named: String?
            do {
                let file = try ConfigurationFile(data: Data(text), path: label)
                named = try SettingsResolver.resolve(PrePushOptions.self, file: file).trustedVerifiers
            } catch {
                return .none("\(label) cannot be read: \(error.localizedDescription)")
            }
            guard let named else { return .none("\(label) names no trustedVerifiers") }
            (path, pathSource) = (named, "the .preflight.json of \(ref)")
        }

        let signers: [UInt8]
        if path.hasPrefix("/") {
            guard let data = FileManager.default.contents(atPath: path), data.count <= 1 << 20 else {
                return .none("the allowed-signers file \(path) cannot be read")
            }
            signers = [UInt8](data)
        } else {
            switch try await repository.blobs([commit + ":" + path], sizeLimit: 1 << 20).first {
            case .contents(let text): signers = text
            case .tooLarge(let size): return .none("\(ref):\(path) is \(size) bytes, not an allowed-signers file")
            case .missing, nil: return .none("the allowed-signers file \(path) is not on \(ref)")
            }
        }
        if let line = AllowedSigners.firstInvalidLine(signers) {
            return .none(
                "\(path) on \(ref) is not an allowed-signers file: line \(line) is not "
                    + "'principals [options] key-type key'")
        }
        return .anchored(TrustAnchor(ref: ref, commit: commit, path: path, pathSource: pathSource, signers: signers))
    }

    /// The `preflight.*` keys of git's configuration (this repository's, the user's, the system's:
    /// none of them comes with a push).
    private static func settings(_ repository: GitRepository) async throws -> [String: String] {
        let result = try await repository.run(["config", "--null", "--get-regexp", #"^preflight\."#])
        var values: [String: String] = [:]
        for entry in (result.standardOutput?.bytes ?? []).split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            guard let newline = text.firstIndex(of: "\n") else { continue }
            // The last value wins, as with git config --get.
            values[String(text[..<newline]).lowercased()] = String(text[text.index(after: newline)...])
        }
        return [refKey: values[refKey.lowercased()], pathKey: values[pathKey.lowercased()]].compactMapValues { $0 }
    }

    /// Whether `remote` is a remote's name, not a URL or a path.
    private static func isRemoteName(_ remote: String) -> Bool {
        !remote.isEmpty && !remote.contains("/") && !remote.contains(":") && !remote.contains("\\")
            && remote != "." && !remote.contains(where: { "*?[".contains($0) })
    }
}
