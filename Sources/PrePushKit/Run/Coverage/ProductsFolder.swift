import Foundation
import PreflightCore

extension CoverageCollector {
    /// SwiftPM's products folder for `configuration`, found without asking SwiftPM: every `swift
    /// build` keeps `<scratch path>/<configuration>` as a link to `<scratch path>/<triple>/<configuration>`.
    /// `swift build --show-bin-path` says the same but loads the package first (0.6–1 s here).
    /// `nil` when the link is not there (nothing built yet): ask SwiftPM then.
    static func productsFolder(scratchPath: String, configuration: String) -> String? {
        let link = URL(fileURLWithPath: scratchPath + "/" + configuration)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: link.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { return nil }
        return PhysicalRoot.physical(link.path)
    }
}
