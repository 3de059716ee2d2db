import Foundation
import ProcessKit

/// A run's full log: everything it printed or kept back (every step's header and output,
/// prepush's notes, the table and the verdict), in a file of its own under the repository's git
/// directory (`.git/preflight/logs/prepush-<UTC time>-<pid>.log`), whose path the run's last lines
/// name. It outlives the run; the newest ``kept`` logs are kept, older ones removed when a new one
/// starts.
final class RunLog: Sendable {
    /// How many logs a repository keeps.
    static let kept = 10

    let path: String
    private let handle: Locked<FileHandle?>

    /// A new log in `folder` (made if missing); the oldest logs beyond ``kept`` are removed.
    init(folder: String, now: Date = Date(), pid: Int32 = getpid()) throws {
        let files = FileManager.default
        try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        path = folder + "/prepush-\(UTCTime.compact(now))-\(pid).log"
        guard files.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        handle = Locked(try FileHandle(forWritingTo: URL(fileURLWithPath: path)))
        Self.rotate(folder, keeping: Self.kept)
    }

    deinit { try? handle.current?.close() }

    /// Appends `text`; a write that fails ends the log (the run goes on).
    func append(_ text: String) {
        guard !text.isEmpty else { return }
        handle.withLock { handle in
            do {
                try handle?.write(contentsOf: Data(text.utf8))
            } catch {
                try? handle?.close()
                handle = nil
            }
        }
    }

    /// Removes all but the newest `keeping` logs of `folder` (their names sort by time).
    static func rotate(_ folder: String, keeping: Int) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix("prepush-") && $0.hasSuffix(".log") }.sorted()
        for name in names.dropLast(keeping) { try? FileManager.default.removeItem(atPath: folder + "/" + name) }
    }
}
