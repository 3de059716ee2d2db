import Foundation
import PreflightCore
import ProcessKit

/// What shaped a check besides its content, as every machine names it alike: the part of a
/// verified-tree key and of each test target's key besides the content, and what a shared record
/// says it was checked with (``SharedRecord``). Two machines with the same toolchain, system,
/// options and environment give the same identity, wherever the repository is cloned.
struct SettingsIdentity: Sendable, Equatable, Codable {
    /// The compiler's version and target triple (``ToolchainIdentity/portable(environment:directory:identities:)``).
    var toolchain: String
    /// The operating system (``PlatformIdentity``).
    var platform: String
    /// The prepush settings that shape a check (configuration, test arguments, gates, steps,
    /// backend) and the Preflight and errorlint versions, hashed: they can hold anything.
    var options: String
    /// The values of the environment variables that can change what is built, hashed (a value can
    /// be a secret, and records are shared).
    var environment: String

    /// The identity as one string: what keys are made of.
    var fingerprint: String {
        VerificationCache.fingerprint(
            toolchain: toolchain + "\n" + platform, options: options + "\u{1D}" + environment)
    }

    /// How two identities differ, in words (`nil`: they do not).
    func difference(from other: SettingsIdentity) -> String? {
        if toolchain != other.toolchain {
            return "another toolchain (\(Self.oneLine(other.toolchain)); here \(Self.oneLine(toolchain)))"
        }
        if platform != other.platform {
            return "another platform (\(Self.oneLine(other.platform)); here \(Self.oneLine(platform)))"
        }
        if options != other.options { return "other options (the prepush settings, Preflight or errorlint version)" }
        if environment != other.environment { return "another environment (a variable the build reads differs)" }
        return nil
    }

    /// A field of this identity to print on one line: a record's comes from whoever pushed it, so
    /// any other control character is written visibly (``VisibleText``).
    static func oneLine(_ text: String) -> String {
        VisibleText.escaped(text.replacingOccurrences(of: "\n", with: " "))
    }

    /// A 128-bit hash of `text`, hex.
    static func hash(_ text: String) -> String {
        StableHash.fnv1a64Hex(text) + StableHash.fnv1a64Hex("\u{1}" + text)
    }

    /// errorlint as its `--version` names it, asked once per build of it (``AskedIdentities``); a
    /// missing errorlint is `missing`.
    static func errorlint(_ executable: String?, identities: AskedIdentities = .user) -> String {
        guard let executable else { return "missing" }
        let stamp = executable + "\n" + (AskedIdentities.stamp(executable) ?? "-")
        return identities.identity(stamp: stamp) {
            var command = Command(executable, ["--version"])
            command.timeout = .seconds(30)
            guard let result = try? command.runBlocking(), result.succeeded else { return nil }
            return "errorlint " + result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        } ?? "errorlint at " + stamp
    }
}
