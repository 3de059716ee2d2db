import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder one run owns, handed to every step as `TMPDIR`: what SwiftPM and the tests leave
/// behind (`TemporaryDirectory.*` folders of interrupted runs, lock files) lands there instead of
/// `/tmp`, and goes when the run ends, whether it passed, failed or was interrupted. It also marks
/// the run's processes (see ``LeftoverProcesses``).
///
/// The folder is `<git dir>/preflight/tmp`, the same for every run, because SwiftPM compiles the
/// package manifest again whenever its environment changes: a folder per run cost every build
/// 0.45 s (measured on a two-file package, `scripts/bench/prepush.sh`). A run holds an exclusive
/// `flock` on `tmp.lock` while it uses that folder; a second run at the same time gets
/// `tmp-<pid>` of its own.
final class RunTemporaryDirectory: Sendable {
    let path: String
    /// The locked `tmp.lock`, or -1 for a folder of the run's own.
    private let lockDescriptor: Int32

    /// Creates the folder, first removing what earlier runs that could not clean up (SIGKILL)
    /// left: the shared folder when the lock is free, `tmp-<pid>` folders whose process is gone.
    init(gitDirectory: String) throws {
        let parent = gitDirectory + "/preflight"
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix("tmp-") {
            if let pid = Int32(name.dropFirst("tmp-".count)), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(atPath: parent + "/" + name)
            }
        }
        // O_CLOEXEC: a step's processes must not inherit (and so hold) the lock.
        let descriptor = open(parent + "/tmp.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            path = parent + "/tmp"
            lockDescriptor = descriptor
        } else {
            if descriptor >= 0 { close(descriptor) }
            path = parent + "/tmp-\(getpid())"
            lockDescriptor = -1
        }
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        Self.live.insert(path)
    }

    /// Stops any process of the run still running (``LeftoverProcesses``), then removes the
    /// folder and everything in it, and lets the next run have the shared folder.
    func remove() {
        LeftoverProcesses.kill(usingTemporaryDirectory: path)
        try? FileManager.default.removeItem(atPath: path)
        Self.live.remove(path)
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    /// Removes every live run's folder: for a signal that arrives while no step is running, when
    /// the process exits at once.
    static func removeAll() {
        for path in live.paths {
            LeftoverProcesses.kill(usingTemporaryDirectory: path)
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    private static let live = LivePaths()

    private final class LivePaths: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Set<String> = []

        func insert(_ path: String) {
            lock.lock()
            stored.insert(path)
            lock.unlock()
        }

        func remove(_ path: String) {
            lock.lock()
            stored.remove(path)
            lock.unlock()
        }

        var paths: [String] {
            lock.lock()
            defer { lock.unlock() }
            return Array(stored)
        }
    }
}
