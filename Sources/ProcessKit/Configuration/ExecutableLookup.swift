#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the file a command's executable name refers to, as `execvp` would.
enum ExecutableLookup {
    /// The search path `execvp` uses when `PATH` is unset.
    static let defaultSearchPath = "/usr/bin:/bin"

    /// Resolves `executable` to an absolute path.
    ///
    /// - A name containing `/` is a path; a relative one is taken from `workingDirectory`
    ///   (or the caller's working directory).
    /// - Any other name is looked for in each directory of `searchPath`, in order; the first
    ///   regular, executable file wins. Empty entries mean the current directory, as in POSIX.
    static func resolve(
        _ executable: String,
        searchPath: String?,
        workingDirectory: String?
    ) throws(ProcessError) -> String {
        let path = searchPath ?? defaultSearchPath
        if executable.isEmpty {
            throw .executableNotFound(name: executable, searchedDirectories: [])
        }
        if executable.contains("/") {
            let absolute = absolutePath(executable, relativeTo: workingDirectory)
            guard isExecutableFile(absolute) else {
                throw .executableNotFound(name: executable, searchedDirectories: [])
            }
            return absolute
        }
        let directories = path.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        for directory in directories {
            let base = directory.isEmpty ? "." : directory
            let candidate = absolutePath(base + "/" + executable, relativeTo: workingDirectory)
            if isExecutableFile(candidate) {
                return candidate
            }
        }
        throw .executableNotFound(name: executable, searchedDirectories: directories)
    }

    static func absolutePath(_ path: String, relativeTo directory: String?) -> String {
        if path.hasPrefix("/") { return path }
        let base = directory.map { absolutePath($0, relativeTo: nil) } ?? currentDirectory()
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    static func currentDirectory() -> String {
        guard let buffer = getcwd(nil, 0) else { return "." }
        defer { free(buffer) }
        return String(cString: buffer)
    }

    static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

extension Command {
    /// The absolute path `executable` would be run from: a name is looked up in `searchPath` (the
    /// `PATH` syntax) as `execvp` does, a path is taken as it is. `nil` when no executable file is
    /// there.
    public static func locate(_ executable: String, searchPath: String?) -> String? {
        try? ExecutableLookup.resolve(executable, searchPath: searchPath, workingDirectory: nil)
    }
}
