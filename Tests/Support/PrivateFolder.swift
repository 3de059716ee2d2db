import Foundation

/// A folder reached through a symbolic link into `/private`, as macOS lays out `/var/folders/…`
/// (every `TMPDIR`) and `/tmp`: `logical` is the path through the link, `physical` the real one
/// that `git rev-parse --show-toplevel` prints and compilers record. Foundation's
/// `standardizedFileURL` turns `physical` into `logical` because `logical` exists.
///
/// On macOS a folder in `TMPDIR` is one already; so it is under scripts/mac-like-run.sh, whose
/// `TMPDIR` is reached through `/var/folders -> /private/var/folders` (then an unprivileged user has
/// the layout too). Elsewhere the layout is made: `/private/var/<name>` and a link `/var/<name>` to
/// it, which takes the right to write in `/` and `/var` (root; CI's container). ``make()`` says why
/// when it cannot.
package struct PrivateFolder: Sendable {
    package let logical: String
    package let physical: String

    /// Whether a layout can be made here, and if not why (for `.enabled(if:)`).
    package static let unavailableReason: String? = {
        switch make() {
        case .success(let folder):
            folder.remove()
            return nil
        case .failure(let reason): return reason.description
        }
    }()

    package struct Unavailable: Error, CustomStringConvertible {
        package var description: String
    }

    /// A new, empty folder with a `/private` physical path reached through a link.
    package static func make() -> Result<PrivateFolder, Unavailable> {
        let name = "preflight-private-" + UUID().uuidString
        let fileManager = FileManager.default
        let temporary = NSTemporaryDirectory()
        // TMPDIR already reached through a link into /private (asked of the system, not assumed).
        let spelled = temporary.hasSuffix("/") && temporary.count > 1 ? String(temporary.dropLast()) : temporary
        if let real = realPath(temporary), real.hasPrefix("/private/"), real != spelled {
            let logical = (temporary.hasSuffix("/") ? temporary : temporary + "/") + name
            do {
                try fileManager.createDirectory(atPath: logical, withIntermediateDirectories: true)
            } catch {
                return .failure(Unavailable(description: "cannot create \(logical): \(error)"))
            }
            guard let physical = realPath(logical), physical != logical else {
                return .failure(Unavailable(description: "\(logical) is not reached through a link"))
            }
            return .success(PrivateFolder(logical: logical, physical: physical))
        }
        let physical = "/private/var/" + name
        let logical = "/var/" + name
        do {
            try fileManager.createDirectory(atPath: physical, withIntermediateDirectories: true)
            try fileManager.createSymbolicLink(atPath: logical, withDestinationPath: physical)
        } catch {
            try? fileManager.removeItem(atPath: physical)
            return .failure(
                Unavailable(
                    description: "no /private layout here: cannot make \(physical) and the link \(logical) "
                        + "(needs write access to / and /var, as root in CI): \(error.localizedDescription)"))
        }
        return .success(PrivateFolder(logical: logical, physical: physical))
    }

    /// Removes the folder and, where this made it, the link.
    package func remove() {
        let fileManager = FileManager.default
        if (try? fileManager.destinationOfSymbolicLink(atPath: logical)) != nil {
            try? fileManager.removeItem(atPath: logical)
        }
        try? fileManager.removeItem(atPath: physical)
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
