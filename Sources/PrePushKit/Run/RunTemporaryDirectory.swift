import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder one run owns, `<git dir>/preflight/tmp-<pid>`, handed to every step as `TMPDIR`: what
/// SwiftPM and the tests leave behind (`TemporaryDirectory.*` folders of interrupted runs, lock
/// files) lands there instead of `/tmp`, and goes when the run ends, whether it passed, failed or
/// was interrupted. It also marks the run's processes (see ``LeftoverProcesses``).
final class RunTemporaryDirectory: Sendable {
    let path: String

    /// Creates the folder, first removing those of earlier runs whose process is gone (a run
    /// killed with SIGKILL cannot clean up after itself).
    init(gitDirectory: String) throws {
        let parent = gitDirectory + "/preflight"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix("tmp-") {
            if let pid = Int32(name.dropFirst("tmp-".count)), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(atPath: parent + "/" + name)
            }
        }
        path = parent + "/tmp-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        Self.live.insert(path)
    }

    /// Stops any process of the run still running (``LeftoverProcesses``), then removes the
    /// folder and everything in it.
    func remove() {
        LeftoverProcesses.kill(usingTemporaryDirectory: path)
        try? FileManager.default.removeItem(atPath: path)
        Self.live.remove(path)
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
