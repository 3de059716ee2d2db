import Foundation

/// How scanners print paths in findings: relative to the folder a run is about (the current
/// directory of a command, as compilers do, so editors and CI resolve them; the checked package in
/// prepush), or absolute on request (`--absolute-paths`).
package struct PathDisplay: Sendable {
    let absolute: Bool
    /// The folder paths are shown relative to.
    let directory: String

    package init(absolute: Bool, relativeTo directory: String) {
        self.absolute = absolute
        self.directory = directory
    }

    /// `path` as it should be printed.
    package func path(_ path: String) -> String {
        if absolute {
            return path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
        }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
