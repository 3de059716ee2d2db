import Foundation
import PreflightCore

/// Trees that passed every step, kept under the git directory (`preflight/verified`), so pushing
/// the same tree again costs one `git rev-parse`.
struct VerificationCache {
    let file: String

    init(gitDirectory: String) {
        file = gitDirectory + "/preflight/verified"
    }

    /// The key of a verification: the tree, the toolchain and the options that shaped the check.
    static func key(tree: String, toolchain: String, options: String) -> String {
        tree + " " + StableHash.fnv1a64Hex(toolchain + "\u{1D}" + options)
    }

    func contains(_ key: String) -> Bool {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return false }
        return text.split(separator: "\n").contains { $0 == key }
    }

    /// Adds `key`, keeping the most recent 200 entries.
    func record(_ key: String) {
        let existing = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        let kept = existing.split(separator: "\n").map(String.init).filter { $0 != key }.suffix(199) + [key]
        try? FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? (kept.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
    }
}
