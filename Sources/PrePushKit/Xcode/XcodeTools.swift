import Foundation

/// Finds Xcode's command-line tools on `PATH` before anything is run, so a missing Xcode is one
/// clear error rather than a failed step.
enum XcodeTools {
    static func require(_ names: [String], searchPath: String?) throws(XcodeBackendError) {
        let directories = (searchPath ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in names
        where !directories.contains(where: { FileManager.default.isExecutableFile(atPath: $0 + "/" + name) }) {
            throw .toolNotFound(name, searchedDirectories: directories)
        }
    }
}
