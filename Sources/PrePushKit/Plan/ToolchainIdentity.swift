import Foundation

/// Which Swift toolchain (and Xcode) a check would use, for the verified-tree cache, found without
/// running anything.
///
/// `swift --version` would say it exactly, but starting the driver costs 0.1–0.35 s here, more than
/// the rest of a re-push of a verified tree. The toolchain is identified instead by the real path
/// of the `swift` that PATH gives, the size and modification time of its compiler (changed by any
/// reinstall in place), and what selects a toolchain on macOS: `DEVELOPER_DIR`, `TOOLCHAINS` and
/// `xcode-select`'s link with its Xcode's `version.plist`.
enum ToolchainIdentity {
    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let fileManager = FileManager.default
        var parts: [String] = []
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        if let swift = path.split(separator: ":").lazy.map({ $0 + "/swift" })
            .first(where: { fileManager.isExecutableFile(atPath: $0) })
        {
            let real = URL(fileURLWithPath: swift).resolvingSymlinksInPath()
            parts.append(real.path)
            parts.append(stamp(real.deletingLastPathComponent().path + "/swift-frontend") ?? stamp(real.path) ?? "-")
        } else {
            parts.append("no swift on PATH")
        }
        parts.append(environment["DEVELOPER_DIR"] ?? "-")
        parts.append(environment["TOOLCHAINS"] ?? "-")
        let developer =
            environment["DEVELOPER_DIR"]
            ?? (try? fileManager.destinationOfSymbolicLink(atPath: "/var/db/xcode_select_link"))
        if let developer {
            parts.append(developer)
            parts.append(stamp(developer + "/../version.plist") ?? "-")
        }
        return parts.joined(separator: "\n")
    }

    /// Size and modification time of a file, or `nil` when it does not exist.
    private static func stamp(_ path: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? NSNumber, let date = attributes[.modificationDate] as? Date
        else { return nil }
        return "\(size) \(date.timeIntervalSince1970)"
    }
}
