import Foundation
import PreflightCore

/// What `prepush --print-config` prints: the effective settings of the folder it runs in, and in a
/// repository the packages and apps prepush finds (as committed at HEAD) with the configuration
/// file each one's check reads and the settings that differ from the root's.
package enum PrePushConfigurationReport {
    package static func render(flags: PrePushFlags, directory: String) async throws -> String {
        let options = try flags.options(in: directory)
        var object: [String: Any] = ["prepush": options.effectiveSettings]
        let git = GitRepository(root: directory)
        guard let root = try? await git.output(["rev-parse", "--show-toplevel"]), !root.isEmpty,
            let listing = try? await TreeListing.read("HEAD", in: GitRepository(root: root))
        else { return PrePushOptions.json(object) }
        let rootOptions = try flags.options(in: root)
        let layout = try RepositoryLayout.discover(listing, settings: rootOptions.layoutSettings)
        let rootSettings = rootOptions.effectiveSettings
        object["packages"] = try layout.units.map { unit -> [String: Any] in
            let folder = unit.folder(in: root)
            var entry: [String: Any] = [
                "path": unit.name, "kind": unit.kind.rawValue,
                "configurationFile": (flags.configurationFile ?? ConfigurationFile.find(from: folder)).map {
                    $0 as Any
                } ?? NSNull(),
            ]
            if FileManager.default.fileExists(atPath: folder) {
                let settings = try flags.options(in: folder).effectiveSettings
                let differing = settings.filter { key, value in
                    PrePushOptions.json(["value": value])
                        != PrePushOptions.json(["value": rootSettings[key] ?? NSNull()])
                }
                if !differing.isEmpty { entry["prepush"] = differing }
            }
            return entry
        }
        if !layout.fixtures.isEmpty { object["fixtures"] = layout.fixtures }
        return PrePushOptions.json(object)
    }
}
