import Foundation
import PreflightCore
import ProcessKit

/// What a tool says of itself (the compiler's version and target, errorlint's version), asked once
/// per user and kept in the user's cache folder (`~/.cache/preflight/identities/` on Linux,
/// `~/Library/Caches/preflight/identities/` on macOS) under the tool's local stamp: its path, size
/// and modification time, which any reinstall changes. A fresh clone on a machine that has run
/// prepush before pays nothing; the first run with a new toolchain pays one `-print-target-info`.
///
/// The cache is the user's own (a second user on the machine asks again); an entry is one small
/// file written atomically, so two runs at once at worst both ask.
struct AskedIdentities: Sendable {
    /// The folder the entries are in.
    let folder: String

    init(folder: String) {
        self.folder = folder
    }

    /// The user's cache folder for identities (the system's answer for the caches folder).
    static var user: AskedIdentities {
        let caches =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?.path
            ?? NSTemporaryDirectory()
        return AskedIdentities(folder: caches + "/preflight/identities")
    }

    /// The identity kept under `stamp`, else `ask()`'s answer, kept when it is not `nil`.
    func identity(stamp: String, ask: () -> String?) -> String? {
        let file = folder + "/" + StableHash.fnv1a64Hex(stamp) + StableHash.fnv1a64Hex("\u{1}" + stamp)
        if let data = FileManager.default.contents(atPath: file) {
            let text = String(decoding: data, as: UTF8.self)
            // The stamp is kept with the answer: a hash collision is never taken for a match.
            if let split = text.range(of: "\n\u{1E}\n"), String(text[..<split.lowerBound]) == stamp {
                return String(text[split.upperBound...])
            }
        }
        guard let answer = ask() else { return nil }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? Data((stamp + "\n\u{1E}\n" + answer).utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        return answer
    }

    /// Size and modification time of a file, or `nil` when it does not exist.
    /// Read with `lstat` (a link's own, as `attributesOfItem` reads it), in the same words:
    /// `attributesOfItem` also looks up the owner's user and group names, reading `/etc/passwd`
    /// and `/etc/group` each time.
    static func stamp(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        // As Foundation makes the date (from the reference date: the same rounding, the same words).
        let modified = Date(
            timeIntervalSinceReferenceDate: TimeInterval(time.tv_sec) - Date.timeIntervalBetween1970AndReferenceDate
                + TimeInterval(time.tv_nsec) / 1_000_000_000)
        return "\(info.st_size) \(modified.timeIntervalSince1970)"
    }
}
