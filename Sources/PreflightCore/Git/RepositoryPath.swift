/// A path relative to a repository's root, as layouts and project files name folders.
package enum RepositoryPath {
    /// `./Packages/Core/` as `Packages/Core`; `.` and `./` as the root, `""`; `a/../b` as `b` (a
    /// `..` that climbs out of the root is kept).
    package static func normalized(_ folder: String) -> String {
        var parts: [Substring] = []
        for part in folder.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty, parts.last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }
}
