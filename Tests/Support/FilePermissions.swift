import Foundation

/// Whether file modes hold for this process: a file of mode 000 cannot be read. Not for root (nor
/// a process with `CAP_DAC_OVERRIDE`), which reads it all the same; a developer on a Mac, or CI as
/// an unprivileged user (scripts/mac-like-run.sh), is denied. Asked of the system with a probe
/// file in `TMPDIR`, not guessed from the user id, so a test asserts the branch that holds here.
package enum FilePermissions {
    package static let apply: Bool = {
        let probe = (NSTemporaryDirectory() as NSString).appendingPathComponent("permission-probe-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard
            FileManager.default.createFile(atPath: probe, contents: Data("x".utf8), attributes: [.posixPermissions: 0])
        else { return false }
        return FileManager.default.contents(atPath: probe) == nil
    }()

    /// For `.enabled(if:)`'s comment.
    package static let rootReadsEverything =
        "running as root, which reads every file whatever its mode; scripts/mac-like-run.sh runs this unprivileged"
}
