/// The one rule for comparing a root folder with the paths tools record under it (llvm-cov,
/// xccov, `swift package describe`, git): both sides are physical paths (`realpath(3)`), compared
/// as strings.
///
/// Foundation's `URL.standardizedFileURL` and `resolvingSymlinksInPath()` are not used for this:
/// both strip a leading `/private` whenever the rest exists (swift-foundation's automount
/// prefixes, on Linux as on macOS), while git's `--show-toplevel` and the compilers record
/// `/private/var/…` for a repository in macOS's `/var/folders/…` or `/tmp`. A prefix built that
/// way matches nothing, and a coverage table built from it is empty.
package struct PhysicalRoot: Sendable, Equatable {
    /// The root's physical path (the lexical absolute path when the root does not exist).
    let path: String
    /// The root as given, made absolute and standardized lexically (no link resolved): a recorded
    /// path of a file that no longer exists can still match it as written.
    private let lexical: String

    /// `root` made absolute against the current directory when relative.
    package init(_ root: String) {
        lexical = StandardPath.absolute(root)
        path = StandardPath.resolved(lexical) ?? lexical
    }

    /// The physical path of `path` (absolute, or relative to the current directory): `realpath(3)`
    /// when it exists, else its lexical standardization.
    package static func physical(_ path: String) -> String {
        let lexical = StandardPath.absolute(path)
        return StandardPath.resolved(lexical) ?? lexical
    }

    /// `path` relative to the root (`""` for the root itself), or `nil` when it is outside. The
    /// path is compared as written first, then physically (links resolved), so `/var/x/a.swift`
    /// and `/private/var/x/a.swift` both match a root at `/private/var/x` when the file exists.
    package func relative(_ recorded: String) -> String? {
        let written = StandardPath.absolute(recorded)
        if let relative = Self.relative(written, under: path) ?? Self.relative(written, under: lexical) {
            return relative
        }
        guard let real = StandardPath.resolved(written), real != written else { return nil }
        return Self.relative(real, under: path)
    }

    /// The absolute physical path of a root-relative path (`Sources/A/a.swift`).
    package func absolute(_ relative: String) -> String {
        relative.isEmpty || relative == "." ? path : path == "/" ? "/" + relative : path + "/" + relative
    }

    private static func relative(_ path: String, under root: String) -> String? {
        if path == root { return "" }
        if root == "/" { return String(path.dropFirst()) }
        guard path.hasPrefix(root), path.dropFirst(root.count).first == "/" else { return nil }
        return String(path.dropFirst(root.count + 1))
    }
}
