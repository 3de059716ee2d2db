import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The running executable's absolute path, for baking into the hook and for finding errorlint
/// beside prepush.
///
/// The system's own answer, never `argv[0]`: run from `PATH` (after a Homebrew install, say),
/// `argv[0]` is a bare name that the current folder would turn into `<repository>/prepush`.
package enum ExecutablePath {
    /// The absolute path of the running executable, symbolic links resolved. In order: what the
    /// system reports (`_NSGetExecutablePath` on Darwin, `/proc/self/exe` where it exists), then
    /// `Bundle.main.executablePath`, and only when both are unavailable `argv[0]`.
    package static func current() -> String {
        let reported = [SystemExecutablePath.reported(), procSelfExecutable(), Bundle.main.executablePath]
        for case let path? in reported {
            if let real = realPath(path) { return real }
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The target of `/proc/self/exe` (Linux, and other systems with a Linux-style /proc), else `nil`.
    static func procSelfExecutable() -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }

    /// `path` made absolute with every symbolic link resolved (`realpath(3)`), or `nil` when it
    /// is relative or names nothing.
    static func realPath(_ path: String) -> String? {
        guard path.hasPrefix("/"), let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
