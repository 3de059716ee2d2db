import Foundation

/// A folder of one test's own in `TMPDIR`, removed with everything in it when the last copy of
/// the value holding it is released: a suite instance at the end of its test, a fixture at the end
/// of the function that made it.
///
/// The end-to-end fixtures build packages of 50–260 MB each (`.build`, module caches); a suite
/// that left them behind grew by gigabytes a run until the disk the tests, the compilers and
/// CI's next jobs write on was full.
package final class TemporaryFolder: Sendable {
    /// The folder, as `NSTemporaryDirectory()` spells it (through `/var/folders` on macOS).
    package let path: String

    /// Makes the folder `TMPDIR/<prefix>-<UUID>`. A folder that cannot be made is not reported
    /// here: the test's first write into it fails, naming the path.
    package init(_ prefix: String) {
        path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { Self.remove(path) }

    /// Removes `path` and everything under it, also where a test took away its own right to
    /// list or write a folder (the permission tests do): such folders are given back to the
    /// owner first. Nothing is reported: what cannot be removed is left.
    package static func remove(_ path: String) {
        let fileManager = FileManager.default
        if (try? fileManager.removeItem(atPath: path)) != nil { return }
        restoreAccess(path)
        try? fileManager.removeItem(atPath: path)
    }

    /// Owner read, write and enter on `path` and every folder under it (links not followed).
    private static func restoreAccess(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
        chmod(path, status.st_mode & 0o7777 | S_IRWXU)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            restoreAccess(path + "/" + name)
        }
    }
}
