import Foundation

/// The operating system a check ran on, as a shared record names it: the distribution and its
/// version where the system describes itself in `/etc/os-release` (Linux: `debian 12`), else the
/// product and version its `SystemVersion.plist` names (macOS: `macOS 15.5`), else the version the
/// system reports. The compiler's target triple is part of the toolchain's identity, not of this.
enum PlatformIdentity {
    static func current(
        osRelease: String = "/etc/os-release",
        systemVersion: String = "/System/Library/CoreServices/SystemVersion.plist"
    ) -> String {
        if let data = FileManager.default.contents(atPath: osRelease) {
            var fields: [String: String] = [:]
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                guard let equals = line.firstIndex(of: "=") else { continue }
                // The quotes around a value dropped (no `CharacterSet` made per line: a hook's cost).
                var value = line[line.index(after: equals)...].unicodeScalars
                while let first = value.first, first == "\"" || first == "'" { value.removeFirst() }
                while let last = value.last, last == "\"" || last == "'" { value.removeLast() }
                fields[String(line[..<equals])] = String(Substring(value))
            }
            if let id = fields["ID"] {
                return [id, fields["VERSION_ID"] ?? fields["BUILD_ID"] ?? "-"].joined(separator: " ")
            }
        }
        if let data = FileManager.default.contents(atPath: systemVersion),
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
            let name = plist["ProductName"] as? String, let version = plist["ProductVersion"] as? String
        {
            // Major and minor: a security update does not change what a test sees.
            return name + " " + version.split(separator: ".").prefix(2).joined(separator: ".")
        }
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return "system \(version.majorVersion).\(version.minorVersion)"
    }
}
