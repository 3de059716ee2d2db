import Foundation

/// A path as the system knows it, every link resolved: what `git rev-parse --show-toplevel`,
/// `getcwd` and prepush print. On macOS a folder in `TMPDIR` (`/var/folders/…`) is physically
/// `/private/var/folders/…`, so a test that made a file through `NSTemporaryDirectory()` compares
/// prepush's messages with this, not with the path it wrote. A path that does not exist yet keeps
/// its missing part as written, under its longest existing folder resolved.
package func physicalPath(_ path: String) -> String {
    var existing = path
    var rest: [String] = []
    while !existing.isEmpty, existing != "/" {
        if let pointer = realpath(existing, nil) {
            defer { free(pointer) }
            return ([String(cString: pointer)] + rest.reversed()).joined(separator: "/")
        }
        rest.append((existing as NSString).lastPathComponent)
        existing = (existing as NSString).deletingLastPathComponent
    }
    return path
}
