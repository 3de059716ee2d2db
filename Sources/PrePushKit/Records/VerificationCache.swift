import Foundation
import PreflightCore

/// Trees that passed every step, kept under the git directory (`preflight/verified`), so pushing
/// the same tree again costs one `git rev-parse`. Only a tree that was checked exactly (its content
/// was what was built, before and after the run) is recorded.
struct VerificationCache: Sendable {
    let file: String

    init(gitDirectory: String) {
        file = gitDirectory + "/preflight/verified"
    }

    /// The key of a verification: the tree, and the toolchain and options that shaped the check.
    static func key(tree: String, fingerprint: String) -> String {
        tree + " " + StableHash.fnv1a64Hex(fingerprint)
    }

    /// The part of the key besides the tree.
    static func fingerprint(toolchain: String, options: String) -> String {
        toolchain + "\u{1D}" + options
    }

    /// The key of checking `tree` with the settings `fingerprint` stands for. When a pass depends on
    /// the base the added lines are measured against (`includesBase`: a diff-coverage gate), the
    /// remote's commit is part of the key, and without one there is no key: nothing is recorded.
    static func key(tree: String, fingerprint: String, remoteBase: String?, includesBase: Bool) -> String? {
        guard includesBase else { return key(tree: tree, fingerprint: fingerprint) }
        guard let remoteBase else { return nil }
        return key(tree: tree, fingerprint: fingerprint + "\u{1D}" + remoteBase)
    }

    /// Every key recorded, read once.
    func keys() -> Set<String> {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
        return Set(text.split(separator: "\n").map(String.init))
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
