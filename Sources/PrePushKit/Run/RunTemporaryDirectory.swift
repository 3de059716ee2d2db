import Foundation
import PreflightCore
import ProcessKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder one run owns, handed to every step as `TMPDIR`: what SwiftPM and the tests leave
/// behind (`TemporaryDirectory.*` folders of interrupted runs, lock files) lands there instead of
/// loose in `/tmp`, and goes when the run ends, whether it passed, failed or was interrupted. It
/// also marks the run's processes (see ``LeftoverProcesses``).
///
/// The folder is `$TMPDIR/preflight-<hash of the git directory>`: outside the repository, because a
/// package's tests make their scratch folders in `TMPDIR`, and inside the repository git and
/// `.preflight.json` lookups in them would find the package itself; the same for every run of a
/// repository, because SwiftPM compiles the package manifest again whenever its environment changes
/// (a folder per run cost every build 0.45 s, BENCHMARKS.md). A run holds an exclusive `flock` on
/// the folder while it uses it; a second run at the same time gets `…-<pid>` of its own.
final class RunTemporaryDirectory: Sendable {
    let path: String
    /// The folder, open and locked; -1 for a folder of the run's own.
    private let lockDescriptor: Int32

    /// Creates (or empties) the folder. Folders of the run's own that earlier runs killed with
    /// SIGKILL left are removed when their process is gone.
    init(
        gitDirectory: String, systemTemporaryDirectory: String = RunTemporaryDirectory.systemTemporaryDirectory
    )
        throws
    {
        let base =
            systemTemporaryDirectory.hasSuffix("/")
            ? String(systemTemporaryDirectory.dropLast()) : systemTemporaryDirectory
        let shared = base + "/preflight-" + StableHash.fnv1a64Hex(gitDirectory).prefix(12)
        let name = (shared as NSString).lastPathComponent
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
        where entry.hasPrefix(name + "-") {
            if let pid = Int32(entry.dropFirst(name.count + 1)), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(atPath: base + "/" + entry)
            }
        }
        if let descriptor = Self.lock(shared) {
            path = shared
            lockDescriptor = descriptor
            // What a run killed with SIGKILL left; the folder itself stays (it is what is locked).
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: shared)) ?? [] {
                try? FileManager.default.removeItem(atPath: shared + "/" + entry)
            }
        } else {
            path = shared + "-\(getpid())"
            lockDescriptor = -1
            try? FileManager.default.removeItem(atPath: path)
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        _ = Self.live.withLock { $0.insert(path) }
    }

    /// `TMPDIR`, or `/tmp`.
    static var systemTemporaryDirectory: String {
        let value = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
        return value.isEmpty ? "/tmp" : value
    }

    /// The open, exclusively locked folder at `path` (created if missing), or `nil` when another
    /// run holds it. O_CLOEXEC: a step's processes must not inherit, and so hold, the lock.
    private static func lock(_ path: String) -> Int32? {
        for _ in 0..<3 {
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                close(descriptor)
                return nil
            }
            // The run before may have removed the folder between our open and our lock: then the
            // lock is on a folder that is gone, and the one at `path` is made again.
            var opened = stat()
            var named = stat()
            if fstat(descriptor, &opened) == 0, stat(path, &named) == 0, opened.st_ino == named.st_ino,
                opened.st_dev == named.st_dev
            {
                return descriptor
            }
            close(descriptor)
        }
        return nil
    }

    /// Stops any process of the run still running (``LeftoverProcesses``), then removes the
    /// folder and everything in it, and lets the next run have it.
    func remove() {
        LeftoverProcesses.kill(usingTemporaryDirectory: path)
        try? FileManager.default.removeItem(atPath: path)
        _ = Self.live.withLock { $0.remove(path) }
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    /// Removes every live run's folder: for a signal that arrives while no step is running, when
    /// the process exits at once.
    static func removeAll() {
        for path in live.current {
            LeftoverProcesses.kill(usingTemporaryDirectory: path)
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// The folders of the runs in this process, for ``removeAll()``.
    private static let live = Locked<Set<String>>([])
}
