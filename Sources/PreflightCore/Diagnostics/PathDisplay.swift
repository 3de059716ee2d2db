import Foundation

/// How scanners print paths in findings: relative to the current directory (as compilers do, so
/// editors and CI resolve them), or absolute on request (`--absolute-paths`).
public struct PathDisplay: Sendable {
    public let absolute: Bool
    private let currentDirectory = FileManager.default.currentDirectoryPath

    public init(absolute: Bool) {
        self.absolute = absolute
    }

    /// `path` as it should be printed.
    public func path(_ path: String) -> String {
        if absolute {
            return path.hasPrefix("/") ? path : (currentDirectory as NSString).appendingPathComponent(path)
        }
        let prefix = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
