import Foundation
import PreflightCore

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
        // Asked in turn, the first that answers wins: `Bundle.main` costs a hook's run most.
        let reports: [() -> String?] = [
            SystemExecutablePath.reported, procSelfExecutable, { Bundle.main.executablePath },
        ]
        for report in reports {
            if let path = report(), let real = realPath(path) { return real }
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The path to bake into the hook: the one prepush was started by, links kept, when it leads to
    /// the running executable; else ``current()``.
    ///
    /// The rule: `argument0` with a `/` is that path (made absolute against `currentDirectory`,
    /// `.` and `..` removed lexically); a bare name is the first `PATH` entry with an executable of
    /// that name, as the shell found it. Links are not resolved: a Homebrew install runs
    /// `/opt/homebrew/bin/prepush`, a link into `Cellar/prepush/<version>/`, which `brew upgrade`
    /// and `brew cleanup` remove; the link stays. When that path does not lead to the running
    /// executable (another `PATH`, a renamed file), the executable's real path is baked.
    package static func asInvoked(argument0: String, searchPath: String?, currentDirectory: String) -> String {
        let running = current()
        var invoked: String?
        if argument0.contains("/") {
            invoked = StandardPath.absolute(argument0, relativeTo: currentDirectory)
        } else if !argument0.isEmpty {
            invoked = (searchPath ?? "").split(separator: ":", omittingEmptySubsequences: true).lazy
                .map { StandardPath.absolute(argument0, relativeTo: String($0)) }
                .first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        guard let invoked, invoked.hasPrefix("/"), realPath(invoked) == running else { return running }
        return invoked
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
