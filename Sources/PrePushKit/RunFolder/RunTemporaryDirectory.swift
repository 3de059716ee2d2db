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
///
/// The name is predictable, so another user of the machine may have made it first: a folder is
/// used only when it is a real folder (not a link: `lstat`, `O_NOFOLLOW`) owned by this user, and
/// is kept at mode 0700; anything else at the name is left alone and the run takes a fresh
/// `mkdtemp` folder instead. Removal never follows a link.
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
            if let pid = Int32(entry.dropFirst(name.count + 1)), kill(pid, 0) != 0, errno == ESRCH,
                Self.isOwnFolder(base + "/" + entry)
            {
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
            let own = shared + "-\(getpid())"
            if Self.makeOwnFolder(own) {
                for entry in (try? FileManager.default.contentsOfDirectory(atPath: own)) ?? [] {
                    try? FileManager.default.removeItem(atPath: own + "/" + entry)
                }
                path = own
            } else {
                path = try Self.makeFreshFolder(base: base, name: name)
            }
            lockDescriptor = -1
        }
        _ = Self.live.withLock { $0.insert(path) }
        do {
            try Self.probe(path)
        } catch {
            remove()
            throw error
        }
    }

    /// The bytes the probe writes: a full file system fails it; one with a little room passes.
    static let probeSize = 64 << 10

    /// Writes and removes a file of ``probeSize`` bytes in `folder`, so that a full file system
    /// (`ENOSPC`), an exhausted quota or a read-only one is an error naming the folder before any
    /// step runs, not a build that "failed".
    static func probe(_ folder: String) throws(PrePushError) {
        let path = folder + "/.prepush-space-probe"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .temporaryFolderFull(folder, String(cString: strerror(errno))) }
        defer {
            close(descriptor)
            unlink(path)
        }
        let block = [UInt8](repeating: 0, count: probeSize)
        var written = 0
        while written < block.count {
            let count = block.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, block.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .temporaryFolderFull(folder, String(cString: strerror(errno))) }
            written += count
        }
        if fsync(descriptor) != 0, errno != EINVAL {
            throw .temporaryFolderFull(folder, String(cString: strerror(errno)))
        }
    }

    /// What is wrong with the space of the file system holding `folder`, when it is full (less
    /// than ``probeSize`` bytes, or no inode, left for this user); `nil` when there is room or
    /// nothing can be said. Asked after a step failed: a full `TMPDIR` is the cause, not the code.
    static func spaceProblem(at folder: String) -> String? {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return nil }
        let free = UInt64(info.f_bavail) * UInt64(info.f_frsize)
        if free < UInt64(probeSize) {
            return "\(String(cString: strerror(ENOSPC))): \(free) bytes free on its file system"
        }
        if info.f_files > 0, info.f_favail == 0 {
            return "\(String(cString: strerror(ENOSPC))): no inode free on its file system"
        }
        return nil
    }

    /// `TMPDIR`, or `/tmp`.
    static var systemTemporaryDirectory: String {
        let value = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
        return value.isEmpty ? "/tmp" : value
    }

    /// The open, exclusively locked folder at `path` (created if missing), or `nil` when another
    /// run holds it or what is at `path` is not this user's own folder. O_CLOEXEC: a step's
    /// processes must not inherit, and so hold, the lock.
    private static func lock(_ path: String) -> Int32? {
        for _ in 0..<3 {
            guard makeOwnFolder(path) else { return nil }
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            var opened = stat()
            guard fstat(descriptor, &opened) == 0, isOwn(opened), flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                close(descriptor)
                return nil
            }
            // The run before may have removed the folder between our open and our lock: then the
            // lock is on a folder that is gone, and the one at `path` is made again.
            var named = stat()
            if lstat(path, &named) == 0, opened.st_ino == named.st_ino, opened.st_dev == named.st_dev {
                return descriptor
            }
            close(descriptor)
        }
        return nil
    }

    /// Whether `info` describes a folder (not a link) that this user owns.
    private static func isOwn(_ info: stat) -> Bool {
        (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == geteuid()
    }

    /// Whether `path` is, without following a link, a folder this user owns.
    private static func isOwnFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && isOwn(info)
    }

    /// Makes `path` a folder of mode 0700, or finds one of this user's own there and makes sure
    /// of its mode (earlier versions made it with the umask's); `false` when something else is
    /// there: a link, a file, or another user's folder.
    private static func makeOwnFolder(_ path: String) -> Bool {
        if mkdir(path, 0o700) == 0 { return true }
        guard errno == EEXIST, isOwnFolder(path) else { return false }
        return chmod(path, 0o700) == 0
    }

    /// A new folder of mode 0700 with a random name beside the shared one, for a run whose
    /// shared name is taken by something that is not its own.
    private static func makeFreshFolder(base: String, name: String) throws(PrePushError) -> String {
        var template = Array((base + "/" + name + "-run-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw PrePushError.noTemporaryFolder(base, String(cString: strerror(errno))) }
        return String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
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
